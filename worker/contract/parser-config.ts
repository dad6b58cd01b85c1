import * as v from "valibot";
import { type AutoMetadataField, AutoMetadataFieldsSchema } from "./auto-metadata";
import { bool, float, IdSchema, int, msg, oneOf, str } from "./pydantic";

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
] as const;
export type ChunkMethod = (typeof CHUNK_METHODS)[number];

export const LAYOUT_RECOGNIZERS = ["DeepDOC", "Plain Text"] as const;
export const GRAPHRAG_METHODS = ["light", "general"] as const;
export type GraphragMethod = (typeof GRAPHRAG_METHODS)[number];
export const RAPTOR_SCOPES = ["file", "dataset"] as const;
export type RaptorScope = (typeof RAPTOR_SCOPES)[number];
export const DEFAULT_ENTITY_TYPES = ["organization", "person", "geo", "event", "category"];

export const DEFAULT_RAPTOR_PROMPT =
  "Please summarize the following paragraphs. Be careful with the numbers, do not make things up. Paragraphs as following:\n      {cluster_content}\nThe above is the content you need to summarize.";

// A delimiter string is a set of single characters plus `multi-character` sequences in backticks.
export const hasBalancedBackticks = (delimiter: string) => (delimiter.match(/`/g)?.length ?? 0) % 2 === 0;

export const RaptorSchema = v.strictObject(
  {
    use_raptor: v.optional(bool()),
    prompt: v.optional(str(1, 65_535)),
    max_token: v.optional(int(1, 2048)),
    threshold: v.optional(float(0, 1)),
    max_cluster: v.optional(int(1, 1024)),
    random_seed: v.optional(int(0)),
    scope: v.optional(oneOf(RAPTOR_SCOPES)),
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
  },
  msg.extra,
);

const PageRangeSchema = v.pipe(
  v.tuple([int(1), int(1)], "Each page range is [from, to]"),
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
    pages: v.optional(PagesSchema),
    task_page_size: v.optional(int(1, 10_000)),
    tag_kb_ids: v.optional(v.array(IdSchema, msg.list)),
    topn_tags: v.optional(int(1, 10)),
    filename_embd_weight: v.optional(float(0, 1)),
    llm_id: v.optional(v.string(msg.string)),
    raptor: v.optional(RaptorSchema),
    graphrag: v.optional(GraphragSchema),
    enable_metadata: v.optional(bool()),
    metadata: v.optional(AutoMetadataFieldsSchema),
    built_in_metadata: v.optional(AutoMetadataFieldsSchema),
  },
  msg.extra,
);

export type ParserConfigInput = v.InferOutput<typeof ParserConfigSchema>;

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
  pages: [number, number][];
  task_page_size: number;
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
  };
  graphrag: {
    use_graphrag: boolean;
    entity_types: string[];
    method: GraphragMethod;
    resolution: boolean;
    community: boolean;
  };
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
  },
  graphrag: {
    use_graphrag: false,
    entity_types: DEFAULT_ENTITY_TYPES,
    method: "light",
    resolution: false,
    community: false,
  },
  enable_metadata: false,
  metadata: [],
  built_in_metadata: [],
});

// Deep-merges a partial config over a full one (the nested raptor/graphrag blocks included).
export const mergeParserConfig = (base: ParserConfig, patch: ParserConfigInput | undefined): ParserConfig => ({
  ...base,
  ...patch,
  raptor: { ...base.raptor, ...patch?.raptor },
  graphrag: { ...base.graphrag, ...patch?.graphrag },
});
