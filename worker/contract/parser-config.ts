import * as v from "valibot";
import { type AutoMetadataField, AutoMetadataFieldsSchema } from "./auto-metadata";
import { bool, float, int, msg, oneOf, str } from "./pydantic";

export const CHUNK_METHODS = [
  "naive",
  "book",
  "email",
  "laws",
  "manual",
  "one",
  "paper",
  "picture",
  "presentation",
  "qa",
  "table",
  "tag",
  "resume",
  "audio",
] as const;
export type ChunkMethod = (typeof CHUNK_METHODS)[number];
// RAGFlow v0.27's own methods: what a refused chunk_method lists, so its clients see the list they know. `audio`
// (Buddy's transcription method) is still taken, only not named there.
export const RAGFLOW_CHUNK_METHODS = CHUNK_METHODS.filter((method) => method !== "audio");

export const LAYOUT_RECOGNIZERS = ["DeepDOC", "Plain Text"] as const;
export const GRAPHRAG_METHODS = ["light", "general", "ner"] as const;
export type GraphragMethod = (typeof GRAPHRAG_METHODS)[number];
export const RAPTOR_SCOPES = ["file", "dataset"] as const;
export type RaptorScope = (typeof RAPTOR_SCOPES)[number];
export const DEFAULT_ENTITY_TYPES = ["organization", "person", "geo", "event", "category"];

export const DEFAULT_RAPTOR_PROMPT =
  "Please summarize the following paragraphs. Be careful with the numbers, do not make things up. Paragraphs as following:\n      {cluster_content}\nThe above is the content you need to summarize.";

// A delimiter string is a set of single characters plus `multi-character` sequences in backticks.
export const hasBalancedBackticks = (delimiter: string) => (delimiter.match(/`/g)?.length ?? 0) % 2 === 0;

// pydantic's strip_whitespace: a prompt of spaces is empty
const strippedText = (max: number) =>
  v.pipe(v.string(msg.string), v.trim(), v.minLength(1, msg.minChars(1)), v.maxLength(max, msg.maxChars(max)));

export const RaptorSchema = v.strictObject(
  {
    use_raptor: v.optional(bool()),
    prompt: v.optional(strippedText(65_535)),
    max_token: v.optional(int(1, 2048)),
    threshold: v.optional(float(0, 1)),
    max_cluster: v.optional(int(1, 1024)),
    random_seed: v.optional(int(0)),
    scope: v.optional(oneOf(RAPTOR_SCOPES)),
    // RAGFlow v0.27's agglomerative clustering settings; Buddy clusters with `threshold` (stored, not used)
    clustering_threshold: v.optional(float(0, 1)),
    clustering_ratio: v.optional(float(0, 1)),
    auto_disable_for_structured_data: v.optional(bool()),
  },
  msg.extra,
);

export const GraphragSchema = v.strictObject(
  {
    use_graphrag: v.optional(bool()),
    entity_types: v.optional(v.array(str(1, 128), msg.list)),
    method: v.optional(oneOf(GRAPHRAG_METHODS)),
    resolution: v.optional(bool()),
    community: v.optional(bool()),
    // RAGFlow v0.27's batching, retry and timeout settings for its graph workers (stored, not used)
    batch_chunk_token_size: v.optional(int(512, 8196)),
    retry_attempts: v.optional(int(1, 10)),
    retry_backoff_seconds: v.optional(float(0, 600)),
    retry_backoff_max_seconds: v.optional(float(0, 3600)),
    build_subgraph_timeout_per_chunk_seconds: v.optional(int(1, 86_400)),
    build_subgraph_min_timeout_seconds: v.optional(int(1, 86_400)),
    merge_timeout_seconds: v.optional(int(0, 86_400)),
    resolution_timeout_seconds: v.optional(int(0, 86_400)),
    community_timeout_seconds: v.optional(int(0, 86_400)),
    lock_acquire_timeout_seconds: v.optional(int(0, 86_400)),
  },
  msg.extra,
);

// RAGFlow v0.27's nested form of enable_children/children_delimiter; both forms are kept in step.
export const ParentChildSchema = v.strictObject(
  {
    use_parent_child: v.optional(bool()),
    children_delimiter: v.optional(
      v.pipe(str(1, 255), v.check(hasBalancedBackticks, "Multi-character delimiters must be enclosed in backticks")),
    ),
  },
  msg.extra,
);

const PageRangeSchema = v.pipe(
  // pydantic's text for an entry that is no [from, to] list
  v.tuple([int(1), int(1)], msg.list),
  v.check(([from, to]) => to >= from, "A range must end at or after its start"),
);

export const PagesSchema = v.pipe(
  v.array(PageRangeSchema, msg.list),
  v.check(
    (ranges) => ranges.every((range, i) => i === 0 || range[0] > (ranges[i - 1]?.[1] ?? 0)),
    "Each range must start after the previous range's end",
  ),
);

const delimiterSpec = (maxChars: number) =>
  v.pipe(str(1, maxChars), v.check(hasBalancedBackticks, "Multi-character delimiters must be enclosed in backticks"));

// RAGFlow's size check on the whole config (its JSON), made before any field is looked at
const PARSER_CONFIG_MAX_CHARS = 65_535;
const fitsParserConfigSize = (value: unknown) => {
  try {
    return JSON.stringify(value).length <= PARSER_CONFIG_MAX_CHARS;
  } catch {
    return false;
  }
};

export const ParserConfigSchema = v.strictObject(
  {
    chunk_token_num: v.optional(int(1, 2048)),
    delimiter: v.optional(delimiterSpec(65_535)),
    overlapped_percent: v.optional(int(0, 100)),
    enable_children: v.optional(bool()),
    children_delimiter: v.optional(delimiterSpec(255)),
    layout_recognize: v.optional(str(1, 255)),
    html4excel: v.optional(bool()),
    auto_keywords: v.optional(int(0, 32)),
    auto_questions: v.optional(int(0, 10)),
    // null: every page, and the chunk method's task size (RAGFlow's None)
    pages: v.optional(v.nullable(PagesSchema)),
    task_page_size: v.optional(v.nullable(int(1))),
    // an id that cannot name a knowledge base is stored and ignored, as RAGFlow does (tag-sets.ts)
    tag_kb_ids: v.optional(v.array(str(1, 255), msg.list)),
    topn_tags: v.optional(int(1, 10)),
    filename_embd_weight: v.optional(float(0, 1)),
    llm_id: v.optional(v.string(msg.string)),
    raptor: v.optional(RaptorSchema),
    graphrag: v.optional(GraphragSchema),
    parent_child: v.optional(ParentChildSchema),
    // RAGFlow v0.27: text around tables and images added to their chunks (stored, not used)
    table_context_size: v.optional(int(0)),
    image_context_size: v.optional(int(0)),
    enable_metadata: v.optional(bool()),
    metadata: v.optional(AutoMetadataFieldsSchema),
    built_in_metadata: v.optional(AutoMetadataFieldsSchema),
  },
  msg.extra,
);

// What a request's parser_config is checked with: the size of the whole first, then the fields
export const ParserConfigInputSchema = v.pipe(
  v.unknown(),
  v.check(fitsParserConfigSize, "Parser config exceeds size limit (max 65,535 characters)"),
  ParserConfigSchema,
);

export type ParserConfigInput = v.InferOutput<typeof ParserConfigSchema>;

const GRAPH_WORKER_DEFAULTS = {
  batch_chunk_token_size: 4096,
  retry_attempts: 2,
  retry_backoff_seconds: 2,
  retry_backoff_max_seconds: 60,
  build_subgraph_timeout_per_chunk_seconds: 300,
  build_subgraph_min_timeout_seconds: 600,
  merge_timeout_seconds: 180,
  resolution_timeout_seconds: 1800,
  community_timeout_seconds: 1800,
  lock_acquire_timeout_seconds: 600,
};
type GraphWorkerSetting = keyof typeof GRAPH_WORKER_DEFAULTS;

export type ParserConfig = {
  chunk_token_num: number;
  delimiter: string;
  overlapped_percent: number;
  // parent-child chunking (general method): each chunk is split again at children_delimiter into children that
  // are matched, while retrieval returns their parent
  enable_children: boolean;
  children_delimiter: string;
  layout_recognize: string;
  html4excel: boolean;
  auto_keywords: number;
  auto_questions: number;
  pages: [number, number][] | null;
  task_page_size: number | null;
  tag_kb_ids: string[];
  topn_tags: number;
  filename_embd_weight: number;
  llm_id: string;
  raptor: {
    use_raptor: boolean;
    prompt: string;
    max_token: number;
    threshold: number;
    max_cluster: number;
    random_seed: number;
    scope: RaptorScope;
    clustering_threshold: number;
    clustering_ratio: number;
    auto_disable_for_structured_data: boolean;
  };
  graphrag: {
    use_graphrag: boolean;
    entity_types: string[];
    method: GraphragMethod;
    resolution: boolean;
    community: boolean;
  } & Partial<Record<GraphWorkerSetting, number>>;
  parent_child: { use_parent_child: boolean; children_delimiter: string };
  table_context_size: number;
  image_context_size: number;
  // RAGFlow's auto metadata: the chat model fills these fields of each document at parsing
  enable_metadata: boolean;
  metadata: AutoMetadataField[];
  built_in_metadata: AutoMetadataField[];
};

export const defaultParserConfig = (method: ChunkMethod = "naive"): ParserConfig => ({
  chunk_token_num: 512,
  delimiter: "\n",
  overlapped_percent: 0,
  enable_children: false,
  children_delimiter: "\n",
  layout_recognize: "DeepDOC",
  html4excel: false,
  auto_keywords: 0,
  auto_questions: 0,
  pages: [[1, 1_000_000]],
  task_page_size: method === "paper" ? 22 : 12,
  tag_kb_ids: [],
  topn_tags: 3,
  filename_embd_weight: 0.1,
  llm_id: "",
  raptor: {
    use_raptor: false,
    prompt: DEFAULT_RAPTOR_PROMPT,
    max_token: 256,
    threshold: 0.1,
    max_cluster: 64,
    random_seed: 0,
    scope: "file",
    clustering_threshold: 0.3,
    clustering_ratio: 0.5,
    auto_disable_for_structured_data: true,
  },
  graphrag: {
    use_graphrag: false,
    entity_types: DEFAULT_ENTITY_TYPES,
    method: "light",
    resolution: false,
    community: false,
    ...GRAPH_WORKER_DEFAULTS,
  },
  parent_child: { use_parent_child: false, children_delimiter: "\n" },
  table_context_size: 0,
  image_context_size: 0,
  enable_metadata: false,
  metadata: [],
  built_in_metadata: [],
});

// Deep-merges a partial config over a full one (the nested blocks included). The parent_child block and the flat
// enable_children/children_delimiter pair say the same thing: whichever the patch sets wins, and both agree.
export const mergeParserConfig = (base: ParserConfig, patch: ParserConfigInput | undefined): ParserConfig => {
  const merged = {
    ...base,
    ...patch,
    raptor: { ...base.raptor, ...patch?.raptor },
    graphrag: { ...base.graphrag, ...patch?.graphrag },
  };
  const nested = { ...defaultParserConfig().parent_child, ...base.parent_child, ...patch?.parent_child };
  if (patch?.parent_child) {
    merged.enable_children = nested.use_parent_child;
    if (nested.use_parent_child) merged.children_delimiter = nested.children_delimiter;
  } else if (patch?.children_delimiter !== undefined) nested.children_delimiter = patch.children_delimiter;
  return { ...merged, parent_child: { ...nested, use_parent_child: merged.enable_children } };
};

// What a dataset or document stores and the API shows: RAGFlow v0.27's sparse config (only what its defaults or
// the caller set). Whoever acts on it reads effectiveParserConfig, which fills the rest from the method's defaults.
export type StoredParserConfig = ParserConfigInput;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// RAGFlow's deep_merge: nested objects merge key by key, anything else is replaced
export const deepMergeConfig = <T extends Record<string, unknown>>(base: T, patch: Record<string, unknown>): T => {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? deepMergeConfig(current, value) : value;
  }
  return merged as T;
};

export const RAGFLOW_RAPTOR_PROMPT =
  "Summarize the paragraphs below without inventing facts or changing numbers.\nOutput exactly two parts in the same language as the source:\n1. First line: a concise title only.\n2. Following lines: a concise summary of the content.\nDo not output labels, Markdown headings, bullet points, or any other commentary.\n\nParagraphs:\n{cluster_content}";

// RAGFlow v0.27's get_parser_config defaults. The RAPTOR and graph flags only enable those settings: Buddy builds
// summaries and the graph when asked (POST /datasets/{id}/index), never on its own at parse.
const GENERAL_DEFAULTS: StoredParserConfig = {
  layout_recognize: "DeepDOC",
  chunk_token_num: 512,
  delimiter: "\n",
  auto_keywords: 0,
  auto_questions: 0,
  html4excel: false,
  topn_tags: 3,
  raptor: {
    use_raptor: true,
    prompt: RAGFLOW_RAPTOR_PROMPT,
    max_token: 512,
    clustering_threshold: 0.3,
    clustering_ratio: 0.5,
    max_cluster: 64,
    random_seed: 0,
  },
  graphrag: { use_graphrag: true, entity_types: DEFAULT_ENTITY_TYPES, method: "light", ...GRAPH_WORKER_DEFAULTS },
  parent_child: { use_parent_child: false, children_delimiter: "\n" },
};
const FLAGS_OFF: StoredParserConfig = { raptor: { use_raptor: false }, graphrag: { use_graphrag: false } };
const METHOD_DEFAULTS: Partial<Record<ChunkMethod, StoredParserConfig>> = {
  naive: GENERAL_DEFAULTS,
  qa: FLAGS_OFF,
  manual: FLAGS_OFF,
  paper: FLAGS_OFF,
  book: FLAGS_OFF,
  laws: FLAGS_OFF,
  presentation: FLAGS_OFF,
};

// RAGFlow v0.27's get_parser_config: the method's defaults under what the caller gave, and the children delimiter
// flattened from the parent_child block.
export const initialParserConfig = (method: ChunkMethod, given?: StoredParserConfig | null): StoredParserConfig => {
  const methodDefaults = METHOD_DEFAULTS[method];
  const base: StoredParserConfig = { table_context_size: 0, image_context_size: 0 };
  const withDefaults = methodDefaults ? deepMergeConfig(base, methodDefaults) : base;
  const parentChild = withDefaults.parent_child;
  const flattened = parentChild ? { ...withDefaults, children_delimiter: "" } : withDefaults;
  if (!given || Object.keys(given).length === 0) return flattened;
  // what the caller gave goes over the defaults (RAPTOR and the graph off unless it says so: RAGFlow's request
  // model defaults), its parent-child settings kept in step (patchParserConfig)
  const withFlags = deepMergeConfig(FLAGS_OFF, given);
  return patchParserConfig(flattened, withFlags);
};

// A patch over a stored config; the flat enable_children/children_delimiter pair and the parent_child block say the
// same thing, so whichever the patch sets decides both.
export const patchParserConfig = (stored: StoredParserConfig, patch: StoredParserConfig): StoredParserConfig => {
  const merged = deepMergeConfig(stored, patch);
  const nested = patch.parent_child;
  if (nested?.use_parent_child !== undefined || nested?.children_delimiter !== undefined) {
    const on = merged.parent_child?.use_parent_child ?? false;
    return {
      ...merged,
      enable_children: on,
      children_delimiter: on ? (merged.parent_child?.children_delimiter ?? "\n") : "",
    };
  }
  if (patch.enable_children === undefined) return merged;
  const delimiter = patch.children_delimiter ?? merged.parent_child?.children_delimiter ?? "\n";
  return {
    ...merged,
    parent_child: { use_parent_child: patch.enable_children, children_delimiter: delimiter },
    children_delimiter: patch.enable_children ? delimiter : "",
  };
};

// What parsing and indexing act on: the stored config over the method's full defaults. An empty children delimiter
// (RAGFlow's "children off") leaves the default in place.
export const effectiveParserConfig = (method: ChunkMethod, stored: StoredParserConfig | undefined): ParserConfig => {
  const { children_delimiter, ...rest } = stored ?? {};
  return mergeParserConfig(defaultParserConfig(method), children_delimiter ? { ...rest, children_delimiter } : rest);
};
