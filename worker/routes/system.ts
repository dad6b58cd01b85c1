import { Hono } from "hono";
import type { SystemConfig } from "../contract/envelope";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { depsOf } from "../middleware/deps";
import { checkHealth } from "../services/system/health";

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
  .get("/healthz", async (c) => {
    const report = await checkHealth(depsOf(c));
    return c.json(report, report.status === "ok" ? 200 : 500);
  });
