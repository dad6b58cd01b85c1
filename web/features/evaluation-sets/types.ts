// Issue 37's API contract (quality test sets), copied until the worker's contract module exists; the lead switches
// these to `worker/contract/evaluation-sets` on merge.

export type RetrievalSettings = {
  similarity_threshold?: number;
  vector_similarity_weight?: number;
  top_k?: number;
  rerank_id?: string;
  keyword?: boolean;
  use_kg?: boolean;
  cross_languages?: string[];
  tag_ids?: string[];
  // answer checks: with a chat model (the assistant's), check reference answers
  chat_id?: string;
};

export type EvaluationMetrics = {
  ndcg_at_10: number;
  hit_at_1: number;
  hit_at_5: number;
  hit_at_10: number;
  mrr: number;
  recall_at_10: number;
  answer_fact_recall?: number;
  answer_citation_precision?: number;
};

export type EvaluationRunSummary = {
  id: string;
  set_id: string;
  label: string;
  status: "queued" | "running" | "done" | "failed";
  progress: number;
  settings: RetrievalSettings;
  metrics: EvaluationMetrics | null;
  error: string | null;
  trigger: "manual" | "reparse";
  create_time: number;
  finish_time: number | null;
};

export type EvaluationSet = {
  id: string;
  name: string;
  description: string;
  dataset_ids: string[];
  question_count: number;
  schedule_after_reparse: boolean;
  alert_margin: number;
  last_run: EvaluationRunSummary | null;
  create_time: number;
  update_time: number;
};

export type EvaluationQuestion = {
  id: string;
  question: string;
  expected_doc_ids: string[];
  expected_chunk_ids: string[];
  expected_text: string | null;
  relevance: Record<string, number> | null;
  reference_answer: string | null;
  source: "manual" | "import" | "feedback" | "unanswered";
  create_time: number;
};

export type EvaluationChunk = {
  id: string;
  document_id: string;
  document_name: string;
  content: string;
  similarity: number;
  correct: boolean;
};

export type EvaluationQuestionResult = {
  question_id: string;
  question: string;
  hit_rank: number | null;
  ndcg_at_10: number;
  recall_at_10: number;
  chunks: EvaluationChunk[];
  answer?: string;
  answer_facts_found?: number;
  answer_facts_total?: number;
};

export type EvaluationRun = EvaluationRunSummary & { questions: EvaluationQuestionResult[] };

export type RunComparison = {
  a: EvaluationRunSummary;
  b: EvaluationRunSummary;
  delta: Record<keyof EvaluationMetrics, number>;
  questions: {
    question_id: string;
    question: string;
    a_rank: number | null;
    b_rank: number | null;
    change: "better" | "worse" | "same";
    a_chunks: EvaluationChunk[];
    b_chunks: EvaluationChunk[];
  }[];
};

export type EvaluationAlert = {
  set_id: string;
  set_name: string;
  run_id: string;
  previous_run_id: string;
  metric: "ndcg_at_10";
  previous: number;
  current: number;
  drop: number;
};

export type SetInput = {
  name: string;
  dataset_ids: string[];
  description?: string;
  schedule_after_reparse?: boolean;
  alert_margin?: number;
};

export type QuestionInput = {
  question: string;
  expected_doc_ids?: string[];
  expected_chunk_ids?: string[];
  expected_text?: string;
  relevance?: Record<string, number>;
  reference_answer?: string;
  source?: EvaluationQuestion["source"];
};

export type ImportResult = { added: number; errors: { line: number; message: string }[] };

export type ApplyTarget = { target: "chat"; chat_id: string } | { target: "dataset"; dataset_id: string };

export type FromTrafficInput = { feedback_id?: string; unanswered_question?: string; expected_chunk_ids?: string[] };
