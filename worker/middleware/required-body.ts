import { validator } from "hono/validator";
import * as v from "valibot";
import { argumentError } from "../lib/errors";
import { isMissingKey } from "../lib/validation";
import { documented } from "./openapi";
import { assertJsonObject } from "./validate";

// JSON body checks as RAGFlow v0.27's model and provider API words them: code 101 and one plain line,
// "instance_name is required" for a missing field, else the schema's own message, naming the field when the
// message does not (so that every refusal says which field is wrong).
export const requiredFieldsBody = <S extends v.GenericSchema>(schema: S) =>
  documented(
    validator("json", (value): v.InferOutput<S> => {
      const result = v.safeParse(schema, assertJsonObject(value));
      if (result.success) return result.output;
      const [issue] = result.issues;
      const path = issue ? v.getDotPath(issue) : null;
      const message = issue?.message ?? "Invalid request";
      if (!issue || !path) throw argumentError(message);
      if (isMissingKey(issue)) throw argumentError(`${path} is required`);
      const field = path.split(".")[0] ?? path;
      throw argumentError(message.includes(field) ? message : `Field: <${path}> - Message: <${message}>`);
    }),
    "json",
    schema,
  );
