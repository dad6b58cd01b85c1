import type { DataflowChunk, ParserOutputFormat } from "../../../contract/dataflow";

// What one component hands the next: a Parser's document (sections or one text), or chunks.
export type Payload =
  | { format: "json"; sections: DataflowChunk[] }
  | { format: Exclude<ParserOutputFormat, "json">; text: string }
  | { format: "chunks"; chunks: DataflowChunk[] };

// A run's failure the user should read (a component's setting, a missing model), not a crash to retry.
export class PipelineError extends Error {}

export type Progress = (progress: number, message?: string) => Promise<void>;
