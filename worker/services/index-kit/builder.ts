import type { DatasetRow, DatasetTaskRow } from "../../db/schema";
import type { Deps } from "../context";

// A failure that ends the task with its message (no retry would help).
export class IndexTaskFailed extends Error {}
export class TaskCancelled extends Error {}

export type Reporter = {
  report: (progress: number, message?: string) => Promise<void>;
  // a line at the progress already reached
  note: (message: string) => Promise<void>;
  // "still working", between lines (the watchdog re-queues a task that stays silent)
  beat: () => Promise<void>;
};

// Builds one kind of dataset-wide index; returns the chunks it wrote (for the task row).
export type IndexBuilder = {
  build: (deps: Deps, dataset: DatasetRow, task: DatasetTaskRow, reporter: Reporter) => Promise<string[]>;
  // what a task wrote after it was cancelled must not stay behind
  cleanup: (deps: Deps, datasetId: string, taskId: string) => Promise<void>;
};

// One kind of dataset-wide index (RAPTOR, knowledge graph, mind map), registered once: how a task builds it,
// how it is removed, and how its tasks are answered.
export type IndexKind = IndexBuilder & {
  // the key of the new task's id in the answer that starts one (RAGFlow's raptor_task_id, graphrag_task_id)
  responseKey: string;
  // removes what the kind built (RAGFlow's unbind_task)
  remove: (deps: Deps, datasetId: string) => Promise<void>;
  // what the chat model is needed for, in the error when there is none
  needs: string;
};
