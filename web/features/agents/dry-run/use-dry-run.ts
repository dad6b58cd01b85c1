import { useMutation } from "@tanstack/react-query";
import type { Dsl } from "../../../../worker/contract/agents";
import { dryRunPipeline } from "../../../api/agents";

// Runs the pipeline as the editor has it on one file; the answer holds every step's output.
export const useDryRun = (agentId: string) =>
  useMutation({ mutationFn: ({ file, dsl }: { file: File; dsl: Dsl }) => dryRunPipeline(agentId, file, dsl) });
