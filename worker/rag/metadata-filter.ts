import {
  MAX_METADATA_CONDITIONS,
  METADATA_OPERATORS,
  type MetadataCondition,
  type MetadataOperator,
} from "../contract/metadata-condition";
import type { ChatMessage } from "../platform/providers/types";
import { jsonObjectIn } from "./json-answer";

type MetaFields = Record<string, unknown>;

// A field's values: a list counts element by element, as RAGFlow flattens list metadata.
const valuesOf = (meta: MetaFields, name: string): string[] => {
  const value = meta[name];
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map((item) => String(item));
};

const asNumber = (text: string) => (text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : null);

// Numbers compare as numbers when both sides are numbers, otherwise as text (RAGFlow's float() attempt).
const ordered = (actual: string, expected: string) => {
  const [a, b] = [asNumber(actual), asNumber(expected)];
  if (a !== null && b !== null) return Math.sign(a - b);
  return actual === expected ? 0 : actual < expected ? -1 : 1;
};

const holds = (operator: MetadataOperator, actual: string, expected: string) => {
  const [a, b] = [actual.toLowerCase(), expected.toLowerCase()];
  switch (operator) {
    case "contains":
      return a.includes(b);
    case "start with":
      return a.startsWith(b);
    case "end with":
      return a.endsWith(b);
    case "=":
      return ordered(actual, expected) === 0;
    case ">":
      return ordered(actual, expected) > 0;
    case "<":
      return ordered(actual, expected) < 0;
    case "≥":
      return ordered(actual, expected) >= 0;
    case "≤":
      return ordered(actual, expected) <= 0;
    default:
      return false;
  }
};

const conditionHolds = (
  meta: MetaFields,
  { name, comparison_operator: operator, value }: MetadataCondition["conditions"][number],
) => {
  const values = valuesOf(meta, name).filter((item) => item.trim() !== "");
  const expected = String(value);
  if (operator === "empty") return values.length === 0;
  if (operator === "not empty") return values.length > 0;
  // negations hold when no value matches: a document tagged ["A", "B"] does not pass "≠ A"
  if (operator === "not contains") return !values.some((item) => holds("contains", item, expected));
  if (operator === "≠") return !values.some((item) => holds("=", item, expected));
  return values.some((item) => holds(operator, item, expected));
};

// Whether a document's metadata passes the conditions (all of them with "and", one with "or").
export const metadataMatches = (meta: MetaFields, { logic, conditions }: MetadataCondition) =>
  logic === "or"
    ? conditions.some((condition) => conditionHolds(meta, condition))
    : conditions.every((condition) => conditionHolds(meta, condition));

// The fields a model may filter on, with some of their values: { field: [value, …] }.
export type MetadataFields = Record<string, (string | number)[]>;

// The chat model writes a metadata filter for a question (RAGFlow's gen_meta_filter idea, our wording).
export const metadataFilterPrompt = (
  fields: MetadataFields,
  question: string,
  today: string,
  fixed: Record<string, MetadataOperator>,
): ChatMessage[] => [
  {
    role: "system",
    content: [
      "You narrow a document search by the documents' metadata. Given the METADATA (field → some of its values) and the",
      "user's question, write the conditions the question clearly asks for, and none it does not. Use only these",
      `fields and the operators ${METADATA_OPERATORS.join(", ")}. Today is ${today}.`,
      ...(Object.keys(fixed).length ? [`Use these operators for these fields: ${JSON.stringify(fixed)}.`] : []),
      'Answer with JSON only: {"logic": "and" or "or", "conditions": [{"key": field, "op": operator, "value": value}]}.',
      'With nothing to filter on, answer {"logic": "and", "conditions": []}.',
      "",
      "# METADATA",
      JSON.stringify(fields),
    ].join("\n"),
  },
  { role: "user", content: question },
];

// The model's conditions on known fields with known operators; anything else it wrote is dropped.
export const parseMetadataFilterAnswer = (
  answer: string,
  fields: Set<string>,
  fixed: Record<string, MetadataOperator>,
): MetadataCondition => {
  const parsed = jsonObjectIn(answer) ?? {};
  const conditions = (Array.isArray(parsed.conditions) ? parsed.conditions : [])
    .filter(
      (item): item is { key: string; op: string; value?: unknown } =>
        typeof item?.key === "string" && typeof item?.op === "string",
    )
    .filter(
      (item) => fields.has(item.key) && (METADATA_OPERATORS as readonly string[]).includes(fixed[item.key] ?? item.op),
    )
    .slice(0, MAX_METADATA_CONDITIONS)
    .map((item) => ({
      name: item.key,
      comparison_operator: (fixed[item.key] ?? item.op) as MetadataOperator,
      value: typeof item.value === "number" ? item.value : String(item.value ?? ""),
    }));
  return { logic: parsed.logic === "or" ? "or" : "and", conditions };
};
