import * as v from "valibot";
import { int, msg, oneOf } from "./pydantic";

// RAGFlow v0.27's ingestion pipelines ("dataflow" canvases): a canvas of the category dataflow_canvas turns an
// uploaded file into chunks, File → Parser → TokenChunker | TitleChunker → Extractor… → Tokenizer (or Compiler).
// A dataset with parse_type 2 and a pipeline_id parses its documents with it instead of its chunk method.

export const CANVAS_CATEGORIES = ["agent_canvas", "dataflow_canvas"] as const;
export type CanvasCategory = (typeof CANVAS_CATEGORIES)[number];
export const CanvasCategorySchema = oneOf(CANVAS_CATEGORIES);

export const DATAFLOW_COMPONENT_NAMES = [
  "File",
  "Parser",
  "TokenChunker",
  "TitleChunker",
  "Extractor",
  "Tokenizer",
  "Compiler",
] as const;
export type DataflowComponentName = (typeof DATAFLOW_COMPONENT_NAMES)[number];
export const isDataflowComponent = (name: string): name is DataflowComponentName =>
  (DATAFLOW_COMPONENT_NAMES as readonly string[]).includes(name);

// The Parser's per-format setups: RAGFlow's templates write them at the top level of the params (older) or under
// `setups` (compiler.json); the key names the format, `suffix` the file endings it takes.
export const PARSER_FORMATS = [
  "pdf",
  "spreadsheet",
  "image",
  "email",
  "markdown",
  "text&code",
  "html",
  "doc",
  "docx",
  "slides",
  "audio",
  "video",
] as const;
export type ParserFormat = (typeof PARSER_FORMATS)[number];
// What a Parser can hand on: json (a list of sections with text, positions where the parser has them), markdown,
// text or html (the whole document as one string).
export const PARSER_OUTPUT_FORMATS = ["json", "markdown", "text", "html"] as const;
export type ParserOutputFormat = (typeof PARSER_OUTPUT_FORMATS)[number];
export type ParserSetup = { suffix?: string[]; output_format?: string; parse_method?: string; [key: string]: unknown };

export const TOKEN_DELIMITER_MODES = ["delimiter", "one", "token_size"] as const;
export const TITLE_CHUNKER_METHODS = ["hierarchy", "group"] as const;
export const EXTRACTOR_FIELDS = ["summary", "keywords", "questions", "metadata"] as const;
export type ExtractorField = (typeof EXTRACTOR_FIELDS)[number];
export const SEARCH_METHODS = ["full_text", "embedding"] as const;
export type SearchMethod = (typeof SEARCH_METHODS)[number];

export const DATAFLOW_COMPONENT_DEFAULTS: Record<DataflowComponentName, Record<string, unknown>> = {
  File: {},
  Parser: {
    setups: {
      pdf: { suffix: ["pdf"], output_format: "json", parse_method: "DeepDOC" },
      spreadsheet: { suffix: ["xls", "xlsx", "csv"], output_format: "html" },
      image: { suffix: ["jpg", "jpeg", "png", "gif"], output_format: "text", parse_method: "ocr" },
      email: { suffix: ["eml", "msg"], output_format: "text" },
      markdown: { suffix: ["md", "markdown", "mdx"], output_format: "json" },
      "text&code": {
        suffix: ["txt", "py", "js", "java", "c", "cpp", "h", "php", "go", "ts", "sh", "cs", "kt", "sql"],
        output_format: "json",
      },
      html: { suffix: ["htm", "html"], output_format: "json" },
      docx: { suffix: ["docx"], output_format: "json" },
      slides: { suffix: ["pptx"], output_format: "json" },
    },
  },
  TokenChunker: {
    chunk_token_size: 512,
    delimiters: ["\n"],
    delimiter_mode: "delimiter",
    overlapped_percent: 0,
    children_delimiters: [],
    table_context_size: 0,
    image_context_size: 0,
  },
  TitleChunker: { method: "hierarchy", hierarchy: 3, levels: [], include_heading_content: false, chunk_token_cap: 512 },
  Extractor: {
    llm_id: "",
    sys_prompt: "",
    prompts: [{ role: "user", content: "" }],
    temperature: 0.1,
    max_tokens: 256,
    field_name: "summary",
  },
  Tokenizer: { search_method: ["embedding", "full_text"], filename_embd_weight: 0.1, fields: ["text"] },
  Compiler: { compilation_template_group_id: "", llm_id: "", plan: false },
};

const stringList = v.union(
  [v.string(msg.string), v.array(v.string(msg.string), msg.list)],
  "Input should be a string or a list of strings",
);

// The params the engine reads are checked; everything else a RAGFlow canvas carries (outputs, UI switches such as
// temperatureEnabled) passes through.
export const DATAFLOW_PARAM_SCHEMAS: Record<
  DataflowComponentName,
  v.GenericSchema<unknown, Record<string, unknown>>
> = {
  File: v.looseObject({}),
  Parser: v.looseObject({ setups: v.optional(v.record(v.string(), v.looseObject({}), msg.dict)) }),
  TokenChunker: v.looseObject({
    chunk_token_size: v.optional(int(1, 8192)),
    delimiters: v.optional(v.nullable(stringList)),
    delimiter_mode: v.optional(oneOf(TOKEN_DELIMITER_MODES)),
    overlapped_percent: v.optional(
      v.pipe(v.number(msg.number), v.minValue(0, msg.gte(0)), v.maxValue(99, msg.lte(99))),
    ),
    children_delimiters: v.optional(v.nullable(stringList)),
  }),
  TitleChunker: v.looseObject({
    method: v.optional(oneOf(TITLE_CHUNKER_METHODS)),
    hierarchy: v.optional(v.nullable(int(1, 10))),
    levels: v.optional(v.array(v.array(v.string(msg.string), msg.list), msg.list)),
    include_heading_content: v.optional(v.boolean(msg.boolean)),
    chunk_token_cap: v.optional(v.nullable(int(0, 8000))),
  }),
  Extractor: v.looseObject({
    llm_id: v.optional(v.string(msg.string)),
    sys_prompt: v.optional(v.string(msg.string)),
    prompts: v.optional(
      v.array(v.looseObject({ role: v.string(msg.string), content: v.string(msg.string) }), msg.list),
    ),
    field_name: v.optional(v.union([oneOf(EXTRACTOR_FIELDS), v.literal("")], msg.oneOf(EXTRACTOR_FIELDS))),
  }),
  Tokenizer: v.looseObject({
    search_method: v.optional(v.array(oneOf(SEARCH_METHODS), msg.list)),
    filename_embd_weight: v.optional(
      v.pipe(v.number(msg.number), v.minValue(0, msg.gte(0)), v.maxValue(1, msg.lte(1))),
    ),
    fields: v.optional(stringList),
  }),
  Compiler: v.looseObject({
    compilation_template_group_id: v.optional(v.string(msg.string)),
    llm_id: v.optional(v.string(msg.string)),
  }),
};

// Which category a DSL's components belong to, for a create or import that names none: a canvas of dataflow
// components only, with a File start, is a pipeline; anything else an agent (RAGFlow's default).
export const inferCanvasCategory = (componentNames: string[]): CanvasCategory =>
  componentNames.length > 0 && componentNames.includes("File") && componentNames.every(isDataflowComponent)
    ? "dataflow_canvas"
    : "agent_canvas";

// Why a DSL's components do not fit its category (null when they do); agent and dataflow components don't mix.
export const canvasCategoryProblem = (category: CanvasCategory, componentNames: string[]): string | null => {
  if (category === "dataflow_canvas") {
    const foreign = componentNames.filter((name) => !isDataflowComponent(name));
    if (foreign.length)
      return `${[...new Set(foreign)].join(", ")}: not a component of an ingestion pipeline (canvas_category dataflow_canvas takes ${DATAFLOW_COMPONENT_NAMES.join(", ")})`;
    if (componentNames.filter((name) => name === "File").length !== 1)
      return "An ingestion pipeline needs exactly one File component to start from";
    return null;
  }
  const foreign = componentNames.filter((name) => isDataflowComponent(name) && name !== "File");
  return foreign.length
    ? `${[...new Set(foreign)].join(", ")}: ingestion pipeline component, not allowed in an agent (set canvas_category to dataflow_canvas)`
    : null;
};

// Datasets: RAGFlow's parse_type, 1 = the built-in chunk method (chunk_method), 2 = an ingestion pipeline
// (pipeline_id). Buddy answers the parse_type that the stored pipeline_id implies.
export const PARSE_TYPE = { chunkMethod: 1, pipeline: 2 } as const;

// One chunk as a pipeline hands it on: its text, where it is on its PDF pages (RAGFlow's position_int) and what
// the Extractors wrote into it.
export type DataflowChunk = {
  text: string;
  positions?: number[][];
  doc_type_kwd?: string;
  // TokenChunker with children_delimiters: the parent text this piece was cut from
  mom?: string;
  summary?: string;
  keywords?: string;
  questions?: string;
  metadata?: string;
};

// One component's result in a dry run: what it handed on, as RAGFlow's trace shows it.
export type DataflowStep = {
  component_id: string;
  component_name: DataflowComponentName;
  // seconds
  elapsed_time: number;
  error: string | null;
  output_format: ParserOutputFormat | "chunks" | null;
  // json: sections; chunks: chunks (the first DRY_RUN_PREVIEW_MAX of each)
  chunks?: DataflowChunk[];
  // markdown / text / html: the text (cut at DRY_RUN_TEXT_MAX)
  text?: string;
  // how many chunks or sections the component produced in all
  count?: number;
  // Tokenizer: which indexes a real run would build
  search_method?: SearchMethod[];
};

export const DRY_RUN_PREVIEW_MAX = 50;
export const DRY_RUN_TEXT_MAX = 20_000;

// POST /api/v1/agents/{agent_id}/dataflow/test (multipart: `file`, optional `dsl` as JSON text to test an unsaved
// canvas): runs the pipeline on the file and stores nothing.
export type DataflowDryRun = {
  file: { name: string; size: number };
  steps: DataflowStep[];
  // the chunks a real run would store (before embedding), the first DRY_RUN_PREVIEW_MAX
  chunks: DataflowChunk[];
  chunk_count: number;
  error: string | null;
};
