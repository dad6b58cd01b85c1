import * as v from "valibot";
import { credentialProblem } from "./provider-credentials";
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

const ModelFieldsSchema = v.object({
  llm_factory: v.pipe(v.string("`llm_factory` is required"), v.trim(), v.nonEmpty("`llm_factory` is required")),
  llm_name: v.pipe(
    v.string("Model name is required"),
    v.trim(),
    v.nonEmpty("Model name is required"),
    v.maxLength(255, msg.maxChars(255)),
  ),
  model_type: v.picklist(MODEL_TYPE_VALUES, "Model type is required"),
  api_key: v.optional(str(0, 4096)),
  api_base: v.optional(v.union([v.literal(""), v.pipe(v.string(), v.url("Base URL must be a URL"))])),
  max_tokens: v.optional(v.pipe(v.number(msg.integer), v.integer(msg.integer), v.minValue(0, msg.gte(0))), 8192),
  vision: v.optional(v.boolean(msg.boolean), false),
  verify: v.optional(v.boolean(msg.boolean), true),
  credentials: v.optional(CredentialsSchema, {}),
});

export const AddModelSchema = v.pipe(
  ModelFieldsSchema,
  v.check(
    (input) => credentialProblem(input.llm_factory, input.credentials, input.api_key) === null,
    (issue) =>
      credentialProblem(issue.input.llm_factory, issue.input.credentials, issue.input.api_key) ?? "Invalid credentials",
  ),
);
export type AddModelInput = v.InferOutput<typeof AddModelSchema>;

export const SetDefaultModelsSchema = v.object({
  llm_id: v.optional(v.string()),
  embd_id: v.optional(v.string()),
  img2txt_id: v.optional(v.string()),
  asr_id: v.optional(v.string()),
  rerank_id: v.optional(v.string()),
  tts_id: v.optional(v.string()),
});
export type SetDefaultModelsInput = v.InferOutput<typeof SetDefaultModelsSchema>;

export type ConfiguredModel = {
  id: string;
  model_id: string;
  llm_name: string;
  model_type: (typeof MODEL_TYPE_VALUES)[number];
  api_base: string | null;
  api_key_hint: string | null;
  max_tokens: number;
  vision: boolean;
  enabled: boolean;
  used_tokens: number;
  builtin: boolean;
  // the provider-specific credentials that are set: secrets only as set (hint null), others shortened
  credentials_set?: { key: string; hint: string | null }[];
};

export type ProviderView = { name: string; local: boolean; types: string[]; models: ConfiguredModel[] };

export type DefaultModels = {
  llm_id: string;
  embd_id: string;
  img2txt_id: string;
  asr_id: string;
  rerank_id: string;
  tts_id: string;
};

export const UpdateModelSchema = v.object({ enabled: v.boolean(msg.boolean) });
