import * as v from "valibot";
import { TAG_FEATURES_MAX, TAG_MAX_LENGTH, UPLOAD_FILE_MAX_BYTES } from "./limits";
import { pythonIntError, pythonJoinError } from "./python-errors";
import { isPlainObject, msg, optionalOrNull, queryPage } from "./pydantic";

// tag → weight (RAGFlow's tag_feas): tags of at most TAG_MAX_LENGTH characters, weights not negative
const TAG_FEATURES_SHAPE = "`tag_feas` should be an object of tag → weight";
const isTagWeight = ([tag, weight]: [string, unknown]) =>
  tag.trim().length > 0 &&
  tag.length <= TAG_MAX_LENGTH &&
  typeof weight === "number" &&
  Number.isFinite(weight) &&
  weight >= 0;
const TagFeaturesSchema = v.optional(
  v.pipe(
    v.custom<Record<string, number>>(isPlainObject, TAG_FEATURES_SHAPE),
    v.check(
      (features) => Object.entries(features).every(isTagWeight),
      `Each tag has 1 to ${TAG_MAX_LENGTH} characters and a weight of 0 or more`,
    ),
    v.check(
      (features) => Object.keys(features).length <= TAG_FEATURES_MAX,
      `\`tag_feas\` holds at most ${TAG_FEATURES_MAX} tags`,
    ),
  ),
);

// RAGFlow's chunk update joins important_keywords and questions into one text: an item that is not a string
// raises there (its add checks the items first: StringList)
const JoinedStrings = (listMessage: string) =>
  v.optional(
    v.pipe(
      v.array(v.unknown(), listMessage),
      v.check(
        (items) => items.every((item) => typeof item === "string"),
        (issue) => pythonJoinError(issue.input),
      ),
      v.transform((items) => items as string[]),
    ),
  );

const StringList = (name: string) =>
  v.optional(v.array(v.string(`\`${name}\` must be a list of strings`), `\`${name}\` is required to be a list`));

// RAGFlow's image for a chunk: base64 (a data: URL prefix is taken off); what it holds is checked by the worker.
const ImageBase64Schema = v.optional(
  v.pipe(
    v.string("`image_base64` should be a base64 string"),
    v.transform((text) => text.replace(/^data:[^;,]*;base64,/, "").replace(/\s+/g, "")),
    v.regex(/^[A-Za-z0-9+/]*={0,2}$/, "`image_base64` should be a base64 string"),
    v.maxLength(Math.ceil((UPLOAD_FILE_MAX_BYTES * 4) / 3) + 4, "The image must be at most 10 MB"),
  ),
);

// RAGFlow's positions: [page, left, right, top, bottom] per place (PDF points from the page's top left).
const PositionsSchema = v.optional(
  v.array(
    v.pipe(
      v.array(v.number(msg.number), "`positions` should be a list of [page, left, right, top, bottom]"),
      v.minLength(1, "`positions` should be a list of [page, left, right, top, bottom]"),
    ),
    "`positions` should be a list",
  ),
);

export const CreateChunkSchema = v.object({
  // kept as sent (a leading newline too); only blank content is refused, as RAGFlow's is_content_empty
  content: v.pipe(
    v.string("`content` is required"),
    v.check((text) => text.trim().length > 0, "`content` is required"),
  ),
  important_keywords: StringList("important_keywords"),
  // RAGFlow keeps the questions stripped and drops the empty ones
  questions: v.pipe(
    StringList("questions"),
    v.transform((list) => list?.map((question) => question.trim()).filter(Boolean)),
  ),
  tag_kwd: StringList("tag_kwd"),
  tag_feas: TagFeaturesSchema,
  // Buddy's: RAGFlow's add_chunk leaves positions out, its update keeps them
  positions: PositionsSchema,
  image_base64: ImageBase64Schema,
});
export type CreateChunkInput = v.InferOutput<typeof CreateChunkSchema>;

// RAGFlow stores int(available): 1 and 0 mean true and false (a word raises in the chunk update's int())
const AvailableFlag = v.optional(
  v.pipe(
    v.union([v.boolean(), v.picklist([0, 1])], msg.boolean),
    v.transform((value) => value === true || value === 1),
  ),
);

const UpdateAvailableFlag = v.optional(
  v.pipe(
    v.union([v.boolean(), v.picklist([0, 1])], (issue) =>
      typeof issue.input === "string" ? pythonIntError(issue.input) : msg.boolean,
    ),
    v.transform((value) => value === true || value === 1),
  ),
);

export const UpdateChunkSchema = v.object({
  // null (the SDK's unset content) keeps the content
  content: optionalOrNull(v.pipe(v.string(msg.string), v.trim(), v.nonEmpty("`content` is required"))),
  important_keywords: JoinedStrings("`important_keywords` should be a list"),
  questions: JoinedStrings("`questions` should be a list"),
  tag_kwd: v.optional(v.array(v.string("`tag_kwd` must be a list of strings"), "`tag_kwd` should be a list")),
  tag_feas: TagFeaturesSchema,
  available: UpdateAvailableFlag,
  positions: PositionsSchema,
  image_base64: ImageBase64Schema,
});
export type UpdateChunkInput = v.InferOutput<typeof UpdateChunkSchema>;

export const SwitchChunksSchema = v.pipe(
  v.object({
    chunk_ids: v.pipe(v.array(v.string(), "`chunk_ids` is required."), v.minLength(1, "Please select chunk!")),
    available_int: v.optional(v.picklist([0, 1], "Input should be 0 or 1")),
    available: AvailableFlag,
  }),
  // without either flag the switch would silently disable the chunks
  v.check(
    (input) => input.available !== undefined || input.available_int !== undefined,
    "`available_int` or `available` is required.",
  ),
);

export const DeleteChunksSchema = v.object({
  chunk_ids: v.optional(v.nullable(v.array(v.string(), msg.list))),
  delete_all: v.optional(v.boolean(), false),
});

export const ListChunksQuerySchema = v.object({
  keywords: v.optional(v.string()),
  page: queryPage(1),
  page_size: queryPage(30, 1000),
  id: v.optional(v.string()),
  available: v.optional(v.picklist(["0", "1", "true", "false"], "Input should be 0 or 1")),
});
export type ListChunksQuery = v.InferOutput<typeof ListChunksQuerySchema>;

export type Chunk = {
  id: string;
  content: string;
  document_id: string;
  docnm_kwd: string;
  dataset_id: string;
  important_keywords: string[];
  questions: string[];
  tag_kwd: string[];
  tag_feas: Record<string, number>;
  image_id: string;
  // Buddy's: the signed address of the chunk's image (chunk lists; only with an image_id)
  image_url?: string;
  available: boolean;
  positions: number[][];
  page_num_int: number[];
  token_count: number;
  doc_type_kwd: string;
  manual: boolean;
  create_time: string;
  create_timestamp: number;
};
