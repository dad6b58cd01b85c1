import { Hono } from "hono";
import {
  AddQuestionsSchema,
  ApplyRunSchema,
  CompareRunsQuerySchema,
  CreateEvaluationSetSchema,
  FromTrafficSchema,
  ListEvaluationSetsQuerySchema,
  PageQuerySchema,
  RemoveQuestionsSchema,
  StartRunSchema,
  UpdateEvaluationSetSchema,
  UpdateQuestionSchema,
} from "../contract/evaluation-sets";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { dataError } from "../lib/errors";
import { serviceContext } from "../middleware/deps";
import { jsonBodyNamingPath, queryParams } from "../middleware/validate";
import { applyRun } from "../services/evaluation-sets/apply";
import { compareRuns } from "../services/evaluation-sets/compare";
import { createEvaluationSet } from "../services/evaluation-sets/create";
import { questionFromTraffic } from "../services/evaluation-sets/from-traffic";
import { getEvaluationSet } from "../services/evaluation-sets/get";
import { importQuestions } from "../services/evaluation-sets/import";
import { listEvaluationSets } from "../services/evaluation-sets/list";
import { updateQuestion } from "../services/evaluation-sets/question-update";
import { addQuestions } from "../services/evaluation-sets/questions-add";
import { listQuestions } from "../services/evaluation-sets/questions-list";
import { removeQuestions } from "../services/evaluation-sets/questions-remove";
import { removeEvaluationSet } from "../services/evaluation-sets/remove";
import { getRun } from "../services/evaluation-sets/run-get";
import { listRuns } from "../services/evaluation-sets/run-list";
import { removeRun } from "../services/evaluation-sets/run-remove";
import { startRun } from "../services/evaluation-sets/run-start";
import { updateEvaluationSet } from "../services/evaluation-sets/update";

// /evaluation/sets: quality test sets, their questions and runs (docs/evaluation.md, "Test sets").
export const evaluationSetRoutes = new Hono<AppEnv>()
  .get("/", queryParams(ListEvaluationSetsQuerySchema), async (c) =>
    ok(c, await listEvaluationSets(serviceContext(c), c.req.valid("query"))),
  )
  .post("/", jsonBodyNamingPath(CreateEvaluationSetSchema), async (c) =>
    ok(c, await createEvaluationSet(serviceContext(c), c.req.valid("json"))),
  )
  .get("/:setId", async (c) => ok(c, await getEvaluationSet(serviceContext(c), c.req.param("setId"))))
  .put("/:setId", jsonBodyNamingPath(UpdateEvaluationSetSchema), async (c) =>
    ok(c, await updateEvaluationSet(serviceContext(c), c.req.param("setId"), c.req.valid("json"))),
  )
  .delete("/:setId", async (c) => ok(c, await removeEvaluationSet(serviceContext(c), c.req.param("setId"))))
  .get("/:setId/questions", queryParams(PageQuerySchema), async (c) =>
    ok(c, await listQuestions(serviceContext(c), c.req.param("setId"), c.req.valid("query"))),
  )
  .post("/:setId/questions", jsonBodyNamingPath(AddQuestionsSchema), async (c) =>
    ok(c, await addQuestions(serviceContext(c), c.req.param("setId"), c.req.valid("json"))),
  )
  .delete("/:setId/questions", jsonBodyNamingPath(RemoveQuestionsSchema), async (c) =>
    ok(c, await removeQuestions(serviceContext(c), c.req.param("setId"), c.req.valid("json"))),
  )
  .post("/:setId/questions/from-feedback", jsonBodyNamingPath(FromTrafficSchema), async (c) =>
    ok(c, await questionFromTraffic(serviceContext(c), c.req.param("setId"), c.req.valid("json"))),
  )
  .put("/:setId/questions/:questionId", jsonBodyNamingPath(UpdateQuestionSchema), async (c) =>
    ok(
      c,
      await updateQuestion(serviceContext(c), c.req.param("setId"), c.req.param("questionId"), c.req.valid("json")),
    ),
  )
  // multipart `file`: a .csv or .jsonl of questions
  .post("/:setId/import", async (c) => {
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("file");
    if (!(file instanceof File)) throw dataError("`file` is required (multipart/form-data).");
    return ok(c, await importQuestions(serviceContext(c), c.req.param("setId"), file));
  })
  .post("/:setId/runs", jsonBodyNamingPath(StartRunSchema), async (c) =>
    ok(c, await startRun(serviceContext(c), c.req.param("setId"), c.req.valid("json"))),
  )
  .get("/:setId/runs", queryParams(PageQuerySchema), async (c) =>
    ok(c, await listRuns(serviceContext(c), c.req.param("setId"), c.req.valid("query"))),
  );

// /evaluation/runs: one run, two compared, a run's settings applied.
export const evaluationRunRoutes = new Hono<AppEnv>()
  .get("/compare", queryParams(CompareRunsQuerySchema), async (c) =>
    ok(c, await compareRuns(serviceContext(c), c.req.valid("query"))),
  )
  .get("/:runId", async (c) => ok(c, await getRun(serviceContext(c), c.req.param("runId"))))
  .delete("/:runId", async (c) => ok(c, await removeRun(serviceContext(c), c.req.param("runId"))))
  .post("/:runId/apply", jsonBodyNamingPath(ApplyRunSchema), async (c) =>
    ok(c, await applyRun(serviceContext(c), c.req.param("runId"), c.req.valid("json"))),
  );
