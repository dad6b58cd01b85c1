import * as v from "valibot";
import { msg, oneOf, queryBool, queryInt } from "./pydantic";

export const PROMPT_NAME_MAX = 128;
export const PROMPT_DESCRIPTION_MAX = 1000;
export const PROMPT_CONTENT_MAX = 100_000;
export const PROMPT_NAME_TAKEN = "A prompt template with this name already exists.";

const name = v.pipe(
  v.string(msg.string),
  v.trim(),
  v.minLength(1, "`name` is required"),
  v.maxLength(PROMPT_NAME_MAX, msg.maxChars(PROMPT_NAME_MAX)),
);
const description = v.pipe(
  v.string(msg.string),
  v.maxLength(PROMPT_DESCRIPTION_MAX, msg.maxChars(PROMPT_DESCRIPTION_MAX)),
);
const content = v.pipe(
  v.string(msg.string),
  v.check((text) => text.trim() !== "", "`content` is required"),
  v.maxLength(PROMPT_CONTENT_MAX, msg.maxChars(PROMPT_CONTENT_MAX)),
);

export const CreatePromptTemplateSchema = v.object({ name, description: v.optional(description, ""), content });
export type CreatePromptTemplateInput = v.InferOutput<typeof CreatePromptTemplateSchema>;

export const UpdatePromptTemplateSchema = v.partial(CreatePromptTemplateSchema);
export type UpdatePromptTemplateInput = v.InferOutput<typeof UpdatePromptTemplateSchema>;

export const ListPromptTemplatesQuerySchema = v.object({
  page: queryInt(1, 1),
  page_size: queryInt(30, 1, 1000),
  orderby: v.optional(oneOf(["create_time", "update_time", "name"] as const), "update_time"),
  desc: queryBool(true),
  keywords: v.optional(v.string()),
});
export type ListPromptTemplatesQuery = v.InferOutput<typeof ListPromptTemplatesQuerySchema>;

export type PromptTemplate = {
  id: string;
  tenant_id: string;
  created_by: string;
  name: string;
  description: string;
  content: string;
  create_time: number;
  update_time: number;
};
