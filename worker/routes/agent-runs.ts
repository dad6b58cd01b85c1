import { Hono } from "hono";
import { DebugComponentSchema, ListRunLogsQuerySchema, RerunAgentSchema } from "../contract/agent-runs";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { jsonBodyAsDataError, queryParams } from "../middleware/validate";
import { componentInputForm, debugComponent } from "../services/agents/runs/debug-component";
import { getRunLog } from "../services/agents/runs/get-log";
import { listRunLogs } from "../services/agents/runs/list-logs";
import { prepareAgentRerun } from "../services/agents/runs/rerun";
import { rerunIngestionLogUnlessAgentRun } from "./agent-support";
import { answerRun } from "./agents";

// Per-run logs, rerun from a failed step and a single component's test (RAGFlow v0.27's paths).
export const agentRunRoutes = new Hono<AppEnv>()
  .post("/rerun", requireAuth, rerunIngestionLogUnlessAgentRun, jsonBodyAsDataError(RerunAgentSchema), async (c) => {
    const input = c.req.valid("json");
    return answerRun(c, await prepareAgentRerun(serviceContext(c), input), { ...input, return_trace: true });
  })
  .get("/:agentId/logs", requireAuth, queryParams(ListRunLogsQuerySchema), async (c) => {
    const { page, page_size } = c.req.valid("query");
    return ok(c, await listRunLogs(serviceContext(c), c.req.param("agentId"), page, page_size));
  })
  .get("/:agentId/logs/:messageId", requireAuth, async (c) =>
    ok(c, await getRunLog(serviceContext(c), c.req.param("agentId"), c.req.param("messageId"))),
  )
  .get("/:agentId/components/:componentId/input-form", requireAuth, async (c) =>
    ok(c, await componentInputForm(serviceContext(c), c.req.param("agentId"), c.req.param("componentId"))),
  )
  .post("/:agentId/components/:componentId/debug", requireAuth, jsonBodyAsDataError(DebugComponentSchema), async (c) =>
    ok(
      c,
      await debugComponent(serviceContext(c), c.req.param("agentId"), c.req.param("componentId"), c.req.valid("json")),
    ),
  );
