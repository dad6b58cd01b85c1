import type { ProgressLine } from "./message-catalogue";
import * as v from "valibot";

// RAGFlow's dataset-wide indexes (POST/GET/DELETE /datasets/{id}/index?type=…): RAPTOR, the knowledge graph and
// the mind map.
export const INDEX_TYPES = ["raptor", "graph", "mindmap"] as const;
export type IndexType = (typeof INDEX_TYPES)[number];
// RAGFlow's names for them, in messages and as the task type of their logs
export const INDEX_LABELS = { raptor: "RAPTOR", graph: "GraphRAG", mindmap: "Mindmap" } as const satisfies Record<
  IndexType,
  string
>;

export const IndexQuerySchema = v.object({
  type: v.picklist(INDEX_TYPES, `type must be one of: ${INDEX_TYPES.join(", ")}`),
});

// The task row RAGFlow's trace endpoints answer (its Task table's fields).
export type DatasetTask = {
  id: string;
  doc_id: string;
  from_page: number;
  to_page: number;
  task_type: IndexType;
  priority: number;
  begin_at: string | null;
  process_duration: number;
  progress: number;
  progress_msg: string;
  // Buddy's: progress_msg line by line, each with its catalogue code (contract/message-catalogue.ts)
  progress_lines: ProgressLine[];
  retry_count: number;
  digest: string;
  chunk_ids: string;
  create_time: number;
  create_date: string;
  update_time: number;
  update_date: string;
};
