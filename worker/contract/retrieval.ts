import * as v from "valibot";
import { MetadataConditionSchema } from "./metadata-condition";
import { pythonFloatError, pythonIntError } from "./python-errors";
import { msg, optionalOrNull } from "./pydantic";

// document ids are looked up bound one by one (their datasets, a search app's check; D1 allows 100 parameters)
export const MAX_DOCUMENT_FILTER = 64;

// RAGFlow's cross_languages: the chat model translates the question into these languages (English names, as
// RAGFlow's web app sends them) and the question is searched together with its translations.
export const CROSS_LANGUAGE_CHOICES = [
  "English",
  "German",
  "French",
  "Spanish",
  "Italian",
  "Dutch",
  "Polish",
  "Portuguese",
  "Chinese",
  "Japanese",
  "Korean",
  "Vietnamese",
] as const;
// every offered language can be ticked at once
export const MAX_CROSS_LANGUAGES = CROSS_LANGUAGE_CHOICES.length;
export const CrossLanguagesSchema = v.pipe(
  v.array(
    v.pipe(v.string(msg.string), v.trim(), v.nonEmpty("A language can't be empty."), v.maxLength(64, msg.maxChars(64))),
    "`cross_languages` should be a list.",
  ),
  v.maxLength(MAX_CROSS_LANGUAGES, `At most ${MAX_CROSS_LANGUAGES} cross_languages.`),
);

const weight = v.pipe(v.number(msg.number), v.minValue(0, msg.gte(0)), v.maxValue(1, msg.lte(1)));

// RAGFlow reads these with int() and falls back to the default below 1 (pagination_utils)
// int(): null or a word raises there (code 100 with its line)
const intLike = v.pipe(
  v.union([v.number(), v.string()], (issue) => pythonIntError(issue.input)),
  v.check(
    (value) => typeof value === "number" || /^\s*[-+]?\d+\s*$/.test(value),
    (issue) => pythonIntError(issue.input),
  ),
);

const bodyPage = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  v.optional(
    v.pipe(
      intLike,
      v.transform(Number),
      v.integer(msg.integer),
      v.maxValue(max, msg.lte(max)),
      v.transform((value) => (value < 1 ? fallback : value)),
    ),
    fallback,
  );

// RAGFlow takes float(vector_similarity_weight) unchecked; Buddy keeps the blend of the two scores inside [0, 1]
const vectorWeight = v.pipe(
  v.number((issue) => (typeof issue.input === "string" ? pythonFloatError(issue.input) : msg.number)),
  v.transform((value) => Math.min(1, Math.max(0, value))),
);

// RAGFlow's highlight: a boolean, or "true"/"false" in any case; null is false
const HIGHLIGHT_NOT_BOOLEAN = "`highlight` should be a boolean";
const highlightFlag = v.optional(
  v.pipe(
    v.nullable(
      v.union(
        [v.boolean(), v.pipe(v.string(), v.regex(/^(true|false)$/i, HIGHLIGHT_NOT_BOOLEAN))],
        HIGHLIGHT_NOT_BOOLEAN,
      ),
    ),
    v.transform((value) => value === true || (typeof value === "string" && value.toLowerCase() === "true")),
  ),
  false,
);

export const RetrievalSchema = v.pipe(
  v.object({
    question: v.pipe(v.string("`question` is required."), v.trim(), v.nonEmpty("`question` is required.")),
    dataset_ids: v.optional(v.array(v.string(), "`dataset_ids` should be a list."), []),
    document_ids: v.optional(
      v.pipe(
        // RAGFlow's retrieval_test names the field `documents` here
        v.array(v.string(), "`documents` should be a list"),
        v.maxLength(MAX_DOCUMENT_FILTER, `At most ${MAX_DOCUMENT_FILTER} document_ids per request.`),
      ),
      [],
    ),
    page: bodyPage(1),
    page_size: bodyPage(30, 1024),
    similarity_threshold: v.optional(weight, 0.2),
    vector_similarity_weight: v.optional(vectorWeight, 0.3),
    keyword_similarity_weight: v.optional(weight),
    top_k: v.optional(
      v.pipe(intLike, v.transform(Number), v.integer(msg.integer), v.minValue(1, "`top_k` must be greater than 0")),
      1024,
    ),
    rerank_id: optionalOrNull(v.string(msg.string)),
    keyword: v.optional(v.boolean(msg.boolean), false),
    // the SDK's retrieve() sends None when no languages are given
    cross_languages: v.optional(
      v.pipe(
        v.nullable(CrossLanguagesSchema),
        v.transform((value) => value ?? []),
      ),
      [],
    ),
    highlight: highlightFlag,
    // the knowledge graph's entities and relations the question names, as one chunk put first
    use_kg: v.optional(v.boolean(msg.boolean), false),
    metadata_condition: optionalOrNull(MetadataConditionSchema),
  }),
  // RAGFlow's retrieval_test: document_ids narrow the datasets, they do not name them
  v.check((input) => input.dataset_ids.length > 0, "`dataset_ids` is required."),
  v.check(
    (input) =>
      input.keyword_similarity_weight === undefined ||
      Math.abs(input.keyword_similarity_weight + input.vector_similarity_weight - 1) < 1e-6,
    "keyword_similarity_weight + vector_similarity_weight must equal 1.0",
  ),
);
export type RetrievalInput = v.InferOutput<typeof RetrievalSchema>;

export type RetrievedChunk = {
  id: string;
  content: string;
  content_ltks: string;
  document_id: string;
  document_keyword: string;
  dataset_id: string;
  // only with `highlight: true`
  highlight?: string;
  image_id: string;
  // Buddy's: a signed address of the chunk's image (only with an image_id), loadable without signing in
  image_url?: string;
  important_keywords: string[];
  questions: string[];
  positions: number[][];
  similarity: number;
  term_similarity: number;
  vector_similarity: number;
  tag_kwd: string[];
  // a parent of parent-child chunking: its id (the chunk's own id is its best matching child's)
  mom_id?: string;
};

export type DocAggregate = { doc_id: string; doc_name: string; count: number };

export type RetrievalResult = { chunks: RetrievedChunk[]; doc_aggs: DocAggregate[]; total: number };
