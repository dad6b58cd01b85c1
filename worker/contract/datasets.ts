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

// RAGFlow v0.27 sets pagerank only on update (create refuses it as an extra input)
export const CreateDatasetSchema = v.strictObject({ name: DatasetNameSchema, ...datasetFields }, msg.extra);
export type CreateDatasetInput = v.InferOutput<typeof CreateDatasetSchema>;

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
export type UpdateDatasetInput = v.InferOutput<typeof UpdateDatasetSchema>;

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
