import type { ProgressLine } from "./message-catalogue";
import * as v from "valibot";
import { pythonRepr } from "./python-errors";
import { type ChunkMethod, CHUNK_METHODS, ParserConfigInputSchema, type StoredParserConfig } from "./parser-config";
import { fitsMetaFields, META_FIELDS_MAX_BYTES } from "./limits";
import { float, int, isPlainObject, msg, queryDesc, queryInt, queryPage } from "./pydantic";

export const RUN_STATUSES = ["UNSTART", "RUNNING", "CANCEL", "DONE", "FAIL"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const UPLOAD_EXTENSIONS = {
  pdf: "pdf",
  docx: "doc",
  doc: "doc",
  xlsx: "doc",
  xls: "doc",
  csv: "doc",
  txt: "doc",
  md: "doc",
  mdx: "doc",
  html: "doc",
  htm: "doc",
  json: "doc",
  jsonl: "doc",
  pptx: "doc",
  eml: "doc",
  png: "visual",
  jpg: "visual",
  jpeg: "visual",
  gif: "visual",
  webp: "visual",
  bmp: "visual",
  tif: "visual",
  tiff: "visual",
  // transcribed by the speech-to-text model (RAGFlow's "aural" files)
  mp3: "aural",
  wav: "aural",
  m4a: "aural",
  ogg: "aural",
  oga: "aural",
  opus: "aural",
  flac: "aural",
  aac: "aural",
} as const;
export type UploadExtension = keyof typeof UPLOAD_EXTENSIONS;
export type DocumentType = (typeof UPLOAD_EXTENSIONS)[UploadExtension] | "virtual";

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
};

export const isUploadable = (name: string): boolean => extensionOf(name) in UPLOAD_EXTENSIONS;

export const DocumentNameSchema = v.pipe(
  v.string(msg.string),
  v.trim(),
  v.minLength(1, msg.minChars(1)),
  v.maxLength(255, msg.maxChars(255)),
);

export const CreateEmptyDocumentSchema = v.strictObject({ name: DocumentNameSchema }, msg.extra);

const CRAWL_PROTOCOL = /^https?:\/\//i;
export const CrawlRequestSchema = v.object({
  name: DocumentNameSchema,
  url: v.pipe(
    v.string(msg.string),
    v.trim(),
    v.regex(CRAWL_PROTOCOL, "URL must start with http:// or https://"),
    v.url("Invalid URL"),
  ),
  max_depth: v.optional(v.pipe(v.unknown(), v.transform(Number), int(0, 5)), 0),
  max_pages: v.optional(v.pipe(v.unknown(), v.transform(Number), int(1, 200)), 1),
});
export type CrawlRequest = v.InferOutput<typeof CrawlRequestSchema>;

const MetaValueSchema = v.union([v.string(), v.number(), v.array(v.union([v.string(), v.number()]))]);

export const META_FIELDS_TOO_LARGE = `Metadata must be at most ${META_FIELDS_MAX_BYTES / 1024} KB as JSON`;

// a document's own fields (author, year, tags …): an object of texts, numbers or lists of them
export const MetaFieldsSchema = v.pipe(
  v.custom<Record<string, v.InferOutput<typeof MetaValueSchema>>>(isPlainObject, msg.dict),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const wrong = Object.values(dataset.value).find((value) => !v.is(MetaValueSchema, value));
    if (wrong === undefined) return;
    // RAGFlow's words for a nested object, in a list or on its own
    if (Array.isArray(wrong)) addIssue({ message: `The type is not supported in list: ${pythonRepr(wrong)}` });
    else if (isPlainObject(wrong)) addIssue({ message: `The type is not supported: ${pythonRepr(wrong)}` });
    else addIssue({ message: "Each metadata value must be a string, a number or a list of them" });
  }),
  v.check((fields) => fitsMetaFields(fields), META_FIELDS_TOO_LARGE),
);

// RAGFlow's document chunk_method check (UpdateDocumentReq) and its wording; "" passes it and is refused by the
// update itself ("`chunk_method` (empty string) is not valid").
const DocumentChunkMethodSchema = v.pipe(
  v.string(msg.string),
  v.check(
    (value) => value === "" || (CHUNK_METHODS as readonly string[]).includes(value),
    (issue) => `\`chunk_method\` ${String(issue.input)} doesn't exist`,
  ),
  v.transform((value) => value as ChunkMethod | ""),
);

export const UpdateDocumentSchema = v.strictObject(
  {
    // "" is refused by the update after RAGFlow's extension check (its order and wording)
    name: v.optional(v.pipe(v.string(msg.string), v.trim(), v.maxLength(255, msg.maxChars(255)))),
    meta_fields: v.optional(MetaFieldsSchema),
    chunk_method: v.optional(DocumentChunkMethodSchema),
    parser_config: v.optional(ParserConfigInputSchema),
    enabled: v.optional(v.picklist([0, 1], "Input should be 0 or 1")),
    // read-only: accepted when equal to the stored value (RAGFlow's clients send the document back), else refused
    chunk_count: v.optional(int(0)),
    token_count: v.optional(int(0)),
    // −1 after a failure
    progress: v.optional(float(0, 1)),
  },
  msg.extra,
);
export type UpdateDocumentInput = v.InferOutput<typeof UpdateDocumentSchema>;

export const RUN_FILTER: readonly string[] = [...RUN_STATUSES, "0", "1", "2", "3", "4"];

export const ListDocumentsQuerySchema = v.object({
  page: queryPage(1),
  page_size: queryPage(30, 1000),
  orderby: v.optional(
    v.picklist(
      ["create_time", "update_time", "name", "size"] as const,
      (issue) => `invalid orderby field: ${String(issue.input)}`,
    ),
    "create_time",
  ),
  desc: queryDesc(),
  keywords: v.optional(v.string()),
  id: v.optional(v.string()),
  name: v.optional(v.string()),
  create_time_from: queryInt(0, 0),
  create_time_to: queryInt(0, 0),
  // RAGFlow's JSON text {logic, conditions: [{name, comparison_operator, value}]} over the documents' metadata
  metadata_condition: v.optional(v.string()),
  suffix: v.optional(v.union([v.string(), v.array(v.string())])),
  // checked by the list itself: RAGFlow names the unknown statuses with code 102
  run: v.optional(v.union([v.string(), v.array(v.string())])),
});
export type ListDocumentsQuery = v.InferOutput<typeof ListDocumentsQuerySchema>;

// Parse / stop requests (RAGFlow answers their errors with code 102).
export const ParseDocumentsSchema = v.object({
  document_ids: v.array(v.string(msg.string), "`document_ids` should be a list"),
  delete: v.optional(v.boolean(msg.boolean)),
  delete_chunks: v.optional(v.boolean(msg.boolean)),
});

export type DatasetDocument = {
  id: string;
  name: string;
  location: string;
  size: number;
  type: DocumentType;
  suffix: string;
  dataset_id: string;
  chunk_method: ChunkMethod;
  parser_config: StoredParserConfig;
  source_type: "local" | "web" | "virtual";
  source_url: string | null;
  created_by: string;
  thumbnail: string | null;
  run: RunStatus;
  status: "0" | "1";
  chunk_count: number;
  token_count: number;
  progress: number;
  progress_msg: string;
  // Buddy's: progress_msg line by line, each with its catalogue code (contract/message-catalogue.ts)
  progress_lines: ProgressLine[];
  process_begin_at: string | null;
  process_duration: number;
  meta_fields: Record<string, unknown>;
  create_time: number;
  create_date: string;
  update_time: number;
  update_date: string;
};
