import type { Dsl } from "../../../contract/agents";
import type { DataflowDryRun } from "../../../contract/dataflow";
import type { ServiceContext } from "../../context";

export const dryRunPipeline = async (
  _ctx: ServiceContext,
  _dsl: Dsl,
  file: { name: string; bytes: Uint8Array },
): Promise<DataflowDryRun> => ({
  file: { name: file.name, size: file.bytes.byteLength },
  steps: [],
  chunks: [],
  chunk_count: 0,
  error: "not yet",
});
