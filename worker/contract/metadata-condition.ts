import * as v from "valibot";
import { msg, oneOf } from "./pydantic";

// RAGFlow's comparison operators for document metadata (meta_filter).
export const METADATA_OPERATORS = ["contains", "not contains", "start with", "end with", "empty", "not empty", "=", "≠", ">", "<", "≥", "≤"] as const;
export type MetadataOperator = (typeof METADATA_OPERATORS)[number];
export const MAX_METADATA_CONDITIONS = 20;

export const MetadataConditionSchema = v.object({
  logic: v.optional(oneOf(["and", "or"] as const), "and"),
  conditions: v.pipe(
    v.array(
      v.object({
        name: v.pipe(v.string(msg.string), v.trim(), v.nonEmpty("Each condition needs a metadata field name.")),
        comparison_operator: oneOf(METADATA_OPERATORS),
        value: v.optional(v.union([v.string(), v.number()], msg.string), ""),
      }),
      msg.list,
    ),
    v.maxLength(MAX_METADATA_CONDITIONS, `At most ${MAX_METADATA_CONDITIONS} metadata conditions.`),
  ),
});
export type MetadataCondition = v.InferOutput<typeof MetadataConditionSchema>;
