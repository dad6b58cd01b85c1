import type { Dsl } from "../../../contract/agents";
import { type DataflowChunk, type DataflowStep, SEARCH_METHODS, type SearchMethod } from "../../../contract/dataflow";
import { UnreadableDocumentError } from "../../../rag/parse/types";
import type { Deps } from "../../context";
import { runExtractor } from "./extractor";
import { type PipelineFile, runParser } from "./parser";
import { pipelineSteps, type Step } from "./steps";
import { runTitleChunker } from "./title-chunker";
import { runTokenChunker } from "./token-chunker";
import { type Payload, PipelineError, type Progress } from "./types";

// How the chunks are indexed (the Tokenizer's settings; its defaults when the pipeline has none).
export type Indexing = { searchMethod: SearchMethod[]; fields: string[]; filenameEmbdWeight: number };

export type PipelineRun = {
  steps: { step: Step; payload: Payload | null; elapsed: number; error: string | null }[];
  chunks: DataflowChunk[];
  indexing: Indexing;
  error: string | null;
};

const COMPILER_UNSUPPORTED =
  "Compiler: Buddy has no compilation template groups (RAGFlow's), so this component cannot run. End the pipeline with a Tokenizer instead.";

const stringList = (value: unknown) =>
  (Array.isArray(value) ? value : typeof value === "string" ? [value] : []).map(String).filter(Boolean);

const indexingOf = (params: Record<string, unknown>): Indexing => ({
  searchMethod: stringList(params.search_method)
    .map((method) => method.toLowerCase())
    .filter((method): method is SearchMethod => (SEARCH_METHODS as readonly string[]).includes(method)),
  fields: stringList(params.fields).length ? stringList(params.fields) : ["text"],
  filenameEmbdWeight: Math.min(1, Math.max(0, Number(params.filename_embd_weight ?? 0.1) || 0)),
});

const DEFAULT_INDEXING: Indexing = {
  searchMethod: ["full_text", "embedding"],
  fields: ["text"],
  filenameEmbdWeight: 0.1,
};

const chunksOf = (payload: Payload | null): DataflowChunk[] =>
  !payload
    ? []
    : payload.format === "chunks"
      ? payload.chunks
      : payload.format === "json"
        ? payload.sections
        : payload.text.trim()
          ? [{ text: payload.text }]
          : [];

const runStep = async (
  deps: Deps,
  tenantId: string,
  step: Step,
  input: Payload | null,
  file: PipelineFile,
  progress: Progress,
): Promise<Payload | null> => {
  switch (step.name) {
    case "File":
      return null;
    case "Parser":
      return runParser(deps, tenantId, step.params, file);
    case "TokenChunker":
      return runTokenChunker(step.params, needInput(step, input));
    case "TitleChunker":
      return runTitleChunker(step.params, needInput(step, input));
    case "Extractor":
      return runExtractor(deps, tenantId, step.params, needInput(step, input), progress);
    case "Tokenizer":
      return { format: "chunks", chunks: chunksOf(needInput(step, input)) };
    case "Compiler":
      throw new PipelineError(COMPILER_UNSUPPORTED);
  }
};

const needInput = (step: Step, input: Payload | null) => {
  if (!input) throw new PipelineError(`${step.name} needs a Parser before it.`);
  return input;
};

// Runs an ingestion pipeline on one file, component by component. A component's failure ends the run: its step
// carries the error and so does the run (nothing is thrown for a failure the user should read).
export const runPipeline = async (
  deps: Deps,
  tenantId: string,
  dsl: Dsl,
  file: PipelineFile,
  progress: Progress,
): Promise<PipelineRun> => {
  const run: PipelineRun = { steps: [], chunks: [], indexing: DEFAULT_INDEXING, error: null };
  let steps: Step[];
  try {
    steps = pipelineSteps(dsl);
  } catch (error) {
    if (error instanceof PipelineError) return { ...run, error: error.message };
    throw error;
  }
  let payload: Payload | null = null;
  for (const [i, step] of steps.entries()) {
    const started = Date.now();
    try {
      payload = await runStep(deps, tenantId, step, payload, file, progress);
      if (step.name === "Tokenizer") run.indexing = indexingOf(step.params);
      run.steps.push({ step, payload, elapsed: (Date.now() - started) / 1000, error: null });
      await progress(0.1 + (0.5 * (i + 1)) / steps.length, `${step.name} (${step.id}) done.`);
    } catch (error) {
      if (!(error instanceof PipelineError || error instanceof UnreadableDocumentError)) throw error;
      run.steps.push({ step, payload: null, elapsed: (Date.now() - started) / 1000, error: error.message });
      return { ...run, error: error.message };
    }
  }
  return { ...run, chunks: chunksOf(payload).filter((chunk) => chunk.text.trim()) };
};

// The run as the dry run answers it: each component's output, the first chunks.
export const stepView = (
  entry: PipelineRun["steps"][number],
  preview: number,
  textMax: number,
  indexing: Indexing,
): DataflowStep => {
  const { step, payload, elapsed, error } = entry;
  const base = {
    component_id: step.id,
    component_name: step.name,
    elapsed_time: elapsed,
    error,
    output_format: payload ? payload.format : null,
  };
  if (!payload) return base;
  if (payload.format === "json" || payload.format === "chunks") {
    const items = payload.format === "json" ? payload.sections : payload.chunks;
    return {
      ...base,
      chunks: items.slice(0, preview),
      count: items.length,
      ...(step.name === "Tokenizer" ? { search_method: indexing.searchMethod } : {}),
    };
  }
  return { ...base, text: payload.text.slice(0, textMax), count: 1 };
};
