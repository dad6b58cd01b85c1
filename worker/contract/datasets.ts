import * as v from "valibot";
import { AvatarSchema } from "./avatar";
import {
  CHUNK_METHODS,
  type ChunkMethod,
  type StoredParserConfig,
  ParserConfigInputSchema,
  RAGFLOW_CHUNK_METHODS,
} from "./parser-config";
import { bool, float, HEX_ID, int, msg, oneOf, optionalOrNull, queryBool, queryInt, str } from "./pydantic";
import { PARSE_TYPE } from "./dataflow";

export const PERMISSIONS = ["me", "team"] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const DATASET_NAME_MAX = 128;
export const DEFAULT_EMBEDDING_MODEL = "builtin-hash@Builtin";

export const EmbeddingModelSchema = v.pipe(
  str(1, 255),
  v.check((value) => value.includes("@"), "embedding model identifier must follow <model_name>@<provider> format"),
  v.check(
    (value) => value.split("@").every((part) => part.trim().length > 0),
    "both model_name and provider must be non-empty strings",
  ),
);

const DatasetNameSchema = v.pipe(
  v.string(msg.string),
  v.trim(),
  v.minLength(1, msg.minChars(1)),
  v.maxLength(DATASET_NAME_MAX, msg.maxChars(DATASET_NAME_MAX)),
);

const datasetFields = {
  avatar: optionalOrNull(AvatarSchema),
  description: v.optional(v.nullable(str(0, 65_535))),
  embedding_model: optionalOrNull(EmbeddingModelSchema),
  permission: v.optional(oneOf(PERMISSIONS)),
  chunk_method: v.optional(v.picklist(CHUNK_METHODS, msg.oneOf(RAGFLOW_CHUNK_METHODS))),
  parser_config: optionalOrNull(ParserConfigInputSchema),
  language: v.optional(str(1, 32)),
  similarity_threshold: v.optional(float(0, 1)),
  vector_similarity_weight: v.optional(float(0, 1)),
};

// RAGFlow v0.27: parse_type 1 = the chunk method, 2 = an ingestion pipeline named by pipeline_id (a dataflow canvas)
const pipelineFields = {
  parse_type: optionalOrNull(int(0, 64)),
  pipeline_id: v.optional(v.nullable(v.string(msg.string))),
};

type PipelineFields = { chunk_method?: string; parse_type?: number; pipeline_id?: string | null };

// RAGFlow's CreateDatasetReq rules for parse_type / pipeline_id / chunk_method (validation_utils.py): a
// pipeline_id is dropped with parse_type 1 and when empty, else must be 32 hex characters (kept lower-cased);
// without chunk_method both parse_type and pipeline_id are needed (or neither), with it neither may be given.
const pipelineRules = <S extends v.GenericSchema<unknown, PipelineFields>>(schema: S) =>
  v.pipe(
    schema,
    v.rawTransform<v.InferOutput<S>, v.InferOutput<S>>(({ dataset, addIssue, NEVER }) => {
      const input = { ...dataset.value };
      const fail = (message: string, key: "pipeline_id" | "parse_type") => {
        addIssue({
          message,
          input: input[key],
          path: [
            {
              type: "object",
              origin: "value",
              input: input as Record<string, unknown>,
              key,
              value: input[key],
            },
          ],
        });
        return NEVER;
      };
      if (input.parse_type === PARSE_TYPE.chunkMethod || input.pipeline_id === "" || input.pipeline_id === null)
        input.pipeline_id = undefined;
      if (input.pipeline_id !== undefined) {
        if (input.pipeline_id.length !== 32) return fail("pipeline_id must be 32 hex characters", "pipeline_id");
        if (!/^[0-9a-f]+$/i.test(input.pipeline_id)) return fail("pipeline_id must be hexadecimal", "pipeline_id");
        input.pipeline_id = input.pipeline_id.toLowerCase();
      }
      if (input.chunk_method === undefined) {
        const missing = [
          ...(input.parse_type === undefined ? ["parse_type"] : []),
          ...(input.pipeline_id === undefined ? ["pipeline_id"] : []),
        ];
        if (missing.length === 1)
          return fail(
            `parser_id omitted → required fields missing: ${missing.join(", ")}`,
            missing[0] as "parse_type" | "pipeline_id",
          );
      } else {
        const invalid = [
          ...(input.parse_type !== undefined && input.parse_type !== PARSE_TYPE.chunkMethod ? ["parse_type"] : []),
          ...(input.pipeline_id !== undefined ? ["pipeline_id"] : []),
        ];
        if (invalid.length)
          return fail(
            `parser_id provided → disallowed fields present: ${invalid.join(", ")}`,
            invalid[0] as "parse_type" | "pipeline_id",
          );
      }
      return input;
    }),
  );

// The dataset fields a form edits; the API's bodies (…RequestSchema) add parse_type and pipeline_id.
// RAGFlow v0.27 sets pagerank only on update (create refuses it as an extra input)
export const CreateDatasetSchema = v.strictObject({ name: DatasetNameSchema, ...datasetFields }, msg.extra);
export const UpdateDatasetSchema = v.strictObject(
  {
    name: v.optional(DatasetNameSchema),
    ...datasetFields,
    pagerank: v.optional(int(0, 100)),
    // RAGFlow's data-source connectors to link; Buddy has none, so only an empty list is taken (and echoed)
    connectors: v.optional(
      v.pipe(v.array(v.unknown(), msg.list), v.maxLength(0, "Buddy has no data-source connectors")),
    ),
  },
  msg.extra,
);

export const CreateDatasetRequestSchema = pipelineRules(
  v.strictObject({ ...CreateDatasetSchema.entries, ...pipelineFields }, msg.extra),
);
export type CreateDatasetInput = v.InferOutput<typeof CreateDatasetRequestSchema>;

export const UpdateDatasetRequestSchema = pipelineRules(
  v.strictObject({ ...UpdateDatasetSchema.entries, ...pipelineFields }, msg.extra),
);
export type UpdateDatasetInput = v.InferOutput<typeof UpdateDatasetRequestSchema>;

// strict: RAGFlow refuses a parameter it does not know ("Extra inputs are not permitted")
export const ListDatasetsQuerySchema = v.strictObject(
  {
    page: queryInt(1, 1),
    page_size: queryInt(30, 1, 1000),
    orderby: v.optional(oneOf(["create_time", "update_time"] as const), "create_time"),
    desc: queryBool(true),
    name: v.optional(v.string()),
    // "?id=" too must be an id (RAGFlow's UUID check); a name may be empty, which lists all
    id: v.optional(v.pipe(v.string(), v.regex(HEX_ID, "Invalid UUID format"))),
    keywords: v.optional(v.string()),
    include_parsing_status: queryBool(false),
  },
  msg.extra,
);
export type ListDatasetsQuery = v.InferOutput<typeof ListDatasetsQuerySchema>;

export const DeleteByIdsSchema = v.strictObject(
  {
    ids: v.optional(
      v.nullable(v.array(v.pipe(v.string(msg.string), v.regex(HEX_ID, "Invalid UUID format")), msg.list)),
    ),
    delete_all: v.optional(bool(), false),
  },
  msg.extra,
);
export type DeleteByIdsInput = v.InferOutput<typeof DeleteByIdsSchema>;

// Chats, sessions and documents take any string as an id, as RAGFlow does: an id that is not one of theirs is
// reported (or refused) by the delete itself, not by validation.
const AnyIdListSchema = v.array(v.string(msg.string), msg.list);
export const DeleteByAnyIdsSchema = v.strictObject(
  { ids: v.optional(v.nullable(AnyIdListSchema)), delete_all: v.optional(bool(), false) },
  msg.extra,
);

const duplicatesIn = (ids: readonly string[]) => {
  const seen = new Set<string>();
  return [...new Set(ids.filter((id) => seen.size === seen.add(id).size))];
};

// RAGFlow's DeleteDocumentReq: a document listed twice fails validation.
export const DeleteDocumentsSchema = v.strictObject(
  {
    ids: v.optional(
      v.nullable(
        v.pipe(
          AnyIdListSchema,
          v.rawCheck(({ dataset, addIssue }) => {
            const duplicates = dataset.typed ? duplicatesIn(dataset.value) : [];
            if (duplicates.length > 0) addIssue({ message: `Duplicate ids: '${duplicates.join(", ")}'` });
          }),
        ),
      ),
    ),
    delete_all: v.optional(bool(), false),
  },
  msg.extra,
);

export type Dataset = {
  id: string;
  name: string;
  avatar: string | null;
  description: string | null;
  language: string;
  embedding_model: string;
  permission: Permission;
  chunk_method: ChunkMethod;
  parser_config: StoredParserConfig;
  // 2 with a pipeline_id (the dataset's documents are parsed by that ingestion pipeline), else 1
  parse_type: 1 | 2;
  pipeline_id: string | null;
  pagerank: number;
  similarity_threshold: number;
  vector_similarity_weight: number;
  chunk_count: number;
  document_count: number;
  token_num: number;
  status: "1";
  tenant_id: string;
  created_by: string;
  create_time: number;
  create_date: string;
  update_time: number;
  update_date: string;
};

export type ParsingStatusCounts = {
  unstart_count: number;
  running_count: number;
  cancel_count: number;
  done_count: number;
  fail_count: number;
};
