import * as v from "valibot";
import { msg, oneOf, queryInt } from "./pydantic";
import { CrossLanguagesSchema } from "./retrieval";

// Quality test sets (issue 37): questions with what counts as a correct hit, runs through the one retrieval
// path, metrics per run, comparisons, alerts (docs/evaluation.md, "Test sets").
export const EVAL_NAME_MAX = 128;
export const EVAL_DESCRIPTION_MAX = 1000;
export const EVAL_QUESTION_MAX = 2000;
export const EVAL_EXPECTED_TEXT_MAX = 2000;
export const EVAL_REFERENCE_MAX = 8000;
export const EVAL_ITEMS_PER_REQUEST = 500;
export const EVAL_QUESTIONS_PER_SET = 2000;
export const EVAL_DATASETS_MAX = 20;
// expected chunk or document ids of one question, and graded relevance entries
export const EVAL_EXPECTED_IDS_MAX = 50;
export const EVAL_TAG_IDS_MAX = 20;
export const EVAL_LABEL_MAX = 128;
export const EVAL_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_ALERT_MARGIN = 0.05;

export const QUESTION_SOURCES = ["manual", "import", "feedback", "unanswered"] as const;
export type QuestionSource = (typeof QUESTION_SOURCES)[number];
export const RUN_STATUSES = ["queued", "running", "done", "failed"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const RUN_TRIGGERS = ["manual", "reparse"] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

// Messages leave the field out: the body validator puts its path first ("`items[2].question`: …").
const text = (max: number) =>
  v.pipe(v.string(msg.string), v.trim(), v.nonEmpty("Can not be empty."), v.maxLength(max, msg.maxChars(max)));
const optionalText = (max: number) =>
  v.optional(
    v.pipe(
      v.nullable(v.pipe(v.string(msg.string), v.trim(), v.maxLength(max, msg.maxChars(max)))),
      v.transform((value) => value || null),
    ),
  );
const idList = (max: number) =>
  v.pipe(
    v.array(v.pipe(v.string(msg.string), v.trim(), v.nonEmpty("An id can not be empty.")), msg.list),
    v.maxLength(max, `At most ${max} ids.`),
    v.transform((ids) => [...new Set(ids)]),
  );
const margin = v.pipe(v.number(msg.number), v.minValue(0, msg.gte(0)), v.maxValue(1, msg.lte(1)));
const weight = margin;

const datasetIds = v.pipe(
  idList(EVAL_DATASETS_MAX),
  v.minLength(1, "`dataset_ids` needs at least one knowledge base."),
);

const SetFields = {
  name: text(EVAL_NAME_MAX),
  description: v.optional(
    v.pipe(v.string(msg.string), v.maxLength(EVAL_DESCRIPTION_MAX, msg.maxChars(EVAL_DESCRIPTION_MAX))),
  ),
  dataset_ids: datasetIds,
  schedule_after_reparse: v.optional(v.boolean(msg.boolean)),
  alert_margin: v.optional(margin),
};

export const CreateEvaluationSetSchema = v.object(SetFields);
export type CreateEvaluationSetInput = v.InferOutput<typeof CreateEvaluationSetSchema>;

export const UpdateEvaluationSetSchema = v.partial(v.object(SetFields));
export type UpdateEvaluationSetInput = v.InferOutput<typeof UpdateEvaluationSetSchema>;

export const ListEvaluationSetsQuerySchema = v.object({
  page: queryInt(1, 1),
  page_size: queryInt(30, 1, 100),
  keywords: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, msg.maxChars(200)))),
});
export type ListEvaluationSetsQuery = v.InferOutput<typeof ListEvaluationSetsQuerySchema>;

export const PageQuerySchema = v.object({ page: queryInt(1, 1), page_size: queryInt(30, 1, 100) });
export type PageQuery = v.InferOutput<typeof PageQuerySchema>;

const grade = v.pipe(
  v.number(msg.integer),
  v.integer(msg.integer),
  v.minValue(1, msg.gte(1)),
  v.maxValue(3, msg.lte(3)),
);
const relevance = v.pipe(
  v.record(v.pipe(v.string(), v.nonEmpty("An id can not be empty.")), grade, msg.dict),
  v.check(
    (value) => Object.keys(value).length <= EVAL_EXPECTED_IDS_MAX,
    `At most ${EVAL_EXPECTED_IDS_MAX} \`relevance\` entries.`,
  ),
);

const QuestionFields = {
  question: text(EVAL_QUESTION_MAX),
  expected_doc_ids: v.optional(idList(EVAL_EXPECTED_IDS_MAX), []),
  expected_chunk_ids: v.optional(idList(EVAL_EXPECTED_IDS_MAX), []),
  expected_text: optionalText(EVAL_EXPECTED_TEXT_MAX),
  relevance: v.optional(v.nullable(relevance)),
  reference_answer: optionalText(EVAL_REFERENCE_MAX),
  source: v.optional(oneOf(QUESTION_SOURCES)),
};

const EXPECTATION = "needs at least one of `expected_doc_ids`, `expected_chunk_ids`, `expected_text`.";
export const hasExpectation = (item: {
  expected_doc_ids: string[];
  expected_chunk_ids: string[];
  expected_text?: string | null;
}) => item.expected_doc_ids.length > 0 || item.expected_chunk_ids.length > 0 || !!item.expected_text;

export const QuestionItemSchema = v.pipe(
  v.object(QuestionFields),
  v.check((item) => hasExpectation(item), `A question ${EXPECTATION}`),
);
export type QuestionItemInput = v.InferOutput<typeof QuestionItemSchema>;

export const AddQuestionsSchema = v.object({
  items: v.pipe(
    v.array(QuestionItemSchema, msg.list),
    v.minLength(1, "`items` needs at least one question."),
    v.maxLength(EVAL_ITEMS_PER_REQUEST, `At most ${EVAL_ITEMS_PER_REQUEST} \`items\` per request.`),
  ),
});
export type AddQuestionsInput = v.InferOutput<typeof AddQuestionsSchema>;

// A question changed in part; the expectation check runs on the merged question.
export const UpdateQuestionSchema = v.partial(v.object(QuestionFields));
export type UpdateQuestionInput = v.InferOutput<typeof UpdateQuestionSchema>;
export const QUESTION_NEEDS_EXPECTATION = `The question ${EXPECTATION}`;

export const RemoveQuestionsSchema = v.object({
  ids: v.pipe(idList(EVAL_QUESTIONS_PER_SET), v.minLength(1, "`ids` needs at least one question id.")),
});
export type RemoveQuestionsInput = v.InferOutput<typeof RemoveQuestionsSchema>;

export const FromTrafficSchema = v.pipe(
  v.object({
    feedback_id: v.optional(v.pipe(v.string(msg.string), v.trim(), v.nonEmpty("Can not be empty."))),
    unanswered_question: v.optional(text(EVAL_QUESTION_MAX)),
    expected_chunk_ids: v.optional(idList(EVAL_EXPECTED_IDS_MAX)),
  }),
  v.check(
    (input) => !!input.feedback_id !== !!input.unanswered_question,
    "Give either `feedback_id` or `unanswered_question`.",
  ),
);
export type FromTrafficInput = v.InferOutput<typeof FromTrafficSchema>;

// The names and limits of POST /retrieval, plus the assistant for answer checks.
export const RetrievalSettingsSchema = v.object({
  similarity_threshold: v.optional(weight),
  vector_similarity_weight: v.optional(weight),
  top_k: v.optional(
    v.pipe(
      v.number(msg.integer),
      v.integer(msg.integer),
      v.minValue(1, "`top_k` must be greater than 0"),
      v.maxValue(1024, msg.lte(1024)),
    ),
  ),
  rerank_id: v.optional(
    v.pipe(v.string(msg.string), v.trim(), v.nonEmpty("Can not be empty."), v.maxLength(256, msg.maxChars(256))),
  ),
  keyword: v.optional(v.boolean(msg.boolean)),
  use_kg: v.optional(v.boolean(msg.boolean)),
  cross_languages: v.optional(CrossLanguagesSchema),
  tag_ids: v.optional(idList(EVAL_TAG_IDS_MAX)),
  chat_id: v.optional(v.pipe(v.string(msg.string), v.trim(), v.nonEmpty("Can not be empty."))),
});
export type RetrievalSettings = v.InferOutput<typeof RetrievalSettingsSchema>;

export const StartRunSchema = v.object({
  label: v.optional(v.pipe(v.string(msg.string), v.trim(), v.maxLength(EVAL_LABEL_MAX, msg.maxChars(EVAL_LABEL_MAX)))),
  settings: v.optional(RetrievalSettingsSchema, {}),
});
export type StartRunInput = v.InferOutput<typeof StartRunSchema>;

export const CompareRunsQuerySchema = v.object({
  a: v.pipe(v.string("`a` is required"), v.trim(), v.nonEmpty("`a` is required")),
  b: v.pipe(v.string("`b` is required"), v.trim(), v.nonEmpty("`b` is required")),
});
export type CompareRunsQuery = v.InferOutput<typeof CompareRunsQuerySchema>;

export const ApplyRunSchema = v.variant(
  "target",
  [
    v.object({ target: v.literal("chat"), chat_id: text(64) }),
    v.object({ target: v.literal("dataset"), dataset_id: text(64) }),
  ],
  "`target` should be 'chat' or 'dataset'.",
);
export type ApplyRunInput = v.InferOutput<typeof ApplyRunSchema>;

// ---- what the API returns ----

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
export type MetricKey = keyof EvaluationMetrics;
export const RETRIEVAL_METRICS = ["ndcg_at_10", "hit_at_1", "hit_at_5", "hit_at_10", "mrr", "recall_at_10"] as const;
export const ANSWER_METRICS = ["answer_fact_recall", "answer_citation_precision"] as const;

export type EvaluationRunSummary = {
  id: string;
  set_id: string;
  label: string;
  status: RunStatus;
  progress: number;
  settings: RetrievalSettings;
  metrics: EvaluationMetrics | null;
  error: string | null;
  trigger: RunTrigger;
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
  source: QuestionSource;
  create_time: number;
};

export type EvaluationResultChunk = {
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
  chunks: EvaluationResultChunk[];
  answer?: string;
  answer_facts_found?: number;
  answer_facts_total?: number;
};

export type EvaluationRun = EvaluationRunSummary & { questions: EvaluationQuestionResult[] };

export type RunComparison = {
  a: EvaluationRunSummary;
  b: EvaluationRunSummary;
  delta: Partial<Record<MetricKey, number>>;
  questions: {
    question_id: string;
    question: string;
    a_rank: number | null;
    b_rank: number | null;
    change: "better" | "worse" | "same";
    a_chunks: EvaluationResultChunk[];
    b_chunks: EvaluationResultChunk[];
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

export type ImportReport = { added: number; errors: { line: number; message: string }[] };
