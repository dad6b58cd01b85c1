import * as v from "valibot";
import { TAG_MAX_LENGTH } from "./limits";
import { msg } from "./pydantic";

const TAGS_PER_REQUEST = 1000;

const Tag = (field: string) =>
  v.pipe(
    v.string(`${field} must be a string`),
    v.trim(),
    v.nonEmpty(`${field} must not be empty`),
    v.maxLength(TAG_MAX_LENGTH, `${field} has at most ${TAG_MAX_LENGTH} characters`),
  );

// RAGFlow's DELETE /datasets/{id}/tags: an empty list deletes nothing and succeeds
export const DeleteTagsSchema = v.object({
  tags: v.pipe(
    v.array(Tag("A tag"), "tags must be a list of strings"),
    v.maxLength(TAGS_PER_REQUEST, `At most ${TAGS_PER_REQUEST} tags at once`),
  ),
});

// RAGFlow's PUT /datasets/{id}/tags
export const RenameTagSchema = v.object({
  from_tag: Tag("from_tag"),
  to_tag: Tag("to_tag"),
});

export const TagAggregationQuerySchema = v.object({
  dataset_ids: v.pipe(v.string(msg.string), v.trim(), v.nonEmpty("Lack of dataset_ids in query parameters")),
});

// [tag, count] pairs of one dataset, most used first (RAGFlow's list shape)
export type TagCount = [string, number];
