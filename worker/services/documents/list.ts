import { and, asc, count, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import * as v from "valibot";
import { type ListDocumentsQuery, RUN_FILTER } from "../../contract/documents";
import { MetadataConditionSchema } from "../../contract/metadata-condition";
import { documents, RUN } from "../../db/schema";
import { inJsonList } from "../../lib/batches";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { getDatasetInTenant } from "../scope/datasets";
import { sweepStuckWork } from "../ingestion/watchdog";
import { documentsByMetadata } from "../scope/metadata";
import { runCodeOf, toDocument } from "./serialize";
import { keyContains } from "../../lib/sql-match";

// Listing is where people watch progress, so the watchdog also looks at a dataset from here; the UI polls
// every 2 s while something runs, so an isolate sweeps one dataset at most every 30 s.
const SWEEP_EVERY_MS = 30_000;
const lastSweep = new Map<string, number>();
const sweepWhileWatching = async (ctx: ServiceContext, datasetId: string) => {
  const now = Date.now();
  if (now - (lastSweep.get(datasetId) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(datasetId, now);
  await sweepStuckWork(ctx, datasetId);
};

const asList = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

// The query's metadata_condition, refused with RAGFlow's messages when it is not a JSON object of conditions.
const metadataConditionFromQuery = (raw: string) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw dataError("metadata_condition must be valid JSON.");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw dataError("metadata_condition must be an object.");
  const result = v.safeParse(MetadataConditionSchema, parsed);
  if (!result.success) throw dataError(`metadata_condition: ${result.issues[0]?.message}`);
  return result.output;
};

const ORDER_COLUMNS = {
  create_time: documents.createTime,
  update_time: documents.updateTime,
  name: documents.nameKey,
  size: documents.size,
} as const;

// RAGFlow's list answers an id or name that names no document of the dataset with an error, not an empty list
const assertNamedDocumentsExist = async (ctx: ServiceContext, datasetId: string, query: ListDocumentsQuery) => {
  const lookups: [string | undefined, SQL][] = [
    [query.id, eq(documents.id, query.id ?? "")],
    [query.name, eq(documents.nameKey, (query.name ?? "").toLowerCase())],
  ];
  for (const [given, match] of lookups) {
    if (!given) continue;
    const found = await ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.datasetId, datasetId), match))
      .limit(1);
    if (found.length === 0) throw dataError(`you don't own the document ${given}`);
  }
};

export const listDocuments = async (ctx: ServiceContext, datasetId: string, query: ListDocumentsQuery) => {
  await getDatasetInTenant(ctx, datasetId);
  await assertNamedDocumentsExist(ctx, datasetId, query);
  const filters: SQL[] = [eq(documents.datasetId, datasetId)];
  if (query.id) filters.push(eq(documents.id, query.id));
  if (query.name) filters.push(eq(documents.nameKey, query.name.toLowerCase()));
  if (query.keywords) filters.push(keyContains(documents.nameKey, query.keywords));
  // RAGFlow v0.27 applies the creation-time range to the listed documents only: `total` counts without it
  const timeFilters: SQL[] = [];
  if (query.create_time_from > 0) timeFilters.push(gte(documents.createTime, query.create_time_from));
  if (query.create_time_to > 0) timeFilters.push(lte(documents.createTime, query.create_time_to));
  const suffixes = asList(query.suffix).map((suffix) => suffix.replace(/^\./, "").toLowerCase());
  if (suffixes.length > 0) filters.push(inJsonList(documents.suffix, suffixes));
  const unknownRuns = asList(query.run).filter((status) => !RUN_FILTER.includes(status));
  if (unknownRuns.length > 0) throw dataError(`Invalid filter run status conditions: ${unknownRuns.join(", ")}`);
  const runs = asList(query.run).map(runCodeOf);
  if (runs.length > 0) filters.push(inJsonList(documents.run, runs));
  const condition = query.metadata_condition?.trim() ? metadataConditionFromQuery(query.metadata_condition) : null;
  if (condition?.conditions.length) {
    const passing = await documentsByMetadata(ctx, [datasetId], condition, []);
    if (passing.length === 0) return { total: 0, docs: [] };
    // one JSON parameter, however many documents pass
    filters.push(inJsonList(documents.id, passing));
  }
  const where = and(...filters);

  const column = ORDER_COLUMNS[query.orderby];
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(documents)
      .where(and(where, ...timeFilters))
      .orderBy(query.desc ? desc(column) : asc(column), asc(documents.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(documents).where(where),
  ]);
  if (rows.some((row) => row.run === RUN.running)) await sweepWhileWatching(ctx, datasetId);
  return { total: total?.n ?? 0, docs: rows.map(toDocument) };
};
