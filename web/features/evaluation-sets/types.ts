import type { InferInput } from "valibot";
import type {
  ApplyRunSchema,
  CreateEvaluationSetSchema,
  FromTrafficSchema,
  QuestionItemSchema,
} from "../../../worker/contract/evaluation-sets";

// The test sets' API types, from the worker's contract (what the web app sends is each schema's input).
export type {
  EvaluationAlert,
  EvaluationMetrics,
  EvaluationQuestion,
  EvaluationQuestionResult,
  EvaluationResultChunk as EvaluationChunk,
  EvaluationRun,
  EvaluationRunSummary,
  EvaluationSet,
  ImportReport as ImportResult,
  RetrievalSettings,
  RunComparison,
} from "../../../worker/contract/evaluation-sets";

export type SetInput = InferInput<typeof CreateEvaluationSetSchema>;
export type QuestionInput = InferInput<typeof QuestionItemSchema>;
export type ApplyTarget = InferInput<typeof ApplyRunSchema>;
export type FromTrafficInput = InferInput<typeof FromTrafficSchema>;
