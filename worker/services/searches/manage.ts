import * as v from "valibot";
import { and, asc, count, desc, eq, like, or } from "drizzle-orm";
import {
  type CreateSearchInput,
  type ListSearchesQuery,
  type SearchApp,
  type SearchConfig,
  SearchConfigSchema,
  type UpdateSearchInput,
} from "../../contract/searches";
import { searchApps, type SearchAppRow } from "../../db/schema";
import { argumentError, dataError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import { nextFreeName } from "../../lib/unique-name";
import type { ServiceContext } from "../context";
import { removeShareTokensOf } from "../share-links/tokens";
import { canManageTeam } from "../teams/membership";
import { checkChatModel, checkDatasets, checkDocuments, checkRerankModel } from "./validate";

const defaultConfig = (): SearchConfig => v.parse(SearchConfigSchema, {});

// A saved app's settings with every key: apps saved before a key existed get its default. Every reader of a
// row's settings goes through here.
export const searchConfigOf = (row: Pick<SearchAppRow, "searchConfig"> | null): SearchConfig => ({
  ...defaultConfig(),
  ...row?.searchConfig,
});

export const toSearchApp = (row: SearchAppRow): SearchApp => ({
  id: row.id,
  tenant_id: row.tenantId,
  created_by: row.createdBy,
  name: row.name,
  description: row.description,
  avatar: row.avatar,
  search_config: searchConfigOf(row),
  create_time: row.createTime,
  update_time: row.updateTime,
});

// Search apps belong to the team: every member sees, uses and changes them (RAGFlow scopes them to the tenant).
const inTeam = (ctx: ServiceContext) => eq(searchApps.tenantId, ctx.actor.tenantId);

export const getSearchInTenant = async (ctx: ServiceContext, id: string) => {
  const row = await ctx.db.query.searchApps.findFirst({ where: and(eq(searchApps.id, id), inTeam(ctx)) });
  if (!row) throw dataError("Has no permission for this operation.");
  return row;
};

// Everything a saved configuration names must be the caller's to use: knowledge bases, documents, chat and
// rerank models. An update checks only what it changes (a rename must not fail on a base deleted since).
const checkConfig = async (ctx: ServiceContext, config: SearchConfig, changed: Partial<SearchConfig> = config) => {
  if (changed.kb_ids || changed.doc_ids) {
    await checkDatasets(ctx, config.kb_ids);
    await checkDocuments(ctx, config.kb_ids, config.doc_ids);
  }
  if (changed.chat_id) await checkChatModel(ctx, changed.chat_id);
  if (changed.rerank_id !== undefined) await checkRerankModel(ctx, changed.rerank_id);
};

// Names already used by the team that a new "name" or "name(n)" could clash with (as for knowledge bases).
const takenNames = async (ctx: ServiceContext, name: string) => {
  const key = name.toLowerCase();
  const rows = await ctx.db
    .select({ name: searchApps.name })
    .from(searchApps)
    .where(and(inTeam(ctx), or(eq(searchApps.nameKey, key), like(searchApps.nameKey, `${key}(%)`))));
  return rows.map((row) => row.name);
};

export const createSearch = async (ctx: ServiceContext, input: CreateSearchInput) => {
  const config = {
    ...defaultConfig(),
    ...input.search_config,
    kb_ids: [...new Set(input.search_config?.kb_ids ?? [])],
  };
  await checkConfig(ctx, config);
  const name = nextFreeName(input.name, await takenNames(ctx, input.name));
  const now = nowMs();
  const [row] = await ctx.db
    .insert(searchApps)
    .values({
      id: newId(),
      tenantId: ctx.actor.tenantId,
      createdBy: ctx.actor.userId,
      name,
      nameKey: name.toLowerCase(),
      description: input.description,
      avatar: input.avatar ?? null,
      searchConfig: config,
      createTime: now,
      updateTime: now,
    })
    .returning({ id: searchApps.id });
  return { search_id: row?.id ?? "" };
};

const ORDER_COLUMNS = {
  create_time: searchApps.createTime,
  update_time: searchApps.updateTime,
  name: searchApps.nameKey,
} as const;

export const listSearches = async (ctx: ServiceContext, query: ListSearchesQuery) => {
  const column = ORDER_COLUMNS[query.orderby as keyof typeof ORDER_COLUMNS];
  if (!column) throw argumentError(`invalid orderby field: ${query.orderby}`);
  const where = and(
    inTeam(ctx),
    query.keywords ? like(searchApps.nameKey, `%${query.keywords.toLowerCase().replace(/[%_]/g, "")}%`) : undefined,
  );
  const rows = await ctx.db
    .select()
    .from(searchApps)
    .where(where)
    .orderBy(query.desc ? desc(column) : asc(column), asc(searchApps.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [total] = await ctx.db.select({ n: count() }).from(searchApps).where(where);
  return { search_apps: rows.map(toSearchApp), total: total?.n ?? 0 };
};

export const getSearch = async (ctx: ServiceContext, id: string) => toSearchApp(await getSearchInTenant(ctx, id));

// PUT: name and search_config are required; the config is merged key by key into the stored one.
export const updateSearch = async (ctx: ServiceContext, id: string, input: UpdateSearchInput) => {
  const current = await getSearchInTenant(ctx, id);
  const clash = await ctx.db.query.searchApps.findFirst({
    where: and(inTeam(ctx), eq(searchApps.nameKey, input.name.toLowerCase())),
  });
  if (clash && clash.id !== id) throw dataError("Duplicated search name.");
  const patch = Object.fromEntries(Object.entries(input.search_config).filter(([, value]) => value !== undefined));
  const config: SearchConfig = { ...searchConfigOf(current), ...patch };
  config.kb_ids = [...new Set(config.kb_ids)];
  await checkConfig(ctx, config, patch);
  const [row] = await ctx.db
    .update(searchApps)
    .set({
      name: input.name,
      nameKey: input.name.toLowerCase(),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.avatar !== undefined && { avatar: input.avatar }),
      searchConfig: config,
      updateTime: nowMs(),
    })
    .where(eq(searchApps.id, id))
    .returning();
  return toSearchApp(row as SearchAppRow);
};

// Every member uses and edits the team's search apps; deleting one is for its creator or a team manager.
export const removeSearch = async (ctx: ServiceContext, id: string) => {
  const row = await getSearchInTenant(ctx, id);
  if (row.createdBy !== ctx.actor.userId && !canManageTeam(ctx.actor.role))
    throw dataError("Has no permission for this operation.");
  await ctx.db.delete(searchApps).where(eq(searchApps.id, id));
  await removeShareTokensOf(ctx, "search", [id]);
  return true;
};
