import type { TraceEntry } from "../../../contract/agents";

// D1 holds at most 2 MB in a row; a run's log stays well under it (with the question and history beside it).
const LOG_BYTES = 1_500_000;
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value ?? null)).length;

// A log too large to keep whole keeps its steps without their inputs and outputs, and nothing to rerun from.
export const fitLog = (trace: TraceEntry[], kept: Record<string, Record<string, unknown>> | null) => {
  if (bytes(trace) + bytes(kept) <= LOG_BYTES) return { trace, kept, trimmed: false };
  return {
    trace: trace.map((entry) => ({ ...entry, inputs: {}, outputs: { trimmed: true } })),
    kept: null,
    trimmed: true,
  };
};
