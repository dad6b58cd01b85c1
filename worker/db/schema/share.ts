import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";
import { memberMadeRow } from "./users";

// Share-link tokens: each opens exactly one chat (or agent) of one tenant, with its own abuse limits.
export const shareTokens = sqliteTable(
  "share_tokens",
  {
    ...memberMadeRow(),
    // kept readable: it is published in share links and embed codes anyway (RAGFlow's "beta" token)
    token: text("token").notNull(),
    name: text("name").notNull().default(""),
    targetType: text("target_type", { enum: ["chat", "agent", "search"] }).notNull(),
    targetId: text("target_id").notNull(),
    allowedOrigins: text("allowed_origins", { mode: "json" }).$type<string[]>().notNull(),
    ratePerMinute: integer("rate_per_minute").notNull(),
    dailyCap: integer("daily_cap").notNull(),
    lastUsedAt: integer("last_used_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("share_tokens_token_idx").on(t.token),
    index("share_tokens_target_idx").on(t.tenantId, t.targetType, t.targetId),
  ],
);

// Requests per token and time bucket ("m:<minute>" and "d:<day>") for the rate limit and the daily cap.
export const shareUsage = sqliteTable(
  "share_usage",
  {
    tokenId: text("token_id")
      .notNull()
      .references(() => shareTokens.id, { onDelete: "cascade" }),
    bucket: text("bucket").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.bucket] })],
);

export type ShareTokenRow = typeof shareTokens.$inferSelect;
