import type { Context } from "hono";
import type { AppEnv } from "../env";
import { sharePagePolicy } from "../lib/content-security-policy";
import { sha256Hex } from "../lib/crypto";
import { depsOf } from "../middleware/deps";
import { frameAncestorsFor } from "../services/share/guard";

export const SHARE_PAGES = ["/chat/share", "/agent/share", "/next-search/share"] as const;

// A share page is the SPA's page, served through the worker so that the share token's allowed origins
// become the page's frame-ancestors: only those sites can embed it in an iframe. The rest of its policy is the app's.
// Browsers revalidate it on every load (the link's origins may change): its ETag covers the built page and the
// policy, so an unchanged page costs a 304 without a body.
export const sharePage = async (c: Context<AppEnv>) => {
  const page = await c.env.ASSETS.fetch(new Request(new URL("/", c.req.url)));
  const policy = sharePagePolicy(await frameAncestorsFor(depsOf(c), c.req.query("auth") ?? null));
  const etag = `"${(await sha256Hex(`${page.headers.get("ETag") ?? ""}|${policy}`)).slice(0, 32)}"`;
  const headers = new Headers(page.headers);
  headers.set("Content-Security-Policy", policy);
  headers.set("Cache-Control", "no-cache");
  headers.set("ETag", etag);
  if (page.ok && c.req.header("If-None-Match") === etag) {
    await page.body?.cancel();
    return new Response(null, { status: 304, headers });
  }
  return new Response(page.body, { status: page.status, headers });
};
