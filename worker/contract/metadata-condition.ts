import * as v from "valibot";
import { msg, oneOf } from "./pydantic";

// RAGFlow's comparison operators for document metadata (meta_filter).
export const METADATA_OPERATORS = [
  "contains",
  "not contains",
  "start with",
  "end with",
  "empty",
  "not empty",
  "=",
  "≠",
  ">",
  "<",
  "≥",
  "≤",
] as const;
export type MetadataOperator = (typeof METADATA_OPERATORS)[number];
export const MAX_METADATA_CONDITIONS = 20;

// The parts of one condition, and a list of them, shared by retrieval's metadata_condition and a chat's
// meta_data_filter (RAGFlow names the same parts differently in the two).
export const metadataFieldName = v.pipe(
  v.string(msg.string),
  v.trim(),
  v.nonEmpty("Each condition needs a metadata field name."),
);
// RAGFlow's convert_conditions also takes these spellings, for the operators above
const OPERATOR_ALIASES: Record<string, MetadataOperator> = { is: "=", "not is": "≠", "!=": "≠", ">=": "≥", "<=": "≤" };
const OPERATOR_NAMES = [...METADATA_OPERATORS, ...Object.keys(OPERATOR_ALIASES)];
export const metadataOperator = v.pipe(
  v.picklist(OPERATOR_NAMES, msg.oneOf(OPERATOR_NAMES)),
  v.transform((op): MetadataOperator => OPERATOR_ALIASES[op] ?? (op as MetadataOperator)),
);
export const metadataValue = v.optional(v.union([v.string(), v.number()], msg.string), "");
export const metadataLogic = v.optional(oneOf(["and", "or"] as const), "and");
export const conditionList = <E extends v.ObjectEntries>(entries: E) =>
  v.pipe(
    v.array(v.object(entries), msg.list),
    v.maxLength(MAX_METADATA_CONDITIONS, `At most ${MAX_METADATA_CONDITIONS} metadata conditions.`),
  );

export const MetadataConditionSchema = v.object({
  logic: metadataLogic,
  conditions: conditionList({ name: metadataFieldName, comparison_operator: metadataOperator, value: metadataValue }),
});
export type MetadataCondition = v.InferOutput<typeof MetadataConditionSchema>;
