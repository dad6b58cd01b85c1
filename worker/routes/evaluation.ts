import { Hono } from "hono";
import {
  EvaluationStatsQuerySchema,
  FeedbackExportQuerySchema,
  FeedbackQuerySchema,
  ResolveUnansweredSchema,
  UnansweredQuerySchema,
} from "../contract/evaluation";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { jsonBodyAsDataError, queryParams } from "../middleware/validate";
import { exportFeedback } from "../services/evaluation/export";
import { listFeedback } from "../services/evaluation/feedback";
import { conversationHistory } from "../services/evaluation/history";
import { evaluationStats } from "../services/evaluation/stats";
import { listUnanswered, resolveUnanswered } from "../services/evaluation/unanswered";
import { listAlerts } from "../services/evaluation-sets/alerts";
import { evaluationRunRoutes, evaluationSetRoutes } from "./evaluation-sets";

// /evaluation: feedback across the caller's assistants, conversation histories, unanswered questions, stats,
// quality test sets and their runs
// (Buddy's design; see docs/evaluation.md).
export const evaluationRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/feedback", queryParams(FeedbackQuerySchema), async (c) =>
    ok(c, await listFeedback(serviceContext(c), c.req.valid("query"))),
  )
  .get("/feedback/export", queryParams(FeedbackExportQuerySchema), async (c) => {
    const file = await exportFeedback(serviceContext(c), c.req.valid("query"));
    return c.body(file.body, 200, {
      "Content-Type": file.type,
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.file)}`,
    });
  })
  .get("/conversations/:conversationId", async (c) =>
    ok(c, await conversationHistory(serviceContext(c), c.req.param("conversationId"))),
  )
  .get("/unanswered", queryParams(UnansweredQuerySchema), async (c) =>
    ok(c, await listUnanswered(serviceContext(c), c.req.valid("query"))),
  )
  .post("/unanswered/resolve", jsonBodyAsDataError(ResolveUnansweredSchema), async (c) =>
    ok(c, await resolveUnanswered(serviceContext(c), c.req.valid("json"))),
  )
  .get("/stats", queryParams(EvaluationStatsQuerySchema), async (c) =>
    ok(c, await evaluationStats(serviceContext(c), c.req.valid("query"))),
  )
  .route("/sets", evaluationSetRoutes)
  .route("/runs", evaluationRunRoutes)
  .get("/alerts", async (c) => ok(c, await listAlerts(serviceContext(c))));
