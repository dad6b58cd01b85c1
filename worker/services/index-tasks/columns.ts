import type { DatasetRow, IndexTaskType } from "../../db/schema";

// Where a dataset remembers its last task of each kind (RAGFlow's raptor_task_id, graphrag_task_id).
const FIELDS = {
  raptor: { id: "raptorTaskId", finishAt: "raptorTaskFinishAt" },
  graph: { id: "graphragTaskId", finishAt: "graphragTaskFinishAt" },
  mindmap: { id: "mindmapTaskId", finishAt: "mindmapTaskFinishAt" },
} as const satisfies Record<IndexTaskType, { id: keyof DatasetRow; finishAt: keyof DatasetRow }>;

export const currentTaskId = (dataset: DatasetRow, type: IndexTaskType) => dataset[FIELDS[type].id];

export const taskFields = (type: IndexTaskType, taskId: string | null, finishAt: number | null): Partial<DatasetRow> => ({
  [FIELDS[type].id]: taskId,
  [FIELDS[type].finishAt]: finishAt,
});

export const finishField = (type: IndexTaskType, finishAt: number): Partial<DatasetRow> => ({ [FIELDS[type].finishAt]: finishAt });
