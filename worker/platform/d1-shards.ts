// Sharding by team (docs/scaling.md): each shard is a D1 binding with the full schema. `DB` is the default shard
// and also holds the directory (`team_shards`: which shard each team and its owner's account live on). A team and
// its members live on one shard, so a request's credential names its shard and auth needs no extra round trip.

export const DEFAULT_SHARD = "DB";

type Vars = { D1_SHARDS?: string; D1_NEW_TEAM_SHARD?: string };

const bindings = (env: Env) => env as unknown as Record<string, unknown>;

// D1_SHARDS lists every shard's binding ("DB,DB_2"); unset, the install has the one database `DB`.
export const shardNames = (env: Env): string[] => {
  const listed = ((env as unknown as Vars).D1_SHARDS ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name && bindings(env)[name]);
  return [DEFAULT_SHARD, ...new Set(listed.filter((name) => name !== DEFAULT_SHARD))];
};

export const isSharded = (env: Env) => shardNames(env).length > 1;

export const knownShard = (env: Env, name: string | null | undefined): string | null =>
  name && shardNames(env).includes(name) ? name : null;

export const shardDatabase = (env: Env, shard: string): D1Database =>
  bindings(env)[knownShard(env, shard) ?? DEFAULT_SHARD] as D1Database;

// Where new teams (new accounts) go: D1_NEW_TEAM_SHARD when it names a listed shard, else `DB`.
export const newTeamShard = (env: Env) =>
  knownShard(env, (env as unknown as Vars).D1_NEW_TEAM_SHARD?.trim()) ?? DEFAULT_SHARD;

// Session tokens, API keys and share tokens made on another shard end in ".<shard>" (the tag is part of the
// hashed secret, so changing it breaks the credential); the default shard's look as they always did.
export const tagWithShard = (token: string, shard: string) => (shard === DEFAULT_SHARD ? token : `${token}.${shard}`);

export const shardOfCredential = (env: Env, credential: string | null) => {
  const dot = credential?.lastIndexOf(".") ?? -1;
  return (dot > 0 && knownShard(env, credential?.slice(dot + 1))) || DEFAULT_SHARD;
};

// A bookmark of another shard goes out as "<shard>:<bookmark>"; the default shard's bare, as before.
export const shardBookmark = (shard: string, bookmark: string) =>
  shard === DEFAULT_SHARD ? bookmark : `${shard}:${bookmark}`;

// The bookmark a client sent for this shard: the header may list one per shard, comma-separated (the SPA's does);
// one of another shard says nothing about this one.
export const bookmarkOnShard = (sent: string | null | undefined, shard: string) => {
  for (const value of (sent ?? "").split(",")) {
    const colon = value.indexOf(":");
    const [owner, bookmark] = colon < 0 ? [DEFAULT_SHARD, value] : [value.slice(0, colon), value.slice(colon + 1)];
    if (owner === shard && bookmark) return bookmark.trim();
  }
  return null;
};
