import type { Context } from "hono";
import type { AppEnv } from "../env";
import { BOOKMARK_HEADER, openD1 } from "../platform/d1-session";
import { DEFAULT_SHARD, isSharded, newTeamShard } from "../platform/d1-shards";
import { createDeps } from "../services/create-deps";
import { homeShardOf } from "../services/teams/home-shard";
import { depsOf } from "./deps";
import { READS } from "./init";

// The request's D1 work moves to another shard (docs/scaling.md): sign-in and registration learn theirs from the
// request's body, after init opened the credential's (none: the default shard).
const switchShard = (c: Context<AppEnv>, shard: string) => {
  if (c.var.d1.shard === shard) return;
  const d1 = openD1(c.env, {
    bookmark: c.req.header(BOOKMARK_HEADER) ?? null,
    writes: !READS.has(c.req.method),
    shard,
  });
  c.set("deps", createDeps(c.env, d1));
  c.set("d1", d1);
};

// A new account, and the team it owns, is made on the shard configured for new teams.
export const onNewTeamShard = (c: Context<AppEnv>) => switchShard(c, newTeamShard(c.env));

// Sign-in runs on the account's shard, found by its address in the routing table; an unknown address goes through
// the default shard's checks (same answer, same time as a wrong password). One database: no look-up.
export const onHomeShard = async (c: Context<AppEnv>, email: string) => {
  if (isSharded(c.env)) switchShard(c, (await homeShardOf(depsOf(c), email)) ?? DEFAULT_SHARD);
};
