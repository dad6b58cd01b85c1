import { eq } from "drizzle-orm";
import type { AddQuestionsInput, QuestionItemInput, QuestionSource } from "../../contract/evaluation-sets";
import {
  type EvaluationQuestionRow,
  type EvaluationSetRow,
  evaluationQuestions,
  evaluationSets,
} from "../../db/schema";
import { inChunks, rowsPerInsert } from "../../lib/batches";
import { nowMs } from "../../lib/time";
import type { ServiceContext } from "../context";
import { getManageableSet } from "./access";
import { assertExpectations, assertRoomFor, itemLabel, questionRows } from "./expectations";
import { toQuestion } from "./serialize";

const QUESTION_COLUMNS = 11;

// Checked questions into the set, all in one batch (all or nothing).
export const insertQuestions = async (
  ctx: ServiceContext,
  set: EvaluationSetRow,
  items: QuestionItemInput[],
  source: QuestionSource,
): Promise<EvaluationQuestionRow[]> => {
  if (items.length === 0) return [];
  await assertRoomFor(ctx, set.id, items.length);
  const rows = questionRows(set.id, items, source);
  const [first, ...rest] = inChunks(rows, rowsPerInsert(QUESTION_COLUMNS)).map((part) =>
    ctx.db.insert(evaluationQuestions).values(part),
  );
  if (!first) return [];
  await ctx.db.batch([
    first,
    ...rest,
    ctx.db.update(evaluationSets).set({ updateTime: nowMs() }).where(eq(evaluationSets.id, set.id)),
  ]);
  return rows;
};

export const addQuestions = async (ctx: ServiceContext, setId: string, input: AddQuestionsInput) => {
  const set = await getManageableSet(ctx, setId);
  await assertExpectations(ctx, set, input.items, itemLabel);
  const rows = await insertQuestions(ctx, set, input.items, "manual");
  return { added: rows.length, items: rows.map(toQuestion) };
};
