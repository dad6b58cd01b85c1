import type { NotFoundHandler } from "hono";
import type { AppEnv } from "../env";
import { RetCode } from "../lib/errors";

type Route = { method: string; path: string };

const METHOD_NOT_ALLOWED = "<MethodNotAllowed '405: Method Not Allowed'>";

const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z_]\w*/g, "[^/]+")}/?$`);

// An API path that a route serves under another method answers as RAGFlow's router does: code 100 with Werkzeug's
// 405 line, HTTP 200. Wildcard routes (the SPA's, middleware) say nothing about a path.
export const methodNotAllowedOr = (routes: readonly Route[], notFound: NotFoundHandler<AppEnv>) => {
  let patterns: { method: string; pattern: RegExp }[] | null = null;
  const handler: NotFoundHandler<AppEnv> = (c) => {
    const path = c.req.path;
    if (path.startsWith("/api/v1/")) {
      patterns ??= routes
        .filter((route) => route.method !== "ALL" && !route.path.includes("*"))
        .map((route) => ({ method: route.method, pattern: patternOf(route.path) }));
      if (patterns.some(({ method, pattern }) => method !== c.req.method && pattern.test(path))) {
        return c.json({ code: RetCode.EXCEPTION_ERROR, message: METHOD_NOT_ALLOWED }, 200);
      }
    }
    return notFound(c);
  };
  return handler;
};
