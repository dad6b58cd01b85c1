import type { FilterOperator } from "../../../contract/agent-flow-params";
import { pythonRepr } from "../../../contract/python-errors";

// A value as Python's str() writes it, which RAGFlow's filters compare as text (None as nothing).
export const pythonText = (value: unknown): string => {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return pythonRepr(value);
};

// The comparisons of DataOperations' filter_values and ListOperations' filter, case-sensitive as RAGFlow's.
export const filterMatches = (text: string, operator: FilterOperator | undefined, expected: string) => {
  if (operator === "=") return text === expected;
  if (operator === "≠") return text !== expected;
  if (operator === "contains") return text.includes(expected);
  if (operator === "start with") return text.startsWith(expected);
  if (operator === "end with") return text.endsWith(expected);
  return false;
};
