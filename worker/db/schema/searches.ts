import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { SearchConfig } from "../../contract/searches";
import { timestamps } from "./columns";
import { memberMadeRow } from "./users";

// Search apps (RAGFlow's "search"): a saved quick-test configuration over chosen knowledge bases.
export const searchApps = sqliteTable(
  "search_apps",
  {
    ...memberMadeRow(),
    name: text("name").notNull(),
    // lower-cased name: names are unique per team regardless of case
    nameKey: text("name_key").notNull(),
    description: text("description").notNull().default(""),
    avatar: text("avatar"),
    searchConfig: text("search_config", { mode: "json" }).$type<SearchConfig>().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("search_apps_tenant_name_idx").on(t.tenantId, t.nameKey),
    index("search_apps_tenant_updated_idx").on(t.tenantId, t.updateTime),
  ],
);

export type SearchAppRow = typeof searchApps.$inferSelect;
