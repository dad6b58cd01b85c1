import type { ProgressLine } from "./message-catalogue";
import * as v from "valibot";
import { msg, oneOf, queryBool, queryInt } from "./pydantic";

export const INGESTION_LOG_PAGE_MAX = 100;
export const INGESTION_LOG_ORDER = [
  "create_time",
  "update_time",
  "process_begin_at",
  "process_duration",
  "document_name",
] as const;
// RAGFlow's TaskStatus: unstarted, running, cancelled, done, failed, scheduled
export const OPERATION_STATUSES = ["0", "1", "2", "3", "4", "5"] as const;
const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const date = v.optional(
  v.pipe(v.string(), v.regex(DATE, "Input should be a date as YYYY-MM-DD or YYYY-MM-DD HH:MM:SS")),
);

// GET /datasets/{id}/ingestions: page 0 / page_size 0 = everything (RAGFlow's default); operation_status may
// repeat or be comma-separated.
export const IngestionLogsQuerySchema = v.object({
  page: queryInt(0, 0),
  page_size: queryInt(0, 0, INGESTION_LOG_PAGE_MAX),
  orderby: v.optional(oneOf(INGESTION_LOG_ORDER), "create_time"),
  desc: queryBool(true),
  log_type: v.optional(v.picklist(["dataset", "file"], 'Invalid "log_type", expected "dataset" or "file"'), "dataset"),
  keywords: v.optional(v.pipe(v.string(), v.maxLength(255, msg.maxChars(255)))),
  create_date_from: date,
  create_date_to: date,
  operation_status: v.optional(
    v.pipe(
      v.union([v.string(), v.array(v.string())], msg.string),
      v.transform((raw) =>
        [raw]
          .flat()
          .flatMap((part) => part.split(","))
          .map((part) => part.trim())
          .filter(Boolean),
      ),
      v.array(oneOf(OPERATION_STATUSES)),
    ),
    [],
  ),
});
export type IngestionLogsQuery = v.InferOutput<typeof IngestionLogsQuerySchema>;

// A log row as RAGFlow returns it (file logs; dataset logs leave out the document fields).
export type IngestionLog = {
  id: string;
  document_id: string | null;
  tenant_id: string;
  kb_id: string;
  pipeline_id: string | null;
  pipeline_title: string;
  parser_id: string;
  document_name: string;
  document_suffix: string;
  document_type: string;
  source_from: string;
  progress: number;
  progress_msg: string;
  // Buddy's: progress_msg line by line, each with its catalogue code (contract/message-catalogue.ts)
  progress_lines: ProgressLine[];
  process_begin_at: string | null;
  process_duration: number;
  dsl: Record<string, never>;
  task_type: string;
  operation_status: string;
  avatar: string;
  status: "1";
  create_time: number;
  create_date: string;
  update_time: number;
  update_date: string;
};

export type IngestionLogList = { total: number; logs: IngestionLog[] };

export type IngestionSummary = {
  doc_num: number;
  chunk_num: number;
  token_num: number;
  status: {
    unstart_count: number;
    running_count: number;
    cancel_count: number;
    done_count: number;
    fail_count: number;
  };
};
