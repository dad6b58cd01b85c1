import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { recordRequest } from "../services/usage/requests";
import { depsOf } from "./deps";

// Counts every /api/v1 request that got as far as a known caller (session, API key or share link) for its
// team and UTC day, after the response: counting may fail, the request never does.
export const countRequests = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const tenantId = c.get("actor")?.tenantId;
  if (!tenantId) return;
  try {
    c.executionCtx.waitUntil(
      recordRequest(depsOf(c), tenantId).catch((error: unknown) => console.warn("request count failed", error)),
    );
  } catch {
    // no execution context (app.request in a unit test): nothing to count into
  }
});
