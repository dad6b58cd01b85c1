import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";
import { memberMadeRow } from "./users";

// The team's reusable prompt templates (system prompts, refinement and citation prompts, agent prompts).
export const promptTemplates = sqliteTable(
  "prompt_templates",
  {
    ...memberMadeRow(),
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
