import { and, count, eq } from "drizzle-orm";
import { EVAL_QUESTIONS_PER_SET, type QuestionItemInput, type QuestionSource } from "../../contract/evaluation-sets";
import {
  chunks,
  documents,
  type EvaluationQuestionRow,
  type EvaluationSetRow,
  evaluationQuestions,
} from "../../db/schema";
import { inJsonList, rowsInChunks } from "../../lib/batches";
import { dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";

type Expectation = Pick<QuestionItemInput, "expected_doc_ids" | "expected_chunk_ids" | "relevance">;

// ids bound as JSON lists: one parameter per slice, so slices can be large
const ID_SLICE = 1000;

const idsIn = async (ctx: ServiceContext, table: typeof documents | typeof chunks, ids: string[], bases: string[]) => {
  const found = await rowsInChunks(
    [...new Set(ids)],
    (part) =>
      ctx.db
        .select({ id: table.id })
        .from(table)
        .where(and(inJsonList(table.id, part), inJsonList(table.datasetId, bases))),
    ID_SLICE,
  );
  return new Set(found.map((row) => row.id));
};

// What is wrong with each item's expectation, or null: every expected document and chunk must lie in one of the
// set's bases, and graded relevance may only grade expected ids. `label` names the field in the message.
export const expectationProblems = async (
  ctx: ServiceContext,
  set: EvaluationSetRow,
  items: Expectation[],
  label: (i: number, field: string) => string,
) => {
  const docs = await idsIn(
    ctx,
    documents,
    items.flatMap((item) => item.expected_doc_ids),
    set.datasetIds,
  );
  const chunkIds = await idsIn(
    ctx,
    chunks,
    items.flatMap((item) => item.expected_chunk_ids),
    set.datasetIds,
  );
  return items.map((item, i) => {
    const doc = item.expected_doc_ids.find((id) => !docs.has(id));
    if (doc) return `${label(i, "expected_doc_ids")}: the document ${doc} is not in the set's knowledge bases.`;
    const chunk = item.expected_chunk_ids.find((id) => !chunkIds.has(id));
    if (chunk) return `${label(i, "expected_chunk_ids")}: the chunk ${chunk} is not in the set's knowledge bases.`;
    const expected = new Set([...item.expected_doc_ids, ...item.expected_chunk_ids]);
    const stray = Object.keys(item.relevance ?? {}).find((id) => !expected.has(id));
    return stray ? `${label(i, "relevance")}: ${stray} is neither an expected document nor chunk.` : null;
  });
};

// The first offender refuses the whole request, named `items[i].field` (or `field` for one question).
export const assertExpectations = async (
  ctx: ServiceContext,
  set: EvaluationSetRow,
  items: Expectation[],
  label: (i: number, field: string) => string,
) => {
  const problem = (await expectationProblems(ctx, set, items, label)).find((found) => found !== null);
  if (problem) throw dataError(problem);
};

export const itemLabel = (i: number, field: string) => `\`items[${i}].${field}\``;

export const assertRoomFor = async (ctx: ServiceContext, setId: string, adding: number) => {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(evaluationQuestions)
    .where(eq(evaluationQuestions.setId, setId));
  if ((row?.n ?? 0) + adding > EVAL_QUESTIONS_PER_SET)
    throw dataError(`A set holds at most ${EVAL_QUESTIONS_PER_SET} questions (it has ${row?.n ?? 0}).`);
};

// New rows, one millisecond apart so that the set lists them in the order given.
export const questionRows = (setId: string, items: QuestionItemInput[], source: QuestionSource) => {
  const now = nowMs();
  return items.map(
    (item, i): EvaluationQuestionRow => ({
      id: newId(),
      setId,
      question: item.question,
      expectedDocIds: item.expected_doc_ids,
      expectedChunkIds: item.expected_chunk_ids,
      expectedText: item.expected_text ?? null,
      relevance: item.relevance ?? null,
      referenceAnswer: item.reference_answer ?? null,
      source: item.source ?? source,
      createTime: now + i,
      updateTime: now + i,
    }),
  );
};
