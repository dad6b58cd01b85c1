import * as v from "valibot";
import { META_FIELDS_MAX_BYTES } from "./limits";
import { MetadataConditionSchema } from "./metadata-condition";
import { isPlainObject, msg, optionalOrNull } from "./pydantic";

const MAX_EDITS = 100;
const MAX_SELECTED = 1000;

const Key = v.pipe(
  v.string("Each `key` must be a string."),
  v.trim(),
  v.nonEmpty("Each operation needs a `key`."),
  v.maxLength(255, msg.maxChars(255)),
);
const Scalar = v.union([v.string(), v.number()], "A value must be a string or a number.");
const Value = v.union(
  [v.string(), v.number(), v.array(v.union([v.string(), v.number()]))],
  "A value must be a string, a number or a list of them.",
);

// RAGFlow's POST /datasets/{id}/metadata/update: which documents (Buddy: all of the dataset when the selector is
// empty, RAGFlow: none), then updates (set a field, add to a list, or replace the value equal to `match`) and
// deletes (a field, or one value of it). The shape is checked first, in RAGFlow's order and words; null reads
// as left out.
type Body = Record<string, unknown>;
const given = (body: Body, key: string) => body[key] !== undefined && body[key] !== null;
const selectorOf = (body: Body): Body => (isPlainObject(body.selector) ? body.selector : {});
const listOf = (body: Body, key: string): unknown[] => (Array.isArray(body[key]) ? body[key] : []);
const hasKey = (edit: unknown): edit is Body =>
  isPlainObject(edit) && typeof edit.key === "string" && edit.key.trim() !== "";

export const MetadataUpdateSchema = v.pipe(
  v.custom<Body>(isPlainObject),
  v.check((body) => !given(body, "selector") || isPlainObject(body.selector), "selector must be an object."),
  v.check(
    (body) => ["updates", "deletes"].every((key) => !given(body, key) || Array.isArray(body[key])),
    "updates and deletes must be lists.",
  ),
  v.check(
    (body) => !selectorOf(body).metadata_condition || isPlainObject(selectorOf(body).metadata_condition),
    "metadata_condition must be an object.",
  ),
  v.check(
    (body) => !selectorOf(body).document_ids || Array.isArray(selectorOf(body).document_ids),
    "document_ids must be a list.",
  ),
  v.check(
    (body) => listOf(body, "updates").every((edit) => hasKey(edit) && "value" in edit),
    "Each update requires key and value.",
  ),
  v.check((body) => listOf(body, "deletes").every(hasKey), "Each delete requires key."),
  v.object({
    selector: v.optional(
      v.pipe(
        v.nullable(v.record(v.string(), v.unknown())),
        v.transform((selector) => selector ?? {}),
        v.object({
          document_ids: v.optional(
            v.pipe(v.array(v.string(msg.string)), v.maxLength(MAX_SELECTED, `At most ${MAX_SELECTED} document_ids.`)),
          ),
          metadata_condition: optionalOrNull(MetadataConditionSchema),
        }),
      ),
      {},
    ),
    updates: v.optional(
      v.pipe(
        v.nullable(v.array(v.object({ key: Key, value: Value, match: v.optional(Scalar) }))),
        v.transform((list) => list ?? []),
        v.maxLength(MAX_EDITS, `At most ${MAX_EDITS} updates.`),
      ),
      [],
    ),
    deletes: v.optional(
      v.pipe(
        v.nullable(v.array(v.object({ key: Key, value: v.optional(Scalar) }))),
        v.transform((list) => list ?? []),
        v.maxLength(MAX_EDITS, `At most ${MAX_EDITS} deletes.`),
      ),
      [],
    ),
  }),
);
export type MetadataUpdateInput = v.InferOutput<typeof MetadataUpdateSchema>;
export type MetadataValue = v.InferOutput<typeof Value>;

// GET /datasets/{id}/metadata/summary: per field, its most common kind and every value with its document count.
export type MetadataFieldSummary = { type: "string" | "number" | "list" | "time"; values: [string, number][] };
export type MetadataSummary = { summary: Record<string, MetadataFieldSummary> };

export const METADATA_TOO_LARGE = `A document's metadata would exceed ${META_FIELDS_MAX_BYTES / 1024} KB as JSON.`;

export const FlattenedMetadataQuerySchema = v.object({
  dataset_ids: v.pipe(v.string(msg.string), v.trim(), v.nonEmpty("Lack of dataset_ids in query parameters")),
});

// GET /datasets/metadata/flattened: field → value → the documents having it (list items one by one).
export type FlattenedMetadata = Record<string, Record<string, string[]>>;
