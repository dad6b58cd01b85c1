import * as v from "valibot";
import { msg, queryInt, str } from "./pydantic";

// POST /agents/rerun (RAGFlow v0.27's path and fields): `id` is the failed run's message id, `component_id` the
// step to start again from (its failed step when left out). RAGFlow's `dsl` is accepted and not used: the saved
// flow runs, so a fix saved in the editor takes effect.
export const RerunAgentSchema = v.object({
  id: str(1, 64),
  component_id: v.optional(str(1, 200)),
  dsl: v.optional(v.unknown()),
  stream: v.optional(v.boolean(msg.boolean), false),
});
export type RerunAgentInput = v.InferOutput<typeof RerunAgentSchema>;

// POST /agents/{id}/components/{cid}/debug: a sample value for each variable the component reads,
// keyed `cid@key`, `sys.query` or `env.name` (RAGFlow's input-form keys), as RAGFlow sends them: {key: {value}}.
export const DebugComponentSchema = v.object({
  params: v.record(v.string(), v.object({ value: v.unknown() }, msg.dict), msg.dict),
});
export type DebugComponentInput = v.InferOutput<typeof DebugComponentSchema>;

export const ListRunLogsQuerySchema = v.object({
  page: queryInt(1, 1),
  page_size: queryInt(30, 1, 100),
});
