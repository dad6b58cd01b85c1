import type { AutoMetadataField } from "../contract/auto-metadata";
import type { ChatMessage } from "../platform/providers/types";
import { jsonObjectIn } from "./json-answer";

export type MetaValue = string | number | string[];
export type Metadata = Record<string, unknown>;

// RAGFlow's turn2jsonschema: the fields as the JSON schema the model fills.
export const metadataSchema = (fields: AutoMetadataField[]) => ({
  type: "object",
  properties: Object.fromEntries(
    fields.map((field) => {
      const values = field.enum?.length ? { enum: field.enum } : {};
      const description = field.description ? { description: field.description } : {};
      if (field.type === "list")
        return [field.key, { type: "array", items: { type: "string", ...values }, ...description }];
      if (field.type === "number") return [field.key, { type: "number", ...description }];
      if (field.type === "time") return [field.key, { type: "string", format: "date-time", ...description }];
      return [field.key, { type: "string", ...values, ...description }];
    }),
  ),
});

export const metadataPrompt = (fields: AutoMetadataField[], content: string): ChatMessage[] => [
  {
    role: "system",
    content:
      "Extract metadata fields from the text below. Answer with one JSON object that follows this JSON schema, and nothing else. " +
      "Leave out a field the text does not state; never guess. Keep the text's language. Times as YYYY-MM-DDTHH:MM:SS.\n" +
      `Schema: ${JSON.stringify(metadataSchema(fields))}`,
  },
  { role: "user", content },
];

const allowed = (field: AutoMetadataField, value: string) => !field.enum?.length || field.enum.includes(value);
const text = (value: unknown) =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

// A value as the field's type allows it, or undefined (invented fields, values outside the enum, wrong types).
const valueFor = (field: AutoMetadataField, raw: unknown): MetaValue | undefined => {
  if (field.type === "list") {
    const items = [
      ...new Set(
        [raw]
          .flat()
          .map(text)
          .filter((item) => item && allowed(field, item)),
      ),
    ];
    return items.length ? items : undefined;
  }
  if (field.type === "number") {
    const number = typeof raw === "number" ? raw : Number(text(raw).replace(",", "."));
    return Number.isFinite(number) && text(raw) !== "" ? number : undefined;
  }
  const value = text(raw);
  return value && allowed(field, value) ? value : undefined;
};

// The fields the model filled for one chunk, checked against the configuration.
export const parseMetadataAnswer = (answer: string, fields: AutoMetadataField[]): Record<string, MetaValue> => {
  const object = jsonObjectIn(answer) ?? {};
  const found: Record<string, MetaValue> = {};
  for (const field of fields) {
    const value = valueFor(field, object[field.key]);
    if (value !== undefined) found[field.key] = value;
  }
  return found;
};

const dedupe = (values: unknown[]) => [...new Map(values.map((value) => [String(value), value])).values()];

// RAGFlow's update_metadata_to: a new key is taken, a list gains the new values (deduplicated), a single value is
// replaced by the later one.
export const mergeMetadata = (into: Metadata, from: Metadata): Metadata => {
  const merged: Metadata = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const current = merged[key];
    if (!(key in merged)) merged[key] = Array.isArray(value) ? dedupe(value) : value;
    else if (Array.isArray(current)) merged[key] = dedupe([...current, ...[value].flat()]);
    else merged[key] = value;
  }
  return merged;
};
