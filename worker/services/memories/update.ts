import { count, eq } from "drizzle-orm";
import type { UpdateMemoryInput } from "../../contract/memories";
import { memories, memoryMessages, type MemoryRow } from "../../db/schema";
import { argumentError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import { nextFreeName } from "../../lib/unique-name";
import type { ServiceContext } from "../context";
import { getMemoryInTenant } from "./access";
import { defaultSystemPrompt, takenNames, typeBits, typeNames } from "./internal";
import { ownerName } from "./owner-name";
import { toMemoryView } from "./serialize";

type Patch = Partial<Omit<MemoryRow, "id" | "tenantId" | "createdBy" | "createTime">>;

// Only what differs from the stored memory is written. The embedding model and the types stay while the memory
// holds messages (RAGFlow: they decide how stored messages were indexed and extracted).
export const updateMemory = async (ctx: ServiceContext, id: string, input: UpdateMemoryInput) => {
  const current = await getMemoryInTenant(ctx, id);
  const patch: Patch = {};
  if (input.name !== undefined && input.name !== current.name) {
    const taken = (await takenNames(ctx, input.name)).filter((name) => name !== current.name);
    patch.name = nextFreeName(input.name, taken);
    patch.nameKey = patch.name.toLowerCase();
  }
  if (input.permissions && input.permissions !== current.permissions) patch.permissions = input.permissions;
  if (input.llm_id && input.llm_id !== current.llmId) patch.llmId = input.llm_id;
  if (input.embd_id && input.embd_id.trim() !== current.embdId.trim()) patch.embdId = input.embd_id.trim();
  if (input.memory_type) {
    const bits = typeBits(input.memory_type);
    if (bits !== current.memoryType) patch.memoryType = bits;
  }
  if (input.memory_size !== undefined && input.memory_size !== current.memorySize) patch.memorySize = input.memory_size;
  if (input.forgetting_policy && input.forgetting_policy !== current.forgettingPolicy)
    patch.forgettingPolicy = input.forgetting_policy;
  if (input.temperature !== undefined && input.temperature !== current.temperature)
    patch.temperature = input.temperature;
  if (input.avatar !== undefined && input.avatar !== current.avatar) patch.avatar = input.avatar;
  if (input.description !== undefined && input.description !== current.description)
    patch.description = input.description;
  if (input.system_prompt !== undefined && input.system_prompt !== current.systemPrompt)
    patch.systemPrompt = input.system_prompt;
  if (input.user_prompt !== undefined && input.user_prompt !== current.userPrompt) patch.userPrompt = input.user_prompt;
  if (!Object.keys(patch).length) return toMemoryView(current, await ownerName(ctx, current.createdBy));

  const locked = [patch.embdId !== undefined && "embd_id", patch.memoryType !== undefined && "memory_type"].filter(
    (field): field is string => !!field,
  );
  if (locked.length) {
    const [held] = await ctx.db.select({ n: count() }).from(memoryMessages).where(eq(memoryMessages.memoryId, id));
    if (held?.n)
      throw argumentError(`Can't update [${locked.map((f) => `'${f}'`).join(", ")}] when memory isn't empty.`);
  }
  if (
    patch.memoryType !== undefined &&
    patch.systemPrompt === undefined &&
    current.systemPrompt === defaultSystemPrompt(typeNames(current.memoryType))
  )
    patch.systemPrompt = defaultSystemPrompt(typeNames(patch.memoryType));

  const [row] = await ctx.db
    .update(memories)
    .set({ ...patch, updateTime: nowMs() })
    .where(eq(memories.id, id))
    .returning();
  const updated = row ?? current;
  return toMemoryView(updated, await ownerName(ctx, updated.createdBy));
};
