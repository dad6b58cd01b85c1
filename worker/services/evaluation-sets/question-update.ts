import { and, eq } from "drizzle-orm";
import { hasExpectation, QUESTION_NEEDS_EXPECTATION, type UpdateQuestionInput } from "../../contract/evaluation-sets";
import { evaluationQuestions } from "../../db/schema";
import { dataError } from "../../lib/errors";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { getManageableSet } from "./access";
import { assertExpectations } from "./expectations";
import { toQuestion } from "./serialize";

export const updateQuestion = async (
  ctx: ServiceContext,
  setId: string,
  questionId: string,
  input: UpdateQuestionInput,
) => {
  const set = await getManageableSet(ctx, setId);
  const current = await ctx.db.query.evaluationQuestions.findFirst({
    where: and(eq(evaluationQuestions.id, questionId), eq(evaluationQuestions.setId, set.id)),
  });
  if (!current) throw dataError(`The set has no question ${questionId}.`);
  const merged = {
    expected_doc_ids: input.expected_doc_ids ?? current.expectedDocIds,
    expected_chunk_ids: input.expected_chunk_ids ?? current.expectedChunkIds,
    expected_text: input.expected_text !== undefined ? input.expected_text : current.expectedText,
    relevance: input.relevance !== undefined ? input.relevance : current.relevance,
  };
  if (!hasExpectation(merged)) throw dataError(QUESTION_NEEDS_EXPECTATION);
  await assertExpectations(ctx, set, [merged], (_, field) => `\`${field}\``);
  const changes = {
    ...(input.question !== undefined && { question: input.question }),
    expectedDocIds: merged.expected_doc_ids,
    expectedChunkIds: merged.expected_chunk_ids,
    expectedText: merged.expected_text ?? null,
    relevance: merged.relevance ?? null,
    ...(input.reference_answer !== undefined && { referenceAnswer: input.reference_answer }),
    ...(input.source !== undefined && { source: input.source }),
    updateTime: nowMs(),
  };
  await ctx.db.update(evaluationQuestions).set(changes).where(eq(evaluationQuestions.id, current.id));
  return toQuestion({ ...current, ...changes });
};
