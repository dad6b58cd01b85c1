import * as v from "valibot";
import type { ParseKeys } from "i18next";

export type FieldErrors<K extends string = string> = Partial<Record<K, ParseKeys>>;

// Maps a failed check of a shared contract schema to the translation key the form shows.
const keyFor = (issue: v.BaseIssue<unknown>, field: string): ParseKeys => {
  if (issue.input === undefined || issue.type === "non_empty") return "validation.required";
  if (issue.type === "email") return "validation.email";
  if (issue.type === "min_length" && field.toLowerCase().includes("password")) return "validation.passwordLength";
  if (issue.type === "partial_check") return "validation.passwordMismatch";
  if (issue.type === "max_length") return "validation.tooLong";
  if (field === "timezone") return "validation.timezone";
  return "validation.invalid";
};

export const validateForm = <S extends v.GenericSchema>(schema: S, values: unknown) => {
  const result = v.safeParse(schema, values);
  if (result.success) return { output: result.output as v.InferOutput<S>, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? "form";
    errors[field] ??= keyFor(issue, field);
  }
  return { output: null, errors };
};
