import { and, asc, eq, sql, sum } from "drizzle-orm";
import type { AddMessageInput } from "../../contract/memories";
import { memoryMessages, type MemoryRow } from "../../db/schema";
import { eachChunk, inJsonList } from "../../lib/batches";
import { AppError, RetCode } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { memoriesInTenant } from "./access";
import { dateText } from "./internal";

const encoder = new TextEncoder();

// A turn as RAGFlow stores it, one text that search and agents read back.
export const turnContent = (userInput: string, agentResponse: string) =>
  `User Input: ${userInput}\nAgent Response: ${agentResponse}`;

// FIFO forgetting: while the memory holds more than memory_size bytes, its oldest turns go, forgotten ones first.
const keepWithinSize = async (ctx: ServiceContext, memory: MemoryRow) => {
  const [held] = await ctx.db
    .select({ bytes: sum(memoryMessages.contentBytes) })
    .from(memoryMessages)
    .where(eq(memoryMessages.memoryId, memory.id));
  let excess = Number(held?.bytes ?? 0) - memory.memorySize;
  if (excess <= 0) return;
  const oldest = await ctx.db
    .select({ id: memoryMessages.messageId, bytes: memoryMessages.contentBytes })
    .from(memoryMessages)
    .where(eq(memoryMessages.memoryId, memory.id))
    .orderBy(sql`${memoryMessages.forgetAt} IS NULL`, asc(memoryMessages.messageId));
  const drop: number[] = [];
  for (const row of oldest) {
    if (excess <= 0) break;
    drop.push(row.id);
    excess -= row.bytes;
  }
  await eachChunk(drop, (ids) =>
    ctx.db
      .delete(memoryMessages)
      .where(and(eq(memoryMessages.memoryId, memory.id), inJsonList(memoryMessages.messageId, ids))),
  );
};

// Stores the turn in every named memory the caller sees (others are skipped, as in RAGFlow). A session caller is
// the turn's user; an API key may name the end user it acts for.
export const addMessage = async (ctx: ServiceContext, input: AddMessageInput) => {
  const targets = await memoriesInTenant(ctx, input.memory_id);
  if (!targets.length) throw new AppError(RetCode.NOT_FOUND, "Some messages failed to add. Detail:Memory not found.");
  const content = turnContent(input.user_input, input.agent_response);
  const bytes = encoder.encode(content).length;
  const tooBig = targets.filter((memory) => bytes > memory.memorySize);
  if (tooBig.length)
    throw new AppError(
      RetCode.ARGUMENT_ERROR,
      `Some messages failed to add. Detail:${tooBig.map((m) => `Memory ${m.id} failed. Detail: the message (${bytes} bytes) is larger than memory_size (${m.memorySize} bytes).`).join("")}`,
    );
  const now = nowMs();
  const userId = ctx.actor.via === "api_key" ? (input.user_id ?? "") : ctx.actor.userId;
  for (const memory of targets) {
    await ctx.db.insert(memoryMessages).values({
      memoryId: memory.id,
      messageType: "raw",
      sourceId: 0,
      userId,
      agentId: input.agent_id,
      sessionId: input.session_id,
      content,
      contentBytes: bytes,
      validAt: dateText(now),
      status: true,
      createTime: now,
      updateTime: now,
    });
    await keepWithinSize(ctx, memory);
  }
  return "All add to task.";
};
