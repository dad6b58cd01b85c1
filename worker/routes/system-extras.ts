import { Hono } from "hono";
import type { AppEnv } from "../env";
import { dataError } from "../lib/errors";
import { ok } from "../lib/envelope";
import { requireAuth } from "../middleware/auth";

const LOG_LEVELS = new Set(["CRITICAL", "FATAL", "ERROR", "WARN", "WARNING", "INFO", "DEBUG", "NOTSET"]);
export const LOG_LEVELS_FIXED = "Buddy's Worker logs at one fixed level; per-package log levels cannot be set.";

// RAGFlow's reports on parts Buddy does not have: its OceanBase document store (Buddy keeps chunks in D1) and
// Python's per-package log levels (a Worker has none). Each answers as RAGFlow does where the part is absent.
export const systemExtraRoutes = new Hono<AppEnv>()
  .get("/oceanbase/status", requireAuth, (c) =>
    c.json({
      code: 500,
      message: "OceanBase is not in use.",
      data: { status: "error", message: "Failed to get OceanBase status: OceanBase is not in use." },
    }),
  )
  .get("/config/log", requireAuth, (c) => ok(c, {}))
  .put("/config/log", requireAuth, async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== "object" || !("pkg_name" in body) || !("level" in body)) {
      throw dataError("pkg_name and level are required");
    }
    const level = String(body.level ?? "");
    if (!LOG_LEVELS.has(level.trim().toUpperCase())) throw dataError(`Invalid log level: ${level}`);
    throw dataError(LOG_LEVELS_FIXED);
  });
