import type { IndexType } from "../../contract/dataset-index";
import type { DatasetRow } from "../../db/schema";

// Where a dataset remembers its last task of each kind (RAGFlow's raptor_task_id, graphrag_task_id).
const FIELDS = {
  raptor: { id: "raptorTaskId", finishAt: "raptorTaskFinishAt" },
  graph: { id: "graphragTaskId", finishAt: "graphragTaskFinishAt" },
  mindmap: { id: "mindmapTaskId", finishAt: "mindmapTaskFinishAt" },
} as const satisfies Record<IndexType, { id: keyof DatasetRow; finishAt: keyof DatasetRow }>;

export const currentTaskId = (dataset: DatasetRow, type: IndexType) => dataset[FIELDS[type].id];

export const taskFields = (type: IndexType, taskId: string | null, finishAt: number | null): Partial<DatasetRow> => ({
  [FIELDS[type].id]: taskId,
  [FIELDS[type].finishAt]: finishAt,
});

export const finishField = (type: IndexType, finishAt: number): Partial<DatasetRow> => ({
  [FIELDS[type].finishAt]: finishAt,
});
