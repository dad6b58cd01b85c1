import { type Context, Hono } from "hono";
import type { SystemConfig } from "../contract/envelope";
import { SystemStatsQuerySchema } from "../contract/evaluation";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";
import { depsOf, serviceContext } from "../middleware/deps";
import { queryParams } from "../middleware/validate";
import { systemStats } from "../services/evaluation/system-stats";
import { checkHealth } from "../services/system/health";
import { systemStatus } from "../services/system/status";

// No envelope, HTTP 500 when a part is down (RAGFlow's health check); also served at its older /v1/system/healthz.
export const healthz = async (c: Context<AppEnv>) => {
  const report = await checkHealth(depsOf(c));
  return c.json(report, report.status === "ok" ? 200 : 500);
};

export const systemRoutes = new Hono<AppEnv>()
  .get("/ping", (c) => c.text("pong"))
  .get("/version", (c) => ok(c, `v${c.var.deps.config.version}`))
  .get("/config", (c) => {
    const config: SystemConfig = {
      registerEnabled: c.var.deps.config.registerEnabled,
      disablePasswordLogin: false,
    };
    return ok(c, config);
  })
  // RAGFlow's chat and agent usage statistics (see docs/evaluation.md)
  .get("/stats", requireAuth, queryParams(SystemStatsQuerySchema), async (c) =>
    ok(c, await systemStats(serviceContext(c), c.req.valid("query"))),
  )
  .get("/healthz", (c) => healthz(c))
  // RAGFlow's component report (see docs/api.md); signed-in callers only
  .get("/status", requireAuth, async (c) => ok(c, await systemStatus(depsOf(c))));
