import { and, desc, eq, gte, inArray, isNull, lt } from "drizzle-orm";
import {
  EVALUATION_MAX_ROWS,
  type ResolveUnansweredInput,
  type UnansweredPage,
  type UnansweredQuery,
  type UnansweredQuestion,
} from "../../contract/evaluation";
import { chatTurns, chunks, datasets, dialogs } from "../../db/schema";
import { inChunks } from "../../lib/batches";
import { dataError } from "../../lib/errors";
import { wordsOf } from "../../lib/text";
import type { ServiceContext } from "../context";
import { ownDialogs } from "../chats/access";
import { dayRange } from "../chats/stats";
import { visibleDatasets } from "../scope/datasets";
import { turnScope } from "./scope";

// Questions count as the same when their words match: case, umlauts, ß and punctuation are ignored.
export const questionKey = (question: string) => wordsOf(question).join(" ") || question.trim().toLowerCase();

type Turn = { question: string; createTime: number; dialogId: string; resolvedChunkId: string | null };

const group = (turns: Turn[], chats: Map<string, { name: string; datasetIds: string[] }>) => {
  const groups = new Map<string, Turn[]>();
  for (const turn of turns) {
    const key = questionKey(turn.question);
    groups.set(key, [...(groups.get(key) ?? []), turn]);
  }
  return [...groups.values()].map((list): UnansweredQuestion => {
    const [latest] = list as [Turn, ...Turn[]];
    const chatIds = [...new Set(list.map((turn) => turn.dialogId))];
    return {
      question: latest.question,
      count: list.length,
      last_time: latest.createTime,
      chat_id: latest.dialogId,
      chat_name: chats.get(latest.dialogId)?.name ?? "",
      chats: chatIds.map((id) => ({ id, name: chats.get(id)?.name ?? "" })),
      dataset_ids: [...new Set(chatIds.flatMap((id) => chats.get(id)?.datasetIds ?? []))],
      // answered once every time it was asked has been resolved
      resolved_chunk_id: list.every((turn) => turn.resolvedChunkId) ? latest.resolvedChunkId : null,
    };
  });
};

// Questions whose retrieval found nothing above the threshold, grouped, most asked first.
export const listUnanswered = async (ctx: ServiceContext, query: UnansweredQuery): Promise<UnansweredPage> => {
  const range = dayRange(query);
  const turns = await ctx.db
    .select({
      question: chatTurns.question,
      createTime: chatTurns.createTime,
      dialogId: chatTurns.dialogId,
      resolvedChunkId: chatTurns.resolvedChunkId,
    })
    .from(chatTurns)
    .where(
      and(
        await turnScope(ctx, query.chat_id),
        eq(chatTurns.retrieved, 0),
        gte(chatTurns.createTime, range.fromMs),
        lt(chatTurns.createTime, range.endMs),
        query.include_resolved ? undefined : isNull(chatTurns.resolvedChunkId),
      ),
    )
    .orderBy(desc(chatTurns.createTime))
    .limit(EVALUATION_MAX_ROWS);
  const own = await ctx.db
    .select({ id: dialogs.id, name: dialogs.name, datasetIds: dialogs.datasetIds })
    .from(dialogs)
    .where(ownDialogs(ctx));
  const groups = group(turns, new Map(own.map((row) => [row.id, row])));
  groups.sort((a, b) => b.count - a.count || b.last_time - a.last_time);
  const start = (query.page - 1) * query.page_size;
  return { total: groups.length, items: groups.slice(start, start + query.page_size) };
};

// Marks the unanswered turns of a question as answered by a chunk of one of the team's knowledge bases.
export const resolveUnanswered = async (ctx: ServiceContext, input: ResolveUnansweredInput) => {
  const [chunk] = await ctx.db
    .select({ id: chunks.id })
    .from(chunks)
    .innerJoin(datasets, eq(datasets.id, chunks.datasetId))
    .where(and(eq(chunks.id, input.chunk_id), visibleDatasets(ctx)));
  if (!chunk) throw dataError(`Can't find this chunk ${input.chunk_id}`);
  const open = await ctx.db
    .select({ id: chatTurns.id, question: chatTurns.question })
    .from(chatTurns)
    .where(and(await turnScope(ctx, input.chat_id), eq(chatTurns.retrieved, 0), isNull(chatTurns.resolvedChunkId)))
    .limit(EVALUATION_MAX_ROWS);
  const key = questionKey(input.question);
  const ids = open.filter((turn) => questionKey(turn.question) === key).map((turn) => turn.id);
  if (ids.length === 0) throw dataError("No unanswered question matches `question`.");
  for (const part of inChunks(ids)) {
    await ctx.db.update(chatTurns).set({ resolvedChunkId: chunk.id }).where(inArray(chatTurns.id, part));
  }
  return { question: input.question, chunk_id: chunk.id, resolved: ids.length };
};
