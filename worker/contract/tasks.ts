import * as v from "valibot";

// RAGFlow's PATCH /tasks/{id}: `action` is required, and "stop" is the only one it knows.
export const TaskActionSchema = v.object({ action: v.string() });
export const TASK_ACTIONS = ["stop"] as const;
