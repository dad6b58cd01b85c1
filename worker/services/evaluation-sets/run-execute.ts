import { and, eq, inArray } from "drizzle-orm";
import * as v from "valibot";
import type { RetrievalSettings } from "../../contract/evaluation-sets";
import { RetrievalSchema } from "../../contract/retrieval";
import {
  type DialogRow,
  type EvaluationQuestionRow,
  type EvaluationResultRow,
  type EvaluationRunRow,
  dialogs,
  evaluationQuestions,
  evaluationResults,
  evaluationRuns,
  evaluationSets,
} from "../../db/schema";
import { inJsonList, rowsInChunks } from "../../lib/batches";
import { AppError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { EvaluationMessage } from "../../platform/queue";
import { citedIndexes } from "../../rag/chat/citations";
import { asDialogTenant } from "../chats/access";
import { answerQuestion } from "../chats/answer";
import type { Deps, ServiceContext } from "../context";
import { retrieve } from "../retrieval/retrieve";
import { factsFound, keyFacts } from "./answer-check";
import { correctnessOf, RANKED, runMetrics, scoreQuestion } from "./score";

// Questions per queue message: each message stays well inside a consumer's time, and a retried message redoes at
// most this many (questions already answered are skipped: one result row per question).
export const QUESTIONS_PER_MESSAGE = 20;
// with a tag filter, more of the ranking is read so that ten chunks with the tags remain
const TAGGED_WINDOW = 100;

const retrievalInput = (settings: RetrievalSettings, datasetIds: string[], question: string) =>
  v.parse(RetrievalSchema, {
    question,
    dataset_ids: datasetIds,
    page_size: settings.tag_ids?.length ? TAGGED_WINDOW : RANKED,
    similarity_threshold: settings.similarity_threshold,
    vector_similarity_weight: settings.vector_similarity_weight,
    top_k: settings.top_k,
    rerank_id: settings.rerank_id,
    keyword: settings.keyword,
    use_kg: settings.use_kg,
    cross_languages: settings.cross_languages,
  });

// The passages retrieval ranks for a question (the knowledge graph's summary chunk is no passage), through the
// one retrieval path; tag_ids keep chunks carrying one of the tags.
const rankedChunks = async (ctx: ServiceContext, run: EvaluationRunRow, datasetIds: string[], question: string) => {
  const { chunks } = await retrieve(ctx, retrievalInput(run.settings, datasetIds, question));
  const tags = new Set(run.settings.tag_ids ?? []);
  return chunks.filter((chunk) => chunk.document_id && (tags.size === 0 || chunk.tag_kwd.some((tag) => tags.has(tag))));
};

// The assistant answers the question alone; its facts are checked against the reference answer and its
// citations against the expected chunks.
const answerCheck = async (ctx: ServiceContext, dialog: DialogRow, question: EvaluationQuestionRow) => {
  const history = [{ role: "user" as const, content: question.question }];
  let done: { answer: string; chunks: { id: string; document_id: string; content: string }[] } | null = null;
  for await (const event of answerQuestion(asDialogTenant(ctx, dialog), { dialog, history, values: {}, docIds: [] })) {
    if ("done" in event) done = { answer: event.done.answer, chunks: event.done.reference.chunks };
  }
  const answer = done?.answer ?? "";
  const cited = citedIndexes(answer).flatMap((i) => done?.chunks[i] ?? []);
  const correct = correctnessOf(question);
  const facts = keyFacts(question.referenceAnswer ?? "");
  return {
    answer,
    answerFactsFound: factsFound(facts, answer),
    answerFactsTotal: facts.length,
    citations: cited.length,
    correctCitations: cited.filter(correct).length,
  };
};

const resultOf = async (
  ctx: ServiceContext,
  run: EvaluationRunRow,
  datasetIds: string[],
  dialog: DialogRow | null,
  question: EvaluationQuestionRow,
): Promise<EvaluationResultRow> => {
  const scored = scoreQuestion(question, await rankedChunks(ctx, run, datasetIds, question.question));
  const answered = dialog && question.referenceAnswer ? await answerCheck(ctx, dialog, question) : null;
  return {
    runId: run.id,
    questionId: question.id,
    position: run.questionIds.indexOf(question.id),
    question: question.question,
    ...scored,
    answer: answered?.answer ?? null,
    answerFactsFound: answered?.answerFactsFound ?? null,
    answerFactsTotal: answered?.answerFactsTotal ?? null,
    citations: answered?.citations ?? null,
    correctCitations: answered?.correctCitations ?? null,
  };
};

const finish = (deps: Deps, runId: string, values: Partial<EvaluationRunRow>) =>
  deps.db
    .update(evaluationRuns)
    .set({ ...values, updateTime: nowMs(), finishTime: nowMs() })
    .where(and(eq(evaluationRuns.id, runId), inArray(evaluationRuns.status, ["queued", "running"])));

export const failRun = (deps: Deps, runId: string, reason: string) =>
  finish(deps, runId, { status: "failed", error: reason.slice(0, 2000) });

// Questions of the run still without a result (removed questions are skipped), in the run's order.
const pendingQuestions = async (deps: Deps, run: EvaluationRunRow) => {
  const done = await deps.db
    .select({ id: evaluationResults.questionId })
    .from(evaluationResults)
    .where(eq(evaluationResults.runId, run.id));
  const answered = new Set(done.map((row) => row.id));
  const open = run.questionIds.filter((id) => !answered.has(id));
  const rows = await rowsInChunks(open, (part) =>
    deps.db
      .select()
      .from(evaluationQuestions)
      .where(and(eq(evaluationQuestions.setId, run.setId), inJsonList(evaluationQuestions.id, part))),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { answered: answered.size, pending: open.flatMap((id) => byId.get(id) ?? []) };
};

// One slice of a run from the queue: the next questions, each result written as it is made (progress after each),
// then the next message, or the metrics over every result when none is left.
export const runEvaluationSlice = async (deps: Deps, message: EvaluationMessage) => {
  const run = await deps.db.query.evaluationRuns.findFirst({
    where: and(eq(evaluationRuns.id, message.runId), eq(evaluationRuns.tenantId, message.tenantId)),
  });
  if (!run || run.status === "done" || run.status === "failed") return;
  const set = await deps.db.query.evaluationSets.findFirst({ where: eq(evaluationSets.id, run.setId) });
  if (!set) return;
  const ctx: ServiceContext = {
    ...deps,
    actor: { userId: run.createdBy, tenantId: run.tenantId, role: "normal", via: "job", sessionId: null },
  };
  await deps.db
    .update(evaluationRuns)
    .set({ status: "running", updateTime: nowMs() })
    .where(and(eq(evaluationRuns.id, run.id), eq(evaluationRuns.status, "queued")));
  const chatId = run.settings.chat_id;
  const dialog = chatId
    ? ((await deps.db.query.dialogs.findFirst({
        where: and(eq(dialogs.id, chatId), eq(dialogs.tenantId, run.tenantId)),
      })) ?? null)
    : null;
  if (chatId && !dialog) return failRun(deps, run.id, `The assistant ${chatId} no longer exists.`);
  const { answered, pending } = await pendingQuestions(deps, run);
  const total = answered + pending.length;
  let finished = answered;
  try {
    for (const question of pending.slice(0, QUESTIONS_PER_MESSAGE)) {
      const result = await resultOf(ctx, run, set.datasetIds, dialog, question);
      await deps.db.insert(evaluationResults).values(result).onConflictDoNothing();
      finished++;
      await deps.db
        .update(evaluationRuns)
        .set({ progress: total ? finished / total : 1, updateTime: nowMs() })
        .where(and(eq(evaluationRuns.id, run.id), eq(evaluationRuns.status, "running")));
    }
  } catch (error) {
    // refusals (a rerank model not set up, bases with different embedding models) fail the same way each time
    if (error instanceof AppError) return failRun(deps, run.id, error.message);
    throw error;
  }
  if (pending.length > QUESTIONS_PER_MESSAGE) return deps.queue.send(message);
  const results = await deps.db.select().from(evaluationResults).where(eq(evaluationResults.runId, run.id));
  await finish(deps, run.id, { status: "done", progress: 1, metrics: runMetrics(results) });
};
