import * as v from "valibot";
import {
  CreatePromptTemplateSchema,
  PROMPT_CONTENT_MAX,
  PROMPT_DESCRIPTION_MAX,
  PROMPT_NAME_MAX,
} from "../../../worker/contract/prompt-templates";
import type { FieldError } from "../knowledge/configuration/config-schema";

export type TemplateValues = { name: string; description: string; content: string };
export type TemplateField = keyof TemplateValues;
export type TemplateErrors = Partial<Record<TemplateField, FieldError>>;

const MAX: Record<TemplateField, number> = {
  name: PROMPT_NAME_MAX,
  description: PROMPT_DESCRIPTION_MAX,
  content: PROMPT_CONTENT_MAX,
};

// The contract's checks, as the dialog shows them: required, or too long with the limit named.
export const validateTemplate = (values: TemplateValues): { output: TemplateValues | null; errors: TemplateErrors } => {
  const result = v.safeParse(CreatePromptTemplateSchema, values);
  if (result.success) return { output: result.output, errors: {} };
  const errors: TemplateErrors = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) as TemplateField | null;
    if (!field || errors[field]) continue;
    errors[field] =
      issue.type === "max_length"
        ? { key: "prompts.errors.tooLong", values: { max: MAX[field] } }
        : { key: "prompts.errors.required" };
  }
  return { output: null, errors };
};
