import type { promptsDe } from "./prompts.de";

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

// Strings of the prompt templates page and the chat configuration's template menu (English).
export const promptsEn: Shape<typeof promptsDe> = {
  title: "Prompt templates",
  description:
    "Your team's reusable prompts, such as system prompts for assistants. Every member sees them; their creator, the owner and admins may change them.",
  search: "Search templates",
  create: "New template",
  createTitle: "New prompt template",
  editTitle: "Edit template",
  name: "Name",
  descriptionLabel: "Description",
  content: "Content",
  contentHint: "The assistant puts the chunks found in the knowledge base where {knowledge} stands.",
  updated: "Updated",
  characters: "{{n}} characters",
  empty: "No templates yet. Create the first one to reuse prompts across the team.",
  noMatch: "No template matches “{{query}}”.",
  edit: "Edit",
  editOf: "Edit: {{name}}",
  deleteOf: "Delete: {{name}}",
  deleteTitle: "Delete template?",
  deleteBody: "The template “{{name}}” will be deleted. Assistants that already took over its text keep it.",
  errors: {
    required: "This field is required.",
    tooLong: "At most {{max}} characters.",
    nameTaken: "A template with this name already exists in the team.",
  },
  insert: "Insert from template",
  insertHint: "Replaces the system prompt with the template's text.",
  insertEmpty: "No templates yet – create them under Settings → Prompts.",
  inserted: "Inserted template “{{name}}”",
  saveAs: "Save as template",
};
