import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// The routing table, kept on the default shard `DB` only (worker/platform/d1-shards.ts): the shard each team lives
// on, with its owner's sign-in address, so sign-in finds the account's shard and an address is unique across
// shards. Every account owns one team with its own id, so this is one row per team and per account.
export const teamShards = sqliteTable("team_shards", {
  tenantId: text("tenant_id").primaryKey(),
  email: text("email").notNull().unique(),
  shard: text("shard").notNull(),
  createTime: integer("create_time").notNull(),
});
