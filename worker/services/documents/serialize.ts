import { progressLinesOf } from "../../contract/message-catalogue";
import type { DatasetDocument, DocumentType, RunStatus } from "../../contract/documents";
import { RUN_STATUSES } from "../../contract/documents";
import type { DocumentRow } from "../../db/schema";
import { httpDate } from "../../lib/time";

export const runStatusOf = (code: string): RunStatus => RUN_STATUSES[Number(code)] ?? "UNSTART";

export const runCodeOf = (status: string): DocumentRow["run"] => {
  const index = RUN_STATUSES.indexOf(status as RunStatus);
  return String(index >= 0 ? index : Number(status)) as DocumentRow["run"];
};

export const toDocument = (row: DocumentRow): DatasetDocument => ({
  id: row.id,
  name: row.name,
  location: row.location,
  size: row.size,
  type: row.type as DocumentType,
  suffix: row.suffix,
  dataset_id: row.datasetId,
  chunk_method: row.parserId,
  parser_config: row.parserConfig,
  source_type: row.sourceType,
  source_url: row.sourceUrl,
  created_by: row.createdBy,
  thumbnail: null,
  run: runStatusOf(row.run),
  status: row.enabled ? "1" : "0",
  chunk_count: row.chunkNum,
  token_count: row.tokenNum,
  progress: row.progress,
  progress_msg: row.progressMsg,
  progress_lines: progressLinesOf(row.progressMsg),
  process_begin_at: row.processBeginAt ? httpDate(row.processBeginAt) : null,
  process_duration: row.processDuration,
  meta_fields: row.metaFields as Record<string, unknown>,
  create_time: row.createTime,
  create_date: httpDate(row.createTime),
  update_time: row.updateTime,
  update_date: httpDate(row.updateTime),
});
