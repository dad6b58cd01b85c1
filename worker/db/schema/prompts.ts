import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";
import { tenants, users } from "./users";

// The team's reusable prompt templates (system prompts, refinement and citation prompts, agent prompts).
export const promptTemplates = sqliteTable(
  "prompt_templates",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    description: text("description").notNull().default(""),
    content: text("content").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("prompt_templates_tenant_name_idx").on(t.tenantId, t.nameKey),
    index("prompt_templates_tenant_updated_idx").on(t.tenantId, t.updateTime),
  ],
);

export type PromptTemplateRow = typeof promptTemplates.$inferSelect;
