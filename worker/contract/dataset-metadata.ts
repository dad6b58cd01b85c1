import * as v from "valibot";
import { META_FIELDS_MAX_BYTES } from "./limits";
import { MetadataConditionSchema } from "./metadata-condition";
import { msg, optionalOrNull } from "./pydantic";

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

// RAGFlow's POST /datasets/{id}/metadata/update: which documents (all of the dataset when the selector is
// empty), then updates (set a field, add to a list, or replace the value equal to `match`) and deletes (a
// field, or one value of it).
export const MetadataUpdateSchema = v.pipe(
  v.object({
    selector: v.optional(
      v.object(
        {
          document_ids: v.optional(
            v.pipe(
              v.array(v.string(msg.string), "`document_ids` must be a list."),
              v.maxLength(MAX_SELECTED, `At most ${MAX_SELECTED} document_ids.`),
            ),
          ),
          metadata_condition: optionalOrNull(MetadataConditionSchema),
        },
        "selector must be an object.",
      ),
      {},
    ),
    updates: v.optional(
      v.pipe(
        v.array(
          v.object({ key: Key, value: Value, match: v.optional(Scalar) }, "Each update must be an object."),
          "updates must be a list.",
        ),
        v.maxLength(MAX_EDITS, `At most ${MAX_EDITS} updates.`),
      ),
      [],
    ),
    deletes: v.optional(
      v.pipe(
        v.array(
          v.object({ key: Key, value: v.optional(Scalar) }, "Each delete must be an object."),
          "deletes must be a list.",
        ),
        v.maxLength(MAX_EDITS, `At most ${MAX_EDITS} deletes.`),
      ),
      [],
    ),
  }),
  v.check((input) => input.updates.length + input.deletes.length > 0, "updates and deletes cannot both be empty."),
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
