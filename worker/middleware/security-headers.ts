import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { API_DOCS_POLICY, API_POLICY, APP_POLICY } from "../lib/content-security-policy";

const policyFor = (path: string) => {
  if (path === "/api/docs") return API_DOCS_POLICY;
  if (path.startsWith("/api/") || path.startsWith("/v1/")) return API_POLICY;
  return APP_POLICY;
};

// Every worker response gets its kind's Content-Security-Policy unless its route set one (share pages set theirs).
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  // a response passed on from a binding (ASSETS, R2) has immutable headers: a copy gets them
  const response = new Response(c.res.body, c.res);
  if (!response.headers.has("Content-Security-Policy"))
    response.headers.set("Content-Security-Policy", policyFor(c.req.path));
  response.headers.set("X-Content-Type-Options", "nosniff");
  c.res = undefined;
  c.res = response;
});
