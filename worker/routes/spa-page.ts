import type { Context } from "hono";
import type { AppEnv } from "../env";

const API_PATH = /^\/(api|v1)(\/|$)/;

// The SPA's pages (and the few public files not excluded in wrangler.toml's run_worker_first) pass through the
// worker so that they carry its security headers (worker/middleware/security-headers.ts); ASSETS answers an
// unknown path with index.html (not_found_handling). An unknown API path keeps the API's not-found envelope.
export const spaPage = (c: Context<AppEnv>) => {
  if (API_PATH.test(c.req.path)) return c.notFound();
  return c.env.ASSETS.fetch(c.req.raw);
};
