import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { ListDatasetsQuery, ParsingStatusCounts } from "../../contract/datasets";
import { datasets, documents, RUN } from "../../db/schema";
import type { ServiceContext } from "../context";
import { lacksPermission, visibleDatasets } from "../scope/datasets";
import { toDataset } from "./serialize";
import { rowsInChunks } from "../../lib/batches";
import { keyContains } from "../../lib/sql-match";

const STATUS_KEYS: Record<string, keyof ParsingStatusCounts> = {
  [RUN.unstart]: "unstart_count",
  [RUN.running]: "running_count",
  [RUN.cancel]: "cancel_count",
  [RUN.done]: "done_count",
  [RUN.fail]: "fail_count",
};

const emptyCounts = (): ParsingStatusCounts => ({
  unstart_count: 0,
  running_count: 0,
  cancel_count: 0,
  done_count: 0,
  fail_count: 0,
});

const parsingStatus = async (ctx: ServiceContext, ids: string[]) => {
  const byDataset = new Map(ids.map((id) => [id, emptyCounts()]));
  if (ids.length === 0) return byDataset;
  const rows = await rowsInChunks(ids, (part) =>
    ctx.db
      .select({ datasetId: documents.datasetId, run: documents.run, n: count() })
      .from(documents)
      .where(inArray(documents.datasetId, part))
      .groupBy(documents.datasetId, documents.run),
  );
  for (const row of rows) {
    const counts = byDataset.get(row.datasetId);
    const key = STATUS_KEYS[row.run];
    if (counts && key) counts[key] = row.n;
  }
  return byDataset;
};

// RAGFlow's list_datasets looks the id and the name up on their own: one that names no visible dataset is refused,
// while an id and a name of two different datasets list nothing.
const assertEachNamed = async (ctx: ServiceContext, query: ListDatasetsQuery) => {
  const lookups = [
    query.id ? eq(datasets.id, query.id) : undefined,
    query.name ? eq(datasets.nameKey, query.name.toLowerCase()) : undefined,
  ];
  for (const [i, lookup] of lookups.entries()) {
    if (!lookup) continue;
    const found = await ctx.db
      .select({ id: datasets.id })
      .from(datasets)
      .where(and(visibleDatasets(ctx), lookup))
      .limit(1);
    if (found.length === 0) throw lacksPermission(ctx, (i === 0 ? query.id : query.name) ?? "");
  }
};

export const listDatasets = async (ctx: ServiceContext, query: ListDatasetsQuery) => {
  const filters: SQL[] = [visibleDatasets(ctx)];
  if (query.id) filters.push(eq(datasets.id, query.id));
  if (query.name) filters.push(eq(datasets.nameKey, query.name.toLowerCase()));
  if (query.keywords) filters.push(keyContains(datasets.nameKey, query.keywords));
  const where = and(...filters);

  const column = query.orderby === "update_time" ? datasets.updateTime : datasets.createTime;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(datasets)
      .where(where)
      .orderBy(query.desc ? desc(column) : asc(column))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(datasets).where(where),
  ]);
  if ((query.id || query.name) && (total?.n ?? 0) === 0) await assertEachNamed(ctx, query);
  const counts = query.include_parsing_status
    ? await parsingStatus(
        ctx,
        rows.map((row) => row.id),
      )
    : null;
  return {
    datasets: rows.map((row) => ({ ...toDataset(row), ...counts?.get(row.id) })),
    total: total?.n ?? 0,
  };
};
