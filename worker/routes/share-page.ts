import type { Context } from "hono";
import type { AppEnv } from "../env";
import { sharePagePolicy } from "../lib/content-security-policy";
import { depsOf } from "../middleware/deps";
import { frameAncestorsFor } from "../services/share/guard";

export const SHARE_PAGES = ["/chat/share", "/agent/share", "/next-search/share"] as const;

// A share page is the SPA's page, served through the worker so that the share token's allowed origins
// become the page's frame-ancestors: only those sites can embed it in an iframe. The rest of its policy is the app's.
export const sharePage = async (c: Context<AppEnv>) => {
  const page = await c.env.ASSETS.fetch(new Request(new URL("/", c.req.url)));
  const ancestors = await frameAncestorsFor(depsOf(c), c.req.query("auth") ?? null);
  const headers = new Headers(page.headers);
  headers.set("Content-Security-Policy", sharePagePolicy(ancestors));
  headers.set("Cache-Control", "no-store");
  return new Response(page.body, { status: page.status, headers });
};
