import * as v from "valibot";
import { msg, str } from "./pydantic";

// the built-in lexical reranker (worker/platform/providers/rerank.ts); the web app offers it by this id
export const BUILTIN_RERANK_ID = "builtin-rerank@Builtin";

export const MODEL_TYPE_VALUES = ["chat", "embedding", "rerank", "image2text", "speech2text", "tts"] as const;

export const MAX_CREDENTIAL_CHARS = 20_000;

// Provider-specific settings (access keys, region, project, service account key …); empty values count as not set.
const CredentialsSchema = v.pipe(
  v.record(
    v.string(),
    v.pipe(
      v.string("Credential values must be strings"),
      v.maxLength(MAX_CREDENTIAL_CHARS, `A credential may have at most ${MAX_CREDENTIAL_CHARS} characters`),
    ),
    "`credentials` must be an object of strings",
  ),
  v.transform((credentials) =>
    Object.fromEntries(
      Object.entries(credentials)
        .map(([key, value]) => [key, value.trim()])
        .filter(([, value]) => value !== ""),
    ),
  ),
);

// RAGFlow v0.27 names two model types differently; both spellings are taken, Buddy's are answered.
const TYPE_ALIASES: Record<string, ModelTypeValue> = { vision: "image2text", asr: "speech2text" };
export type ModelTypeValue = (typeof MODEL_TYPE_VALUES)[number];
export const toModelType = (value: string): ModelTypeValue | null =>
  (MODEL_TYPE_VALUES as readonly string[]).includes(value) ? (value as ModelTypeValue) : (TYPE_ALIASES[value] ?? null);

const MODEL_TYPE_MESSAGE = `model_type must be one of ${MODEL_TYPE_VALUES.join(", ")} (or vision, asr)`;
const ModelTypeSchema = v.pipe(
  v.string(MODEL_TYPE_MESSAGE),
  v.check((value) => toModelType(value) !== null, MODEL_TYPE_MESSAGE),
  v.transform((value) => toModelType(value) as ModelTypeValue),
);
// RAGFlow v0.27 gives a model one or more types: "chat" or ["chat"]
const ModelTypesSchema = v.pipe(
  v.union([ModelTypeSchema, v.array(ModelTypeSchema, MODEL_TYPE_MESSAGE)], MODEL_TYPE_MESSAGE),
  v.transform((value) => [...new Set(Array.isArray(value) ? value : [value])]),
  v.minLength(1, MODEL_TYPE_MESSAGE),
);

const name = (field: string) =>
  v.pipe(
    v.string(`${field} must be a string`),
    v.trim(),
    v.nonEmpty(`${field} is required`),
    v.maxLength(255, msg.maxChars(255)),
  );
const MaxTokensSchema = v.pipe(v.number(msg.integer), v.integer(msg.integer), v.minValue(0, msg.gte(0)));
// Buddy's per-model settings in RAGFlow's free-form `extra`
const ExtraSchema = v.looseObject({ vision: v.optional(v.boolean(msg.boolean)) }, msg.dict);

const ModelInfoSchema = v.object(
  {
    model_name: name("model_name"),
    model_type: ModelTypesSchema,
    max_tokens: v.optional(MaxTokensSchema, 8192),
    extra: v.optional(ExtraSchema, {}),
  },
  msg.dict,
);
export type ModelInfo = v.InferOutput<typeof ModelInfoSchema>;

// PUT /providers
export const AddProviderSchema = v.object({ provider_name: name("provider_name") }, msg.dict);

// What an instance connects with; `credentials` are Buddy's provider-specific settings (Bedrock's access keys …).
const ConnectionFields = {
  api_key: v.optional(str(0, 4096), ""),
  base_url: v.optional(
    v.union([v.literal(""), v.pipe(v.string(), v.url("base_url must be a URL"))], "base_url must be a URL"),
    "",
  ),
  region: v.optional(str(0, 64), ""),
  credentials: v.optional(CredentialsSchema, {}),
};

// POST /providers/{provider}/instances (only instance_name: an empty instance to fill later)
export const CreateInstanceSchema = v.object(
  {
    instance_name: name("instance_name"),
    ...ConnectionFields,
    model_info: v.optional(v.array(ModelInfoSchema, msg.list)),
  },
  msg.dict,
);
export type CreateInstanceInput = v.InferOutput<typeof CreateInstanceSchema>;

// PUT /providers/{provider}/instances/{instance}: the new name and credentials; model_info replaces the models
export const UpdateInstanceSchema = v.object(
  {
    instance_name: name("instance_name"),
    ...ConnectionFields,
    model_info: v.optional(v.array(ModelInfoSchema, msg.list)),
  },
  msg.dict,
);
export type UpdateInstanceInput = v.InferOutput<typeof UpdateInstanceSchema>;

// POST /providers/{provider}/connection: one tiny real call per model, nothing saved
export const ConnectionTestSchema = v.object(
  { ...ConnectionFields, model_info: v.optional(v.array(ModelInfoSchema, msg.list)) },
  msg.dict,
);
export type ConnectionTestInput = v.InferOutput<typeof ConnectionTestSchema>;

// DELETE /providers/{provider}/instances
export const DropInstancesSchema = v.object(
  { instances: v.pipe(v.array(name("instances"), msg.list), v.minLength(1, "instances is required")) },
  msg.dict,
);

// POST /providers/{provider}/instances/{instance}/models
export const AddInstanceModelSchema = ModelInfoSchema;

// DELETE /providers/{provider}/instances/{instance}/models
export const DeleteInstanceModelsSchema = v.object(
  {
    model_name: v.pipe(
      v.union([name("model_name"), v.array(name("model_name"))], "model_name must be a string or a list of strings"),
      v.transform((value) => (Array.isArray(value) ? value : [value])),
      v.minLength(1, "model_name is required"),
    ),
  },
  msg.dict,
);

export const MODEL_STATUS_VALUES = ["active", "inactive"] as const;
// PATCH /providers/{provider}/instances/{instance}/models/{model}
export const AlterModelSchema = v.pipe(
  v.object(
    {
      status: v.optional(v.picklist(MODEL_STATUS_VALUES, "status must be 'active' or 'inactive'")),
      max_tokens: v.optional(MaxTokensSchema),
      extra: v.optional(ExtraSchema),
    },
    msg.dict,
  ),
  v.check(
    (input) => input.status !== undefined || input.max_tokens !== undefined || input.extra !== undefined,
    "At least one of status, max_tokens, model_type, or extra is required.",
  ),
);
export type AlterModelInput = v.InferOutput<typeof AlterModelSchema>;

// PATCH /models/default: one type's default by provider, instance and name, or by model_id; neither clears it.
export const SetDefaultModelSchema = v.object(
  {
    model_type: ModelTypeSchema,
    model_provider: v.optional(v.string("model_provider must be a string"), ""),
    model_instance: v.optional(v.string("model_instance must be a string"), ""),
    model_name: v.optional(v.string("model_name must be a string"), ""),
    model_id: v.optional(v.string("model_id must be a string"), ""),
  },
  msg.dict,
);
export type SetDefaultModelInput = v.InferOutput<typeof SetDefaultModelSchema>;

// GET /models?type=
export const ListModelsQuerySchema = v.object({
  type: v.optional(ModelTypeSchema),
});

// One model of GET /models: RAGFlow v0.27's keys (model_id is the id that names the model everywhere else:
// llm_id, embd_id, a dataset's embedding_model), then Buddy's settings for the model pages.
export type ListedModel = {
  model_id: string;
  // the stored row (one per model and type)
  id: string;
  tenant_id: string;
  name: string;
  model_type: ModelTypeValue[];
  provider_id: string;
  provider_name: string;
  model_provider: string;
  instance_id: string;
  instance_name: string;
  model_instance: string;
  status: (typeof MODEL_STATUS_VALUES)[number];
  api_base: string | null;
  api_key_hint: string | null;
  max_tokens: number;
  vision: boolean;
  // RAGFlow's llm field: a chat model that can call tools (an Agent's function calling); false for other types
  is_tools: boolean;
  used_tokens: number;
  builtin: boolean;
  // the provider-specific credentials that are set: secrets only as set (hint null), others shortened
  credentials_set: { key: string; hint: string | null }[];
};

export type DefaultModels = {
  llm_id: string;
  embd_id: string;
  img2txt_id: string;
  asr_id: string;
  rerank_id: string;
  tts_id: string;
};
