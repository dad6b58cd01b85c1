import type { MetadataCondition, MetadataOperator } from "../contract/metadata-condition";

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

const conditionHolds = (meta: MetaFields, { name, comparison_operator: operator, value }: MetadataCondition["conditions"][number]) => {
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
  logic === "or" ? conditions.some((condition) => conditionHolds(meta, condition)) : conditions.every((condition) => conditionHolds(meta, condition));
