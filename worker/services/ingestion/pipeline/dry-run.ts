import type { Dsl } from "../../../contract/agents";
import { type DataflowDryRun, DRY_RUN_PREVIEW_MAX, DRY_RUN_TEXT_MAX } from "../../../contract/dataflow";
import { extensionOf } from "../../../contract/documents";
import type { ServiceContext } from "../../context";
import { runPipeline, stepView } from "./run";

// Runs a pipeline on an uploaded file without storing anything: each component's output and the chunks.
export const dryRunPipeline = async (
  ctx: ServiceContext,
  dsl: Dsl,
  file: { name: string; bytes: Uint8Array },
): Promise<DataflowDryRun> => {
  const run = await runPipeline(
    ctx,
    ctx.actor.tenantId,
    dsl,
    { name: file.name, suffix: extensionOf(file.name), bytes: file.bytes },
    async () => {},
  );
  return {
    file: { name: file.name, size: file.bytes.byteLength },
    steps: run.steps.map((entry) => stepView(entry, DRY_RUN_PREVIEW_MAX, DRY_RUN_TEXT_MAX, run.indexing)),
    chunks: run.chunks.slice(0, DRY_RUN_PREVIEW_MAX),
    chunk_count: run.chunks.length,
    error: run.error,
  };
};
