import * as v from "valibot";
import { hasControlCharacter } from "./control-characters";
import { IdSchema, int, msg, oneOf, queryBool, queryInt } from "./pydantic";

export const KNOWLEDGEBASE_FOLDER = ".knowledgebase";
export const FILE_ORDER = ["create_time", "update_time", "name", "size", "type"] as const;
export const FILES_PAGE_SIZE = 15;
// one request may touch at most this many entries (move, delete, link)
export const FILE_BATCH_MAX = 1000;

// One path segment: no slashes, not "." or "..", no control characters.
export const FileNameSchema = v.pipe(
  v.string(msg.string),
  v.trim(),
  v.minLength(1, msg.minChars(1)),
  v.maxLength(255, msg.maxChars(255)),
  v.check(
    (name) => !/[/\\]/.test(name) && !hasControlCharacter(name) && name !== "." && name !== "..",
    "A name may not contain / or \\ and may not be . or ..",
  ),
);

const IdListSchema = v.pipe(
  v.array(IdSchema, msg.list),
  v.minLength(1, "List should have at least 1 item after validation, not 0"),
  v.maxLength(FILE_BATCH_MAX, `List should have at most ${FILE_BATCH_MAX} items`),
);

export const ListFilesQuerySchema = v.object({
  parent_id: v.optional(v.string()),
  keywords: v.optional(v.string()),
  page: queryInt(1, 1),
  page_size: queryInt(FILES_PAGE_SIZE, 1, 1000),
  orderby: v.optional(oneOf(FILE_ORDER), "create_time"),
  desc: queryBool(true),
});
export type ListFilesQuery = v.InferOutput<typeof ListFilesQuerySchema>;

export const CreateFileSchema = v.strictObject(
  {
    name: FileNameSchema,
    parent_id: v.optional(IdSchema),
    type: v.optional(oneOf(["folder", "virtual"] as const), "folder"),
  },
  msg.extra,
);
export type CreateFileInput = v.InferOutput<typeof CreateFileSchema>;

export const DeleteFilesSchema = v.strictObject({ ids: IdListSchema }, msg.extra);

export const MoveFilesSchema = v.strictObject(
  { src_file_ids: IdListSchema, dest_file_id: v.optional(IdSchema), new_name: v.optional(FileNameSchema) },
  msg.extra,
);
export type MoveFilesInput = v.InferOutput<typeof MoveFilesSchema>;

export const LinkFilesSchema = v.strictObject({ file_ids: IdListSchema, kb_ids: IdListSchema }, msg.extra);
export type LinkFilesInput = v.InferOutput<typeof LinkFilesSchema>;

const HttpUrlSchema = v.pipe(
  v.string(msg.string),
  v.trim(),
  v.regex(/^https?:\/\//i, "URL must start with http:// or https://"),
  v.url("Invalid URL"),
);

export const ImportWebSchema = v.strictObject(
  {
    url: HttpUrlSchema,
    parent_id: v.optional(IdSchema),
    max_depth: v.optional(int(0, 5), 0),
    max_pages: v.optional(int(1, 200), 1),
  },
  msg.extra,
);
export type ImportWebInput = v.InferOutput<typeof ImportWebSchema>;

const S3ConnectionEntries = {
  endpoint: HttpUrlSchema,
  region: v.pipe(v.string(msg.string), v.trim(), v.minLength(1, msg.minChars(1)), v.maxLength(64, msg.maxChars(64))),
  bucket: v.pipe(
    v.string(msg.string),
    v.trim(),
    v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "Bucket names have 3–63 lower-case letters, digits, dots or hyphens"),
  ),
  access_key_id: v.pipe(
    v.string(msg.string),
    v.trim(),
    v.minLength(1, msg.minChars(1)),
    v.maxLength(256, msg.maxChars(256)),
  ),
  secret_access_key: v.pipe(v.string(msg.string), v.minLength(1, msg.minChars(1)), v.maxLength(256, msg.maxChars(256))),
};

export const ListS3Schema = v.strictObject(
  {
    ...S3ConnectionEntries,
    prefix: v.optional(v.pipe(v.string(msg.string), v.maxLength(1024, msg.maxChars(1024))), ""),
    continuation_token: v.optional(v.string(msg.string)),
  },
  msg.extra,
);
export type ListS3Input = v.InferOutput<typeof ListS3Schema>;

export const ImportS3Schema = v.strictObject(
  {
    ...S3ConnectionEntries,
    parent_id: v.optional(IdSchema),
    keys: v.pipe(
      v.array(
        v.pipe(v.string(msg.string), v.minLength(1, msg.minChars(1)), v.maxLength(1024, msg.maxChars(1024))),
        msg.list,
      ),
      v.minLength(1, "Pick at least one object"),
      v.maxLength(128, "At most 128 objects per import"),
    ),
  },
  msg.extra,
);
export type ImportS3Input = v.InferOutput<typeof ImportS3Schema>;

export type LinkedDataset = { kb_id: string; kb_name: string; doc_id: string };

export type FileEntry = {
  id: string;
  parent_id: string;
  tenant_id: string;
  created_by: string;
  name: string;
  size: number;
  type: string;
  source_type: string;
  source_url: string | null;
  create_time: number;
  update_time: number;
  kbs_info: LinkedDataset[];
  // entries of ".knowledgebase" mirror the datasets' own uploads: view and download only
  readonly: boolean;
};

export type FileListing = { total: number; files: FileEntry[]; parent_folder: FileEntry | null };
export type S3Listing = {
  objects: { key: string; size: number; last_modified: string }[];
  folders: string[];
  next_token: string | null;
};
