import { progressLinesOf } from "../../contract/message-catalogue";
import type { DatasetTask } from "../../contract/dataset-index";
import type { DatasetTaskRow } from "../../db/schema";
import { httpDate } from "../../lib/time";

// RAGFlow marks dataset-wide tasks with this page range.
const WHOLE_DATASET_PAGE = 100_000_000;

export const toDatasetTask = (row: DatasetTaskRow): DatasetTask => ({
  id: row.id,
  doc_id: row.sampleDocId,
  from_page: WHOLE_DATASET_PAGE,
  to_page: WHOLE_DATASET_PAGE,
  task_type: row.taskType,
  priority: 0,
  begin_at: row.beginAt ? httpDate(row.beginAt) : null,
  process_duration: row.duration,
  progress: row.progress,
  progress_msg: row.progressMsg,
  progress_lines: progressLinesOf(row.progressMsg),
  retry_count: row.attempts,
  digest: "",
  chunk_ids: row.chunkIds.join(" "),
  create_time: row.createTime,
  create_date: httpDate(row.createTime),
  update_time: row.updateTime,
  update_date: httpDate(row.updateTime),
});
