import { validator } from "hono/validator";
import * as v from "valibot";
import { argumentError } from "../lib/errors";
import { isMissingKey } from "../lib/validation";
import { documented } from "./openapi";
import { assertJsonObject } from "./validate";

// JSON body checks as RAGFlow v0.27's model and provider API words them: code 101 and one plain line,
// "instance_name is required" for a missing field, else the schema's own message.
export const requiredFieldsBody = <S extends v.GenericSchema>(schema: S) =>
  documented(
    validator("json", (value): v.InferOutput<S> => {
      const result = v.safeParse(schema, assertJsonObject(value));
      if (result.success) return result.output;
      const [issue] = result.issues;
      const path = issue ? v.getDotPath(issue) : null;
      throw argumentError(
        issue && path && isMissingKey(issue) ? `${path} is required` : (issue?.message ?? "Invalid request"),
      );
    }),
    "json",
    schema,
  );
