import { applyD1Migrations, env } from "cloudflare:test";

// Idempotent: applyD1Migrations skips migrations already recorded in d1_migrations. Every shard has the full schema.
const shards = ((env as { D1_SHARDS?: string }).D1_SHARDS ?? "DB").split(",");
for (const shard of new Set(["DB", ...shards]))
  await applyD1Migrations((env as unknown as Record<string, D1Database>)[shard] as D1Database, env.TEST_MIGRATIONS);
