import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { memberMadeRow, users } from "./users";

// Only the SHA-256 of a session token is stored; the token itself lives in the client.
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at").notNull(),
    createTime: integer("create_time").notNull(),
    lastSeenTime: integer("last_seen_time").notNull(),
  },
  // revoke every session of a user (password change)
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const apiTokens = sqliteTable(
  "api_tokens",
  {
    ...memberMadeRow(),
    tokenHash: text("token_hash").notNull().unique(),
    tokenHint: text("token_hint").notNull(),
    // share-page token (RAGFlow's `beta`), bound to this key's tenant
    beta: text("beta").notNull().unique(),
    dialogId: text("dialog_id"),
    source: text("source"),
    createTime: integer("create_time").notNull(),
    lastUsedTime: integer("last_used_time"),
  },
  // the settings page lists a tenant's keys
  (t) => [index("api_tokens_tenant_idx").on(t.tenantId)],
);

// Fixed-window counters for failed logins, keyed by "email:<addr>" or "ip:<addr>".
export const loginAttempts = sqliteTable("login_attempts", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  windowStart: integer("window_start").notNull(),
});
