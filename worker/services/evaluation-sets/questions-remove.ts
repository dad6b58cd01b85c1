import { and, eq } from "drizzle-orm";
import type { RemoveQuestionsInput } from "../../contract/evaluation-sets";
import { evaluationQuestions } from "../../db/schema";
import { eachChunk, inJsonList, rowsInChunks } from "../../lib/batches";
import type { ServiceContext } from "../context";
import { getManageableSet } from "./access";

// Removes the set's questions among `ids`; ids it does not hold are reported, the rest go.
export const removeQuestions = async (ctx: ServiceContext, setId: string, input: RemoveQuestionsInput) => {
  const set = await getManageableSet(ctx, setId);
  const inSet = (part: string[]) =>
    and(eq(evaluationQuestions.setId, set.id), inJsonList(evaluationQuestions.id, part));
  const found = await rowsInChunks(input.ids, (part) =>
    ctx.db.select({ id: evaluationQuestions.id }).from(evaluationQuestions).where(inSet(part)),
  );
  const present = new Set(found.map((row) => row.id));
  await eachChunk([...present], (part) => ctx.db.delete(evaluationQuestions).where(inSet(part)));
  const errors = input.ids.filter((id) => !present.has(id)).map((id) => `The set has no question ${id}.`);
  return { success_count: present.size, errors };
};
