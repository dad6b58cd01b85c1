import * as v from "valibot";
import type { ParseKeys } from "i18next";
import { PASSWORD_RULES } from "../../worker/contract/users";

export type FieldErrors<K extends string = string> = Partial<Record<K, ParseKeys>>;

// Maps a failed check of a shared contract schema to the translation key the form shows.
const PASSWORD_RULE_KEYS: Record<string, ParseKeys> = {
  [PASSWORD_RULES.control]: "validation.passwordControl",
  [PASSWORD_RULES.blank]: "validation.passwordBlank",
  [PASSWORD_RULES.common]: "validation.passwordCommon",
  [PASSWORD_RULES.email]: "validation.passwordIsEmail",
};

const keyFor = (issue: v.BaseIssue<unknown>, field: string): ParseKeys => {
  const passwordRule = PASSWORD_RULE_KEYS[issue.message];
  if (passwordRule) return passwordRule;
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
