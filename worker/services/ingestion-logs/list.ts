import { progressLinesOf } from "../../contract/message-catalogue";
import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type {
  IngestionLog,
  IngestionLogList,
  IngestionLogsQuery,
  IngestionSummary,
} from "../../contract/ingestion-logs";
import { documents, ingestionLogs, type IngestionLogRow, RUN } from "../../db/schema";
import { inJsonList } from "../../lib/batches";
import { textContains } from "../../lib/sql-match";
import { dataError } from "../../lib/errors";
import { httpDate } from "../../lib/time";
import type { ServiceContext } from "../context";
import { lacksPermission, getDatasetInTenant } from "../scope/datasets";

const toIngestionLog = (row: IngestionLogRow): IngestionLog => ({
  id: row.id,
  document_id: row.documentId,
  tenant_id: row.tenantId,
  kb_id: row.datasetId,
  pipeline_id: row.pipelineId,
  pipeline_title: row.pipelineTitle,
  parser_id: row.parserId,
  document_name: row.documentName,
  document_suffix: row.documentSuffix,
  document_type: row.documentType,
  source_from: row.sourceFrom,
  progress: row.progress,
  progress_msg: row.progressMsg,
  progress_lines: progressLinesOf(row.progressMsg),
  process_begin_at: row.processBeginAt ? httpDate(row.processBeginAt) : null,
  process_duration: row.processDuration,
  dsl: {},
  task_type: row.taskType,
  operation_status: row.operationStatus,
  avatar: "",
  status: "1",
  create_time: row.createTime,
  create_date: httpDate(row.createTime),
  update_time: row.updateTime,
  update_date: httpDate(row.updateTime),
});

const ORDER_COLUMNS = {
  create_time: ingestionLogs.createTime,
  update_time: ingestionLogs.updateTime,
  process_begin_at: ingestionLogs.processBeginAt,
  process_duration: ingestionLogs.processDuration,
  document_name: ingestionLogs.documentName,
} as const;

// RAGFlow compares the dates as text against its "YYYY-MM-DD HH:MM:SS" column, so "2025-01-31" as the end means midnight.
const createDate = sql`strftime('%Y-%m-%d %H:%M:%S', ${ingestionLogs.createTime} / 1000, 'unixepoch')`;

// RAGFlow answers an unreadable dataset with "no authorization" on the log routes.
const readableDataset = (ctx: ServiceContext, datasetId: string) =>
  getDatasetInTenant(ctx, datasetId).catch(() => {
    throw dataError("no authorization");
  });

// GET /datasets/{id}/ingestions: file logs (a document's parse or download) or dataset logs (RAPTOR, graph).
export const listIngestionLogs = async (
  ctx: ServiceContext,
  datasetId: string,
  query: IngestionLogsQuery,
): Promise<IngestionLogList> => {
  await readableDataset(ctx, datasetId);
  const filters: (SQL | undefined)[] = [
    eq(ingestionLogs.datasetId, datasetId),
    query.log_type === "file" ? isNotNull(ingestionLogs.documentId) : isNull(ingestionLogs.documentId),
    query.keywords ? textContains(ingestionLogs.documentName, query.keywords) : undefined,
    query.operation_status.length ? inJsonList(ingestionLogs.operationStatus, query.operation_status) : undefined,
    query.create_date_from ? sql`${createDate} >= ${query.create_date_from}` : undefined,
    query.create_date_to ? sql`${createDate} <= ${query.create_date_to}` : undefined,
  ];
  const where = and(...filters);
  const [counted] = await ctx.db.select({ total: sql<number>`count(*)` }).from(ingestionLogs).where(where);
  const column = ORDER_COLUMNS[query.orderby];
  const ordered = ctx.db
    .select()
    .from(ingestionLogs)
    .where(where)
    .orderBy(query.desc ? desc(column) : asc(column), query.desc ? desc(ingestionLogs.id) : asc(ingestionLogs.id));
  // RAGFlow pages only when both page and page_size are given
  const rows =
    query.page > 0 && query.page_size > 0
      ? await ordered.limit(query.page_size).offset((query.page - 1) * query.page_size)
      : await ordered;
  return { total: counted?.total ?? 0, logs: rows.map(toIngestionLog) };
};

export const getIngestionLog = async (ctx: ServiceContext, datasetId: string, logId: string): Promise<IngestionLog> => {
  await readableDataset(ctx, datasetId);
  const row = await ctx.db.query.ingestionLogs.findFirst({
    where: and(eq(ingestionLogs.id, logId), eq(ingestionLogs.datasetId, datasetId)),
  });
  if (!row) throw dataError("Log not found");
  return toIngestionLog(row);
};

const STATUS_KEYS = {
  [RUN.unstart]: "unstart_count",
  [RUN.running]: "running_count",
  [RUN.cancel]: "cancel_count",
  [RUN.done]: "done_count",
  [RUN.fail]: "fail_count",
} as const;

// GET /datasets/{id}/ingestions/summary: the dataset's counters and its documents by parse state.
export const ingestionSummary = async (ctx: ServiceContext, datasetId: string): Promise<IngestionSummary> => {
  const dataset = await getDatasetInTenant(ctx, datasetId).catch(() => {
    throw lacksPermission(ctx, datasetId);
  });
  const byRun = await ctx.db
    .select({ run: documents.run, count: sql<number>`count(*)` })
    .from(documents)
    .where(eq(documents.datasetId, datasetId))
    .groupBy(documents.run);
  const status = { unstart_count: 0, running_count: 0, cancel_count: 0, done_count: 0, fail_count: 0 };
  for (const row of byRun) status[STATUS_KEYS[row.run]] = row.count;
  return { doc_num: dataset.docNum, chunk_num: dataset.chunkNum, token_num: dataset.tokenNum, status };
};
