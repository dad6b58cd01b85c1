import { validator } from "hono/validator";
import * as v from "valibot";
import { type AppError, argumentError, dataError, exceptionError } from "../lib/errors";
import { describeType, formatIssues, isMissingKey, isPythonExceptionText } from "../lib/validation";
import { documented } from "./openapi";

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json/i;

// Valibot parse with RAGFlow's code 101 and one "Field: <path> - Message: …" line per issue.
export const parseOrThrow = <S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  failure: (message: string) => AppError = argumentError,
): v.InferOutput<S> => {
  const result = v.safeParse(schema, value);
  if (!result.success) throw failure(formatIssues(result.issues));
  return result.output;
};

// RAGFlow's first body check: a JSON content type (the body limit for JSON applies only then).
export const assertJsonContentType = (contentType: string, failure: (message: string) => AppError = argumentError) => {
  if (!JSON_MEDIA_TYPE.test(contentType))
    throw failure(`Unsupported content type: Expected application/json, got ${contentType || "nothing"}`);
};

export const MALFORMED_JSON = "Malformed JSON syntax: Missing commas/brackets or invalid encoding";

export const NOT_A_JSON_OBJECT = "The request body must be a JSON object.";

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// valibot's object() takes a list (its indexes become keys), so a body of [] or [{…}] would pass a schema whose
// fields are all optional; every JSON body is checked to be an object first.
export const assertJsonObject = (value: unknown, failure: (message: string) => AppError = argumentError) => {
  if (!isJsonObject(value)) throw failure(NOT_A_JSON_OBJECT);
  return value;
};

// JSON body checks in RAGFlow's order and wording: content type, object payload, then fields (code 101; the
// document update answers the same lines with 102). `bodyRequired`: RAGFlow's validate_and_parse_json_request
// (dataset create, update, delete), which finds no body malformed JSON where other routes read it as {}.
export const jsonBody = <S extends v.GenericSchema>(
  schema: S,
  failure: (message: string) => AppError = argumentError,
  { bodyRequired = false } = {},
) =>
  documented(
    validator("json", (value, c): v.InferOutput<S> => {
      assertJsonContentType(c.req.header("Content-Type") ?? "", failure);
      if (bodyRequired && c.get("emptyJsonBody")) throw failure(MALFORMED_JSON);
      if (!isJsonObject(value)) {
        throw failure(`Invalid request payload: expected object, got ${describeType(value)}`);
      }
      return parseOrThrow(schema, value, failure);
    }),
    "json",
    schema,
  );

export const queryParams = <S extends v.GenericSchema>(schema: S) =>
  documented(
    validator("query", (value): v.InferOutput<S> => parseOrThrow(schema, value)),
    "query",
    schema,
  );

// RAGFlow's plain line where it names the field ("`name` is required", "`top_k` must be greater than 0"), else
// the pydantic line "Field: <path> - Message: <…>", so that every refusal says which field is wrong.
const describeIssue = (issue: v.BaseIssue<unknown>) => {
  const path = v.getDotPath(issue);
  if (!path) return issue.message;
  if (isMissingKey(issue)) return `\`${path}\` is required`;
  const field = path.split(".").findLast((key) => !/^\d+$/.test(key)) ?? path;
  // a line that opens with a `name` is RAGFlow's own wording, which sometimes names the field otherwise
  return issue.message.includes(field) || issue.message.startsWith("`") ? issue.message : formatIssues([issue]);
};

// Chunk and chat endpoints answer bad input with code 102 and its first problem, as RAGFlow does (code 100 with
// the Python exception's line where RAGFlow's conversion raises). No body (or a non-JSON content type) reads as {}.
export const jsonBodyAsDataError = <S extends v.GenericSchema>(schema: S) =>
  documented(
    validator("json", (value): v.InferOutput<S> => {
      const result = v.safeParse(schema, assertJsonObject(value, dataError));
      if (result.success) return result.output;
      const [issue] = result.issues;
      if (issue && isPythonExceptionText(issue.message)) throw exceptionError(issue.message);
      throw dataError(issue ? describeIssue(issue) : "Invalid request");
    }),
    "json",
    schema,
  );

// "items.2.question" → "items[2].question"
const bracketPath = (path: string) => path.replace(/\.(\d+)(?=\.|$)/g, "[$1]");

// JSON body checks that name the failing field with its full path ("`items[2].question`: …"), code 102: for
// bodies with lists of objects, where the field alone would not say which entry broke.
export const jsonBodyNamingPath = <S extends v.GenericSchema>(schema: S) =>
  documented(
    validator("json", (value): v.InferOutput<S> => {
      const result = v.safeParse(schema, assertJsonObject(value, dataError));
      if (result.success) return result.output;
      const [issue] = result.issues;
      const path = issue && v.getDotPath(issue);
      if (!issue || !path) throw dataError(issue?.message ?? "Invalid request");
      const field = `\`${bracketPath(path)}\``;
      throw dataError(isMissingKey(issue) ? `${field} is required` : `${field}: ${issue.message}`);
    }),
    "json",
    schema,
  );
