import type { AutoMetadataType } from "../../../../worker/contract/auto-metadata";
import { PARSE_TYPE } from "../../../../worker/contract/dataflow";
import type { Dataset, Permission } from "../../../../worker/contract/datasets";
import {
  type ChunkMethod,
  effectiveParserConfig,
  type GraphragMethod,
  type ParserConfig,
  type RaptorScope,
} from "../../../../worker/contract/parser-config";

export type PageRow = { key: number; from: string; to: string };
// One auto-metadata field; `values` are the allowed values, comma-separated ("" = any)
export type MetadataRow = { key: number; name: string; type: AutoMetadataType; description: string; values: string };

// What the inputs hold: numbers stay text until submit so an emptied field can report "required".
export type ConfigValues = {
  name: string;
  avatar: string;
  description: string;
  language: string;
  permission: Permission;
  embeddingModel: string;
  // how documents are parsed: the built-in chunk method, or an ingestion pipeline (parse_type 2, pipeline_id)
  parseType: ParseMode;
  pipelineId: string;
  chunkMethod: ChunkMethod;
  chunkTokenNum: string;
  delimiter: string;
  enableChildren: boolean;
  childrenDelimiter: string;
  layoutRecognize: string;
  pagerank: string;
  tagKbIds: string[];
  topnTags: string;
  useRaptor: boolean;
  raptorPrompt: string;
  raptorMaxToken: string;
  raptorThreshold: string;
  raptorMaxCluster: string;
  raptorRandomSeed: string;
  raptorScope: RaptorScope;
  entityTypes: string[];
  graphMethod: GraphragMethod;
  graphResolution: boolean;
  graphCommunity: boolean;
  autoKeywords: string;
  autoQuestions: string;
  html4excel: boolean;
  pages: PageRow[];
  taskPageSize: string;
  enableMetadata: boolean;
  metadataFields: MetadataRow[];
};

export type ParseMode = "chunkMethod" | "pipeline";

export type SetValue = <K extends keyof ConfigValues>(field: K, value: ConfigValues[K]) => void;

let nextRowKey = 0;
export const pageRow = (from: number | string, to: number | string): PageRow => ({
  key: nextRowKey++,
  from: String(from),
  to: String(to),
});

export const metadataRow = (
  field: { key: string; type: AutoMetadataType; description: string; enum: string[] | null } = {
    key: "",
    type: "string",
    description: "",
    enum: null,
  },
): MetadataRow => ({
  key: nextRowKey++,
  name: field.key,
  type: field.type,
  description: field.description,
  values: (field.enum ?? []).join(", "),
});

export const valuesFromDataset = (dataset: Dataset): ConfigValues => {
  // The stored config is sparse (RAGFlow's); the method's defaults fill in the rest.
  const config: ParserConfig = effectiveParserConfig(dataset.chunk_method, dataset.parser_config);
  return {
    name: dataset.name,
    avatar: dataset.avatar ?? "",
    description: dataset.description ?? "",
    language: dataset.language,
    permission: dataset.permission,
    embeddingModel: dataset.embedding_model,
    parseType: dataset.pipeline_id ? "pipeline" : "chunkMethod",
    pipelineId: dataset.pipeline_id ?? "",
    chunkMethod: dataset.chunk_method,
    chunkTokenNum: String(config.chunk_token_num),
    delimiter: config.delimiter,
    enableChildren: config.enable_children,
    childrenDelimiter: config.children_delimiter,
    layoutRecognize: config.layout_recognize,
    pagerank: String(dataset.pagerank),
    tagKbIds: [...config.tag_kb_ids],
    topnTags: String(config.topn_tags),
    useRaptor: config.raptor.use_raptor,
    raptorPrompt: config.raptor.prompt,
    raptorMaxToken: String(config.raptor.max_token),
    raptorThreshold: String(config.raptor.threshold),
    raptorMaxCluster: String(config.raptor.max_cluster),
    raptorRandomSeed: String(config.raptor.random_seed),
    raptorScope: config.raptor.scope,
    entityTypes: [...config.graphrag.entity_types],
    graphMethod: config.graphrag.method,
    graphResolution: config.graphrag.resolution,
    graphCommunity: config.graphrag.community,
    autoKeywords: String(config.auto_keywords),
    autoQuestions: String(config.auto_questions),
    html4excel: config.html4excel,
    pages: (config.pages ?? []).map(([from, to]) => pageRow(from, to)),
    taskPageSize: config.task_page_size === null ? "" : String(config.task_page_size),
    enableMetadata: config.enable_metadata,
    metadataFields: config.metadata.map(metadataRow),
  };
};

// "" means "not filled in" (the schema reports it as required); anything else goes to the schema as a number.
const num = (text: string) => (text.trim() === "" ? undefined : Number(text));
const orUndefined = (text: string) => (text === "" ? undefined : text);

// The request body in the API's own (snake_case) shape, checked by the shared contract schemas.
export const toPayload = (values: ConfigValues, embeddingLocked: boolean) => ({
  name: values.name,
  avatar: values.avatar,
  description: values.description,
  language: orUndefined(values.language),
  permission: values.permission,
  ...(embeddingLocked ? {} : { embedding_model: values.embeddingModel }),
  // RAGFlow's rule: a chunk method, or parse_type 2 with the pipeline, never both (a chunk method switches back)
  ...(values.parseType === "pipeline"
    ? { parse_type: PARSE_TYPE.pipeline, pipeline_id: orUndefined(values.pipelineId) }
    : { chunk_method: values.chunkMethod }),
  pagerank: num(values.pagerank),
  parser_config: {
    chunk_token_num: num(values.chunkTokenNum),
    delimiter: orUndefined(values.delimiter),
    enable_children: values.enableChildren,
    // switched off, the stored children delimiter stays as it is
    ...(values.enableChildren ? { children_delimiter: values.childrenDelimiter } : {}),
    layout_recognize: orUndefined(values.layoutRecognize),
    html4excel: values.html4excel,
    auto_keywords: num(values.autoKeywords),
    auto_questions: num(values.autoQuestions),
    pages: values.pages.map((row) => [num(row.from), num(row.to)]),
    task_page_size: num(values.taskPageSize),
    tag_kb_ids: values.tagKbIds,
    topn_tags: num(values.topnTags),
    // Switched off, only the flag travels and the stored RAPTOR settings stay as they are.
    raptor: values.useRaptor
      ? {
          use_raptor: true,
          prompt: values.raptorPrompt.trim() ? values.raptorPrompt : undefined,
          max_token: num(values.raptorMaxToken),
          threshold: num(values.raptorThreshold),
          max_cluster: num(values.raptorMaxCluster),
          random_seed: num(values.raptorRandomSeed),
          scope: values.raptorScope,
        }
      : { use_raptor: false },
    graphrag: {
      entity_types: values.entityTypes,
      method: values.graphMethod,
      resolution: values.graphResolution,
      community: values.graphCommunity,
    },
    enable_metadata: values.enableMetadata,
    metadata: values.metadataFields.map((row) => {
      const allowed = row.values
        .split(",")
        .map((value) => value.trim())
        .filter(Boolean);
      return {
        key: row.name,
        type: row.type,
        description: row.description,
        enum: allowed.length ? [...new Set(allowed)] : null,
      };
    }),
  },
});
