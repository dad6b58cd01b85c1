import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";

export const USER_ROLES = ["owner", "admin", "normal", "invite"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  nickname: text("nickname").notNull(),
  passwordHash: text("password_hash").notNull(),
  avatar: text("avatar"),
  language: text("language").notNull().default("de"),
  colorSchema: text("color_schema", { enum: ["Bright", "Dark"] })
    .notNull()
    .default("Bright"),
  timezone: text("timezone").notNull().default("Europe/Berlin"),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  lastLoginTime: integer("last_login_time"),
  ...timestamps,
});

// Every user owns exactly one tenant whose id equals the user's id (RAGFlow's model).
export const tenants = sqliteTable("tenants", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  llmId: text("llm_id").notNull().default(""),
  embdId: text("embd_id").notNull().default(""),
  asrId: text("asr_id").notNull().default(""),
  img2txtId: text("img2txt_id").notNull().default(""),
  rerankId: text("rerank_id").notNull().default(""),
  ttsId: text("tts_id").notNull().default(""),
  ...timestamps,
});

export const userTenants = sqliteTable(
  "user_tenants",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    role: text("role", { enum: USER_ROLES }).notNull(),
    invitedBy: text("invited_by"),
    ...timestamps,
  },
  (t) => [
    // one membership row per (user, team)
    uniqueIndex("user_tenants_user_tenant_idx").on(t.userId, t.tenantId),
    // team member lists
    index("user_tenants_tenant_idx").on(t.tenantId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type TenantRow = typeof tenants.$inferSelect;

// The first columns of a row that a team owns and one of its members made: it goes when either goes.
export const memberMadeRow = () => ({
  id: text("id").primaryKey(),
  tenantId: text("tenant_id")
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" }),
  createdBy: text("created_by")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
});
