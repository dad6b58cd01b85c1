import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { newId } from "../lib/ids";
import { createDeps } from "../services/create-deps";

// Per-request dependencies, built once and read from c.var by routes.
export const init = createMiddleware<AppEnv>(async (c, next) => {
  const requestId = newId();
  c.set("requestId", requestId);
  c.set("deps", createDeps(c.env));
  c.header("X-Request-Id", requestId);
  await next();
});
