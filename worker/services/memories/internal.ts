import { and, eq, or } from "drizzle-orm";
import { MEMORY_TYPES, type MemoryTypeName } from "../../contract/memories";
import { memories } from "../../db/schema";
import { AppError, RetCode } from "../../lib/errors";
import { startsWith } from "../../lib/sql-match";
import type { ServiceContext } from "../context";

// RAGFlow's memory_type bit set: raw 1, semantic 2, episodic 4, procedural 8
export const typeBits = (types: readonly MemoryTypeName[]) =>
  types.reduce((bits, type) => bits | (1 << MEMORY_TYPES.indexOf(type)), 0);

export const typeNames = (bits: number): MemoryTypeName[] => MEMORY_TYPES.filter((_, i) => (bits & (1 << i)) !== 0);

// RAGFlow's "YYYY-MM-DD HH:MM:SS" (UTC here)
export const dateText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace("T", " ");

// RAGFlow answers an unknown or unseen memory with code 404 inside HTTP 200.
export const memoryNotFound = (id: string) => new AppError(RetCode.NOT_FOUND, `Memory '${id}' not found.`);
export const messageNotFound = (memoryId: string, messageId: string | number) =>
  new AppError(RetCode.NOT_FOUND, `Message '${messageId}' in memory '${memoryId}' not found.`);

const TYPE_GUIDES: Record<MemoryTypeName, string> = {
  raw: "",
  semantic: "- semantic: lasting facts, definitions and relations stated in the turn",
  episodic: "- episodic: events and experiences with when they happened",
  procedural: "- procedural: steps, methods and how-tos, with when they apply",
};

// The extraction prompt a memory starts with; a type change replaces it while it is still this default.
export const defaultSystemPrompt = (types: readonly MemoryTypeName[]) => {
  const guides = MEMORY_TYPES.filter((type) => types.includes(type) && TYPE_GUIDES[type]).map(
    (type) => TYPE_GUIDES[type],
  );
  if (!guides.length) return "Keep each conversation turn as it was said.";
  return [
    "You turn a conversation turn into memory items. Extract only these kinds:",
    ...guides,
    'Answer with JSON: for each kind a list of {"content", "valid_at", "invalid_at"}; times as "YYYY-MM-DD HH:MM:SS", "" when unknown.',
  ].join("\n");
};

// Names of the team's memories that a new "name" or "name(n)" could clash with.
export const takenNames = async (ctx: ServiceContext, name: string) => {
  const key = name.toLowerCase();
  const rows = await ctx.db
    .select({ name: memories.name })
    .from(memories)
    .where(
      and(
        eq(memories.tenantId, ctx.actor.tenantId),
        or(eq(memories.nameKey, key), startsWith(memories.nameKey, `${key}(`)),
      ),
    );
  return rows.map((row) => row.name);
};
