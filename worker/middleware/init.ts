import { createMiddleware } from "hono/factory";
import { createDb } from "../db/client";
import type { AppEnv } from "../env";
import { readConfig } from "../lib/config";
import { newId } from "../lib/ids";
import { createR2BlobStore } from "../platform/storage";

// Per-request dependencies, built once and read from c.var by routes.
export const init = createMiddleware<AppEnv>(async (c, next) => {
  const requestId = newId();
  c.set("requestId", requestId);
  c.set("db", createDb(c.env.DB));
  c.set("config", readConfig(c.env));
  c.set("storage", createR2BlobStore(c.env.FILES));
  c.header("X-Request-Id", requestId);
  await next();
});
