import * as v from "valibot";
import { type Dsl, dslCategoryProblem } from "../../contract/agents";
import type { DataflowDryRun } from "../../contract/dataflow";
import { argumentError, dataError } from "../../lib/errors";
import { formatIssues } from "../../lib/validation";
import type { ServiceContext } from "../context";
import { assertUploadable } from "../documents/upload";
import { dryRunPipeline } from "../ingestion/pipeline/dry-run";
import { getVisibleAgent } from "./access";
import { CreateAgentSchema } from "../../contract/agents";

const DslOnly = v.object({ dsl: CreateAgentSchema.pipe[0].entries.dsl });

// A DSL sent with the file (the editor's unsaved canvas) is checked like a saved one.
const dslFromForm = (raw: File | string | null): Dsl | null => {
  if (raw === null) return null;
  if (typeof raw !== "string") throw argumentError("`dsl` must be JSON text.");
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw argumentError("`dsl` is not valid JSON.");
  }
  const result = v.safeParse(DslOnly, { dsl: parsed });
  if (!result.success) throw argumentError(formatIssues(result.issues));
  return result.output.dsl as Dsl;
};

// POST /agents/{id}/dataflow/test: runs an ingestion pipeline on one uploaded file and answers each component's
// output; nothing is stored.
export const testDataflow = async (ctx: ServiceContext, agentId: string, form: FormData): Promise<DataflowDryRun> => {
  const agent = await getVisibleAgent(ctx, agentId);
  if (agent.canvasCategory !== "dataflow_canvas")
    throw dataError("Only an ingestion pipeline (canvas_category dataflow_canvas) can be tested on a file.");
  const files = form.getAll("file").filter((entry): entry is File => typeof entry !== "string");
  assertUploadable(files);
  const [file] = files;
  if (!file || files.length > 1) throw argumentError("Send one file.");
  const dsl = dslFromForm(form.get("dsl")) ?? agent.dsl;
  const problem = dslCategoryProblem("dataflow_canvas", dsl);
  if (problem) throw argumentError(problem);
  return dryRunPipeline(ctx, dsl, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
};
