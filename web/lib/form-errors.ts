import * as v from "valibot";
import type { ParseKeys } from "i18next";
import { PASSWORD_RULES } from "../../worker/contract/password-rules";

// A translation key, or a key with the values its text names ("At most {{max}} characters.").
export type FieldMessage = { key: ParseKeys; values?: Record<string, string | number> };
export type FieldError = ParseKeys | FieldMessage;
export type FieldErrors<K extends string = string> = Partial<Record<K, FieldError>>;

export const fieldMessage = (error: FieldError): FieldMessage => (typeof error === "string" ? { key: error } : error);

// A length rule that failed, with the limit: "at most 128 characters", "at most 10 entries" for a list.
export const lengthMessage = (issue: v.BaseIssue<unknown>): FieldMessage => {
  const limit = Number(issue.requirement);
  const list = Array.isArray(issue.input);
  if (issue.type === "max_length")
    return { key: list ? "validation.tooMany" : "validation.tooLong", values: { max: limit } };
  if (limit <= 1) return { key: "validation.required" };
  return { key: list ? "validation.tooFew" : "validation.tooShort", values: { min: limit } };
};

// Maps a failed check of a shared contract schema to the translation key the form shows.
const PASSWORD_RULE_KEYS: Record<string, ParseKeys> = {
  [PASSWORD_RULES.control]: "validation.passwordControl",
  [PASSWORD_RULES.blank]: "validation.passwordBlank",
  [PASSWORD_RULES.common]: "validation.passwordCommon",
  [PASSWORD_RULES.email]: "validation.passwordIsEmail",
};

const keyFor = (issue: v.BaseIssue<unknown>, field: string): FieldError => {
  const passwordRule = PASSWORD_RULE_KEYS[issue.message];
  if (passwordRule) return passwordRule;
  if (issue.input === undefined || issue.type === "non_empty") return "validation.required";
  if (issue.type === "email") return "validation.email";
  if (issue.type === "min_length" && field.toLowerCase().includes("password")) return "validation.passwordLength";
  if (issue.type === "partial_check") return "validation.passwordMismatch";
  if (issue.type === "max_length" || issue.type === "min_length") {
    const message = lengthMessage(issue);
    return message.values ? message : message.key;
  }
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
