import { and, eq, isNotNull } from "drizzle-orm";
import { EVAL_EXPECTED_IDS_MAX, type FromTrafficInput, type QuestionItemInput } from "../../contract/evaluation-sets";
import { EVALUATION_MAX_ROWS } from "../../contract/evaluation";
import { chatTurns, chunks, type EvaluationSetRow } from "../../db/schema";
import { inJsonList } from "../../lib/batches";
import { dataError } from "../../lib/errors";
import { citedIndexes } from "../../rag/chat/citations";
import type { ServiceContext } from "../context";
import { turnScope } from "../evaluation/scope";
import { questionKey } from "../evaluation/unanswered";
import { getManageableSet } from "./access";
import { assertExpectations } from "./expectations";
import { insertQuestions } from "./questions-add";
import { toQuestion } from "./serialize";

// The chunks an answer cited (all of its reference when it cited none).
const answerChunks = async (ctx: ServiceContext, turn: typeof chatTurns.$inferSelect) => {
  if (!turn.conversationId) return [];
  const conversation = await ctx.db.query.conversations.findFirst({
    where: (t, { eq: equals }) => equals(t.id, turn.conversationId as string),
  });
  if (!conversation) return [];
  const answered = conversation.messages.filter((message, i) => i > 0 && message.role === "assistant");
  const index = answered.findIndex((message) => message.id === turn.messageId);
  const reference = conversation.reference[index];
  if (!reference) return [];
  const cited = citedIndexes(answered[index]?.content ?? "").flatMap((i) => reference.chunks[i]?.id ?? []);
  return cited.length ? cited : reference.chunks.map((chunk) => chunk.id);
};

// Of these chunks, those in the set's bases.
const inSetBases = async (ctx: ServiceContext, set: EvaluationSetRow, ids: string[]) => {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select({ id: chunks.id })
    .from(chunks)
    .where(and(inJsonList(chunks.id, ids), inJsonList(chunks.datasetId, set.datasetIds)));
  const kept = new Set(rows.map((row) => row.id));
  return ids.filter((id) => kept.has(id)).slice(0, EVAL_EXPECTED_IDS_MAX);
};

const fromFeedback = async (ctx: ServiceContext, set: EvaluationSetRow, feedbackId: string, given?: string[]) => {
  const [turn] = await ctx.db
    .select()
    .from(chatTurns)
    .where(and(eq(chatTurns.id, feedbackId), await turnScope(ctx, undefined)));
  if (!turn) throw dataError(`\`feedback_id\`: no feedback ${feedbackId} of your assistants.`);
  return {
    question: turn.question.slice(0, 2000),
    expected: given ?? (await inSetBases(ctx, set, await answerChunks(ctx, turn))),
  };
};

const fromUnanswered = async (ctx: ServiceContext, set: EvaluationSetRow, question: string, given?: string[]) => {
  if (given) return { question, expected: given };
  const key = questionKey(question);
  const resolved = await ctx.db
    .select({ question: chatTurns.question, chunkId: chatTurns.resolvedChunkId })
    .from(chatTurns)
    .where(and(await turnScope(ctx, undefined), isNotNull(chatTurns.resolvedChunkId)))
    .limit(EVALUATION_MAX_ROWS);
  const match = resolved.find((turn) => questionKey(turn.question) === key);
  return { question, expected: await inSetBases(ctx, set, match?.chunkId ? [match.chunkId] : []) };
};

// A feedback row or an unanswered question as a test question in one step.
export const questionFromTraffic = async (ctx: ServiceContext, setId: string, input: FromTrafficInput) => {
  const set = await getManageableSet(ctx, setId);
  const { question, expected } = input.feedback_id
    ? await fromFeedback(ctx, set, input.feedback_id, input.expected_chunk_ids)
    : await fromUnanswered(ctx, set, input.unanswered_question ?? "", input.expected_chunk_ids);
  if (expected.length === 0)
    throw dataError("`expected_chunk_ids`: none of the answer's chunks is in the set's knowledge bases; pick them.");
  const item: QuestionItemInput = {
    question,
    expected_doc_ids: [],
    expected_chunk_ids: expected,
    expected_text: null,
    reference_answer: null,
  };
  await assertExpectations(ctx, set, [item], (_, field) => `\`${field}\``);
  const [row] = await insertQuestions(ctx, set, [item], input.feedback_id ? "feedback" : "unanswered");
  return toQuestion(row as NonNullable<typeof row>);
};
