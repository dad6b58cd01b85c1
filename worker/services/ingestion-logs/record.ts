import { and, desc, eq, lt } from "drizzle-orm";
import { INDEX_LABELS } from "../../contract/dataset-index";
import {
  agents,
  datasets,
  documents,
  ingestionLogs,
  type DatasetTaskRow,
  type DocumentRow,
  type IngestionTaskType,
  RUN,
} from "../../db/schema";
import { inChunks, rowsPerInsert } from "../../lib/batches";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/time";
import type { Deps } from "../context";

// RAGFlow keeps the newest PIPELINE_OPERATION_LOG_LIMIT (1,000) logs of a dataset.
export const INGESTION_LOG_LIMIT = 1000;
export type FinalStatus = typeof RUN.cancel | typeof RUN.done | typeof RUN.fail;

// Drops what falls behind the dataset's newest INGESTION_LOG_LIMIT (an indexed lookup of the cut-off time, then
// one range delete; logs sharing the cut-off millisecond stay).
const trimLogs = async (deps: Deps, datasetId: string) => {
  const [cutoff] = await deps.db
    .select({ createTime: ingestionLogs.createTime })
    .from(ingestionLogs)
    .where(eq(ingestionLogs.datasetId, datasetId))
    .orderBy(desc(ingestionLogs.createTime))
    .limit(1)
    .offset(INGESTION_LOG_LIMIT - 1);
  if (cutoff)
    await deps.db
      .delete(ingestionLogs)
      .where(and(eq(ingestionLogs.datasetId, datasetId), lt(ingestionLogs.createTime, cutoff.createTime)));
};

const insertLog = async (deps: Deps, row: typeof ingestionLogs.$inferInsert) => {
  await deps.db.insert(ingestionLogs).values(row);
  await trimLogs(deps, row.datasetId);
};

const documentLog = (doc: DocumentRow, taskType: IngestionTaskType, status: FinalStatus, now: number) => ({
  id: newId(),
  datasetId: doc.datasetId,
  tenantId: doc.tenantId,
  documentId: doc.id,
  documentName: doc.name,
  documentSuffix: doc.suffix,
  documentType: doc.type,
  sourceFrom: doc.sourceType === "web" ? "web" : doc.fileId ? "file" : "local",
  parserId: doc.parserId,
  taskType,
  operationStatus: status,
  progress: status === RUN.done ? 1 : status === RUN.fail ? -1 : doc.progress,
  progressMsg: doc.progressMsg,
  processBeginAt: doc.processBeginAt,
  processDuration: doc.processDuration,
  createTime: now,
  updateTime: now,
});

// The ingestion pipeline a dataset parses with (RAGFlow's pipeline_id and title on a parse log), if any.
const pipelineOf = async (deps: Deps, datasetId: string, taskType: IngestionTaskType) => {
  if (taskType !== "Parse") return {};
  const [row] = await deps.db
    .select({ pipelineId: agents.id, pipelineTitle: agents.title })
    .from(datasets)
    .innerJoin(agents, eq(agents.id, datasets.pipelineId))
    .where(eq(datasets.id, datasetId));
  return row ?? {};
};

// A document's parse (or web download) has ended: done, failed or cancelled, with its log and duration.
export const recordDocumentLog = async (
  deps: Deps,
  doc: DocumentRow,
  taskType: IngestionTaskType,
  status: FinalStatus,
) =>
  insertLog(deps, {
    ...documentLog(doc, taskType, status, nowMs()),
    ...(await pipelineOf(deps, doc.datasetId, taskType)),
  });

// The same for many documents of one dataset (a bulk stop): only the newest INGESTION_LOG_LIMIT could be kept,
// so only those are written, a few rows per insert and the inserts in one batch.
export const recordDocumentLogs = async (
  deps: Deps,
  datasetId: string,
  docs: DocumentRow[],
  taskType: IngestionTaskType,
  status: FinalStatus,
) => {
  const now = nowMs();
  const pipeline = await pipelineOf(deps, datasetId, taskType);
  const rows = docs
    .slice(-INGESTION_LOG_LIMIT)
    .map((doc) => ({ ...documentLog(doc, taskType, status, now), ...pipeline }));
  const [first, ...rest] = inChunks(rows, rowsPerInsert(Object.keys(rows[0] ?? {}).length)).map((part) =>
    deps.db.insert(ingestionLogs).values(part),
  );
  if (!first) return;
  await deps.db.batch([first, ...rest]);
  await trimLogs(deps, datasetId);
};

export const recordDocumentLogById = async (
  deps: Deps,
  documentId: string,
  taskType: IngestionTaskType,
  status: FinalStatus,
) => {
  const doc = await deps.db.query.documents.findFirst({ where: eq(documents.id, documentId) });
  if (doc) await recordDocumentLog(deps, doc, taskType, status);
};

// A dataset task (RAPTOR, knowledge graph) has ended; RAGFlow names the log after the task type.
export const recordDatasetTaskLog = async (deps: Deps, task: DatasetTaskRow, status: FinalStatus) => {
  const now = nowMs();
  const name = INDEX_LABELS[task.taskType];
  await insertLog(deps, {
    id: newId(),
    datasetId: task.datasetId,
    tenantId: task.tenantId,
    documentId: null,
    documentName: name,
    taskType: name,
    operationStatus: status,
    progress: status === RUN.done ? 1 : status === RUN.fail ? -1 : task.progress,
    progressMsg: task.progressMsg,
    processBeginAt: task.beginAt,
    processDuration: task.beginAt ? (now - task.beginAt) / 1000 : task.duration,
    createTime: now,
    updateTime: now,
  });
};
