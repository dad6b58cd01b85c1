import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json/i;

// RAGFlow reads a request without a body as {} (api_utils._coerce_request_data): an SDK's DELETE with no payload
// sends "Content-Type: application/json" and nothing else, which is no malformed JSON.
export const emptyJsonBodyAsObject = createMiddleware<AppEnv>(async (c, next) => {
  const raw = c.req.raw;
  const bodyless = raw.body === null || c.req.header("Content-Length") === "0";
  if (
    bodyless &&
    raw.method !== "GET" &&
    raw.method !== "HEAD" &&
    JSON_MEDIA_TYPE.test(c.req.header("Content-Type") ?? "")
  ) {
    const headers = new Headers(raw.headers);
    headers.delete("Content-Length");
    c.req.raw = new Request(raw.url, { method: raw.method, headers, body: "{}" });
    c.set("emptyJsonBody", true);
  }
  return next();
});
