import type { Context } from "hono";
import type { AppEnv } from "../env";
import { depsOf } from "../middleware/deps";

// The caller's address for per-address limits. On Cloudflare the edge sets CF-Connecting-IP and overwrites what a
// client sends; under wrangler dev (LOCAL_STACK) nothing does, so every local caller counts as one address.
// X-Forwarded-For is never trusted: any client can write it.
export const clientAddress = (c: Context<AppEnv>) =>
  depsOf(c).config.localStack ? "local" : c.req.header("CF-Connecting-IP")?.trim() || "unknown";
