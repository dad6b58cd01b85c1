import { type D1Client, type D1Tally, emptyTally, meteredD1, parseLatency } from "./d1-meter";
import { bookmarkOnShard, DEFAULT_SHARD, knownShard, shardBookmark, shardDatabase } from "./d1-shards";

// D1 read replication: each request (or queue batch) runs its queries in one D1 session, so reads may be served by
// a nearby replica while staying sequentially consistent; the session's bookmark goes back to the client, which
// sends it with its next request so it never reads older data than it has written or seen.
export type D1Access = {
  client: D1Client;
  // the D1 binding the session runs on (worker/platform/d1-shards.ts)
  shard: string;
  // the newest bookmark of the session's queries, as the header carries it; null before the first
  bookmark: () => string | null;
  tally: D1Tally;
};

export const BOOKMARK_HEADER = "x-d1-bookmark";

// A D1 bookmark (e.g. 00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683); anything else is ignored.
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/i;
export const validBookmark = (value: string | null | undefined) => (value && BOOKMARK.test(value) ? value : null);

type Vars = { D1_SESSIONS?: string; D1_METER?: string; D1_LATENCY_MS?: string };

// With no bookmark, a request that writes starts at the primary: what it reads before writing (a uniqueness
// check, a counter) must be current (Cloudflare's guidance for "first-primary"). Reads start anywhere.
// `bookmark` is the header value the client sent: one of another shard is ignored.
export const openD1 = (env: Env, start: { bookmark: string | null; writes: boolean; shard?: string }): D1Access => {
  const vars = env as unknown as Vars;
  const shard = knownShard(env, start.shard) ?? DEFAULT_SHARD;
  const database = shardDatabase(env, shard);
  const tally = emptyTally();
  const latency = parseLatency(vars.D1_LATENCY_MS);
  const metered = (client: D1Client, firstPrimary: boolean) =>
    vars.D1_METER === "on" || latency
      ? meteredD1(
          client,
          tally,
          vars.D1_SESSIONS === "off" ? { mode: "primary" } : { mode: "sessions", firstPrimary },
          latency,
        )
      : client;
  if (vars.D1_SESSIONS === "off") return { client: metered(database, true), shard, bookmark: () => null, tally };
  const sent = validBookmark(bookmarkOnShard(start.bookmark, shard));
  const constraint = sent ?? (start.writes ? "first-primary" : "first-unconstrained");
  const session = database.withSession(constraint);
  const bookmark = () => {
    const latest = session.getBookmark();
    return latest && shardBookmark(shard, latest);
  };
  return { client: metered(session, constraint === "first-primary"), shard, bookmark, tally };
};
