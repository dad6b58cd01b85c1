import * as v from "valibot";
import {
  conditionList,
  METADATA_OPERATORS,
  type MetadataCondition,
  metadataLogic,
  type MetadataOperator,
  metadataValue,
} from "./metadata-condition";
import { SEARCH_QUESTION_MAX } from "./searches";
import { bool, float, int, msg } from "./pydantic";

// Dify's comparison operators that RAGFlow's meta_filter names otherwise.
const DIFY_OPERATORS: Record<string, MetadataOperator> = {
  is: "=",
  "is not": "≠",
  "not is": "≠",
  before: "<",
  after: ">",
};

const operator = v.pipe(
  v.string(msg.string),
  v.transform((name) => DIFY_OPERATORS[name] ?? name),
  v.picklist(
    METADATA_OPERATORS,
    `comparison_operator must be one of: ${[...Object.keys(DIFY_OPERATORS), ...METADATA_OPERATORS].join(", ")}`,
  ),
);

// Dify names a condition's field as a list of one; RAGFlow as a string.
const fieldName = v.pipe(
  v.union(
    [v.string(), v.pipe(v.array(v.string()), v.length(1, "A condition names one metadata field."))],
    "A condition's name must be a string.",
  ),
  v.transform((name) => (Array.isArray(name) ? (name[0] ?? "") : name).trim()),
  v.nonEmpty("Each condition needs a metadata field name."),
);

const DifyMetadataConditionSchema = v.pipe(
  v.object({
    logical_operator: metadataLogic,
    // Dify sends no value (null) for "empty" and "not empty"
    conditions: v.optional(
      conditionList({
        name: fieldName,
        comparison_operator: operator,
        value: v.optional(v.nullable(metadataValue), ""),
      }),
      [],
    ),
  }),
  v.transform(
    (condition): MetadataCondition => ({
      logic: condition.logical_operator,
      conditions: condition.conditions.map(({ name, comparison_operator, value }) => ({
        name,
        comparison_operator,
        value: value ?? "",
      })),
    }),
  ),
);

// Dify's external knowledge API as RAGFlow serves it (POST /api/v1/dify/retrieval).
export const DIFY_REQUIRED = ["knowledge_id", "query"] as const;
export const DifyRetrievalSchema = v.object({
  knowledge_id: v.pipe(v.string(msg.string), v.trim(), v.nonEmpty("`knowledge_id` is required.")),
  query: v.pipe(
    v.string(msg.string),
    v.trim(),
    v.nonEmpty("`query` is required."),
    v.maxLength(SEARCH_QUESTION_MAX, msg.maxChars(SEARCH_QUESTION_MAX)),
  ),
  use_kg: v.optional(bool(), false),
  retrieval_setting: v.optional(
    v.object({ top_k: v.optional(int(1, 1024), 1024), score_threshold: v.optional(float(0, 1), 0) }),
    { top_k: 1024, score_threshold: 0 },
  ),
  metadata_condition: v.optional(v.nullable(DifyMetadataConditionSchema)),
});
export type DifyRetrievalInput = v.InferOutput<typeof DifyRetrievalSchema>;

export type DifyRecord = { content: string; score: number; title: string; metadata: Record<string, unknown> };
