import type { ParseKeys } from "i18next";
import * as v from "valibot";
import { UpdateDatasetRequestSchema } from "../../../../worker/contract/datasets";
import { ParserConfigSchema, RaptorSchema } from "../../../../worker/contract/parser-config";
import { lengthMessage } from "../../../lib/form-errors";
import { type ConfigValues, toPayload } from "./form-values";

export type FieldError = { key: ParseKeys; values?: Record<string, string | number> };
export type ConfigErrors = Partial<Record<string, FieldError>>;

// The shared contract schemas, with the fields this form always sends marked as required.
const PARSER_KEYS = [
  "chunk_token_num",
  "delimiter",
  "layout_recognize",
  "html4excel",
  "auto_keywords",
  "auto_questions",
  "pages",
  "task_page_size",
  "tag_kb_ids",
  "topn_tags",
  "raptor",
  "graphrag",
  "enable_metadata",
  "metadata",
] as const;
const RAPTOR_KEYS = ["use_raptor", "prompt", "max_token", "threshold", "max_cluster", "random_seed", "scope"] as const;
const DATASET_KEYS = ["name", "language", "permission", "pagerank", "parser_config"] as const;
// The dataset's fields without RAGFlow's parse_type / pipeline_id rules (this form sends one or the other; the
// worker checks them).
const DATASET_ENTRIES = UpdateDatasetRequestSchema.pipe[0].entries;

const RaptorOnSchema = v.required(RaptorSchema, RAPTOR_KEYS);

const formSchema = (useRaptor: boolean, pipeline: boolean) =>
  v.required(
    v.strictObject({
      ...DATASET_ENTRIES,
      ...(pipeline
        ? { pipeline_id: v.pipe(v.string(), v.nonEmpty()) }
        : { chunk_method: v.nonOptional(DATASET_ENTRIES.chunk_method) }),
      parser_config: v.required(
        v.strictObject({ ...ParserConfigSchema.entries, raptor: useRaptor ? RaptorOnSchema : RaptorSchema }),
        PARSER_KEYS,
      ),
    }),
    DATASET_KEYS,
  );

// Errors of list items belong to the whole control, except page ranges, which show on their row.
const fieldOf = (path: string) =>
  path
    .replace(/^(parser_config\.(?:tag_kb_ids|graphrag\.entity_types))\..*$/, "$1")
    .replace(/^(parser_config\.(?:pages|metadata)\.\d+)\..*$/, "$1");

const errorFor = (issue: v.BaseIssue<unknown>, field: string): FieldError => {
  if (issue.input === undefined || issue.type === "non_optional") return { key: "validation.required" };
  switch (issue.type) {
    case "min_value":
      return { key: "kbConfig.errors.min", values: { min: Number(issue.requirement) } };
    case "max_value":
      return { key: "kbConfig.errors.max", values: { max: Number(issue.requirement) } };
    case "integer":
      return { key: "kbConfig.errors.integer" };
    case "number":
      return { key: "kbConfig.errors.number" };
    case "non_empty":
      return { key: "validation.required" };
    case "min_length":
    case "max_length":
      return lengthMessage(issue);
    case "regex":
      return { key: "kbConfig.errors.tagIds" };
  }
  if (field === "parser_config.delimiter" || field === "parser_config.children_delimiter")
    return { key: "kbConfig.errors.backticks" };
  if (field === "parser_config.pages") return { key: "kbConfig.errors.pageOrder" };
  if (field === "parser_config.metadata") return { key: "kbConfig.errors.metadataDuplicate" };
  if (field.startsWith("parser_config.pages.")) return { key: "kbConfig.errors.pageRange" };
  if (field === "avatar") return { key: "kbConfig.errors.avatar" };
  if (field === "embedding_model") return { key: "kbConfig.errors.embeddingModel" };
  return { key: "validation.invalid" };
};

// Validates the form with the same schemas the worker applies; errors are keyed by the API field path.
export const validateConfig = (values: ConfigValues, embeddingLocked: boolean) => {
  const result = v.safeParse(
    formSchema(values.useRaptor, values.parseType === "pipeline"),
    toPayload(values, embeddingLocked),
  );
  if (result.success) return { output: result.output, errors: {} as ConfigErrors };
  const errors: ConfigErrors = {};
  for (const issue of result.issues) {
    const field = fieldOf(v.getDotPath(issue) ?? "form");
    errors[field] ??= errorFor(issue, field);
  }
  return { output: null, errors };
};
