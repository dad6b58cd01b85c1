import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { newId } from "../lib/ids";
import { BOOKMARK_HEADER, openD1 } from "../platform/d1-session";
import { shardOfCredential } from "../platform/d1-shards";
import { createDeps } from "../services/create-deps";
import { credentialOf } from "./auth";
import { withStreamTrailer } from "./bookmark-trailer";

export const READS = new Set(["GET", "HEAD", "OPTIONS"]);
const TALLY_HEADER = "x-d1-tally";

// Per-request dependencies, built once and read from c.var by routes. All of the request's D1 work runs in one D1
// session, on the shard its credential names, that continues from the client's bookmark; the session's newest
// bookmark goes back in a header.
export const init = createMiddleware<AppEnv>(async (c, next) => {
  const requestId = newId();
  c.set("requestId", requestId);
  const sent = c.req.header(BOOKMARK_HEADER);
  const shard = shardOfCredential(c.env, credentialOf(c));
  const d1 = openD1(c.env, { bookmark: sent ?? null, writes: !READS.has(c.req.method), shard });
  c.set("deps", createDeps(c.env, d1));
  c.set("d1", d1);
  c.header("X-Request-Id", requestId);
  await next();
  const session = c.var.d1;
  // an answer passed on from a fetch (assets) has headers that cannot change
  c.res = new Response(c.res.body, c.res);
  const bookmark = session.bookmark();
  if (bookmark) {
    c.res.headers.set(BOOKMARK_HEADER, bookmark);
    // embedded share pages call from other origins
    if (c.res.headers.has("Access-Control-Allow-Origin")) {
      c.res.headers.append("Access-Control-Expose-Headers", BOOKMARK_HEADER);
    }
  }
  // each request's D1 work, for npm run bench:edge (a stream's, whole, at its end)
  const report = (c.env as { D1_REPORT?: string }).D1_REPORT === "on";
  if (report) c.res.headers.set(TALLY_HEADER, JSON.stringify(session.tally));
  // a stream writes after its headers went out: a client that speaks bookmarks gets the last one at its end
  if (sent !== undefined || report) {
    c.res = withStreamTrailer(c.res, () => {
      const last = session.bookmark();
      return [
        ...(sent !== undefined && last ? [`${BOOKMARK_HEADER} ${last}`] : []),
        ...(report ? [`${TALLY_HEADER} ${JSON.stringify(session.tally)}`] : []),
      ];
    });
  }
});
