import * as v from "valibot";
import { and, eq, or } from "drizzle-orm";
import { type SearchConfig, SearchConfigSchema } from "../../contract/searches";
import { searchApps, type SearchAppRow } from "../../db/schema";
import type { ServiceContext } from "../context";
import { checkChatModel, checkDatasets, checkDocuments, checkRerankModel } from "./validate";
import { inTeam } from "./access";
import { startsWith } from "../../lib/sql-match";

export const defaultConfig = (): SearchConfig => v.parse(SearchConfigSchema, {});

// A saved app's settings with every key: apps saved before a key existed get its default. Every reader of a
// row's settings goes through here.
export const searchConfigOf = (row: Pick<SearchAppRow, "searchConfig"> | null): SearchConfig => ({
  ...defaultConfig(),
  ...row?.searchConfig,
});

// Everything a saved configuration names must be the caller's to use: knowledge bases, documents, chat and
// rerank models. An update checks only what it changes (a rename must not fail on a base deleted since).
export const checkConfig = async (
  ctx: ServiceContext,
  config: SearchConfig,
  changed: Partial<SearchConfig> = config,
) => {
  if (changed.kb_ids || changed.doc_ids) {
    await checkDatasets(ctx, config.kb_ids);
    await checkDocuments(ctx, config.kb_ids, config.doc_ids);
  }
  if (changed.chat_id) await checkChatModel(ctx, changed.chat_id);
  if (changed.rerank_id !== undefined) await checkRerankModel(ctx, changed.rerank_id);
};

// Names already used by the team that a new "name" or "name(n)" could clash with (as for knowledge bases).
export const takenNames = async (ctx: ServiceContext, name: string) => {
  const key = name.toLowerCase();
  const rows = await ctx.db
    .select({ name: searchApps.name })
    .from(searchApps)
    .where(and(inTeam(ctx), or(eq(searchApps.nameKey, key), startsWith(searchApps.nameKey, `${key}(`))));
  return rows.map((row) => row.name);
};
