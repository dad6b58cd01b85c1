import * as v from "valibot";
import { msg, oneOf, str } from "./pydantic";

export const AUTO_METADATA_TYPES = ["string", "list", "number", "time"] as const;
export type AutoMetadataType = (typeof AUTO_METADATA_TYPES)[number];
export const AUTO_METADATA_MAX_FIELDS = 64;
export const AUTO_METADATA_MAX_ENUM = 256;

// One field the chat model fills for each document at parsing (RAGFlow's auto metadata).
export const AutoMetadataFieldSchema = v.strictObject(
  {
    key: v.pipe(v.string(msg.string), v.trim(), v.nonEmpty(msg.minChars(1)), v.maxLength(255, msg.maxChars(255))),
    type: v.optional(oneOf(AUTO_METADATA_TYPES), "string"),
    description: v.optional(str(0, 65_535), ""),
    // the only values the field may take (null: any)
    enum: v.optional(
      v.nullable(
        v.pipe(v.array(str(1, 255), msg.list), v.maxLength(AUTO_METADATA_MAX_ENUM, msg.lte(AUTO_METADATA_MAX_ENUM))),
      ),
      null,
    ),
  },
  msg.extra,
);
export type AutoMetadataField = v.InferOutput<typeof AutoMetadataFieldSchema>;

const fields = v.pipe(
  v.array(AutoMetadataFieldSchema, msg.list),
  v.maxLength(AUTO_METADATA_MAX_FIELDS, msg.lte(AUTO_METADATA_MAX_FIELDS)),
  v.check(
    (list) => new Set(list.map((field) => field.key)).size === list.length,
    "Each metadata key may appear only once",
  ),
);
export const AutoMetadataFieldsSchema = fields;

// GET/PUT /datasets/{id}/metadata/config: the fields of the dataset's parser_config.metadata and built_in_metadata.
export const MetadataConfigSchema = v.strictObject(
  { metadata: v.optional(fields, []), built_in_metadata: v.optional(fields, []) },
  msg.extra,
);
export type MetadataConfig = v.InferOutput<typeof MetadataConfigSchema>;
