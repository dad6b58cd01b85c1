import * as v from "valibot";
import { pythonRepr } from "../contract/python-errors";

const VALUE_PREVIEW_LENGTH = 125;
// password, new_password, api_key, access_token … (not chunk_token_num)
const SECRET_FIELD = /password|secret|api_key|(^|[._])(\w+_)?token$/i;

// str(input), cut like RAGFlow's format_validation_error_message: over 128 characters keeps 125 and "...".
const preview = (path: string, input: unknown): string => {
  if (SECRET_FIELD.test(path)) return "***";
  const text = typeof input === "string" ? input : pythonRepr(input);
  return text.length > VALUE_PREVIEW_LENGTH + 3 ? `${text.slice(0, VALUE_PREVIEW_LENGTH)}...` : text;
};

export const isMissingKey = (issue: v.BaseIssue<unknown>) =>
  issue.kind === "schema" && issue.type.endsWith("object") && issue.received === "undefined";

// pydantic prints an unknown key's value; valibot's issue input for it is the key itself
const offendingValue = (issue: v.BaseIssue<unknown>) => {
  const last = issue.path?.at(-1);
  return last?.origin === "key" ? last.value : issue.input;
};

// One line per issue, "Field: <path> - Message: <text> - Value: <input>", as RAGFlow words its pydantic errors;
// its clients and API tests match on that shape.
export const formatIssues = (issues: readonly v.BaseIssue<unknown>[]): string =>
  issues
    .map((issue) => {
      const path = v.getDotPath(issue) ?? "body";
      const message = isMissingKey(issue) ? "Field required" : issue.message;
      return `Field: <${path}> - Message: <${message}> - Value: <${preview(path, offendingValue(issue))}>`;
    })
    .join("\n");

export const describeType = (value: unknown): string => {
  if (value === null) return "null";
  if (Array.isArray(value)) return "list";
  if (typeof value === "string") return "str";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (typeof value === "boolean") return "bool";
  return typeof value;
};

// A Python exception's repr (contract/python-errors.ts): RAGFlow answers it with code 100.
export const isPythonExceptionText = (message: string) => /^[A-Z]\w*(Error|Exception)\(/.test(message);
