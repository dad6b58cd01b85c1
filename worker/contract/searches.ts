import * as v from "valibot";
import { AvatarSchema } from "./avatar";
import { LlmSettingSchema } from "./chats";
import { MAX_DOCUMENT_FILTER } from "./retrieval";
import { bool, float, int, msg, str } from "./pydantic";

export const SEARCH_NAME_MAX = 255;
// RAGFlow's /conversation/ask summarises the top 12 chunks
export const SEARCH_SUMMARY_CHUNKS = 12;

// RAGFlow's search_config; unknown keys RAGFlow clients send (web_search, query_mindmap, …) are dropped.
export const SearchConfigSchema = v.object({
  kb_ids: v.optional(v.pipe(v.array(v.string(msg.string), "`kb_ids` should be a list."), v.maxLength(64, "At most 64 knowledge bases.")), []),
  doc_ids: v.optional(
    v.pipe(v.array(v.string(msg.string), "`doc_ids` should be a list."), v.maxLength(MAX_DOCUMENT_FILTER, `At most ${MAX_DOCUMENT_FILTER} doc_ids.`)),
    [],
  ),
  similarity_threshold: v.optional(float(0, 1), 0.2),
  vector_similarity_weight: v.optional(float(0, 1), 0.3),
  top_k: v.optional(int(1, 2048), 1024),
  rerank_id: v.optional(v.string(msg.string), ""),
  keyword: v.optional(bool(), false),
  highlight: v.optional(bool(), true),
  summary: v.optional(bool(), true),
  related_search: v.optional(bool(), true),
  // the chat model of the AI summary ("" = the team's default chat model)
  chat_id: v.optional(v.string(msg.string), ""),
  llm_setting: v.optional(LlmSettingSchema, {}),
});
export type SearchConfig = v.InferOutput<typeof SearchConfigSchema>;

const name = v.pipe(v.string("Search name must be string."), v.trim(), v.nonEmpty("Search name can't be empty."), v.maxBytes(SEARCH_NAME_MAX, `Search name is longer than ${SEARCH_NAME_MAX} bytes.`));

export const CreateSearchSchema = v.object({
  name,
  description: v.optional(str(0, 2000), ""),
  avatar: v.optional(v.nullable(AvatarSchema)),
  search_config: v.optional(SearchConfigSchema),
});
export type CreateSearchInput = v.InferOutput<typeof CreateSearchSchema>;

// RAGFlow's PUT needs name and search_config; the config is merged into the stored one.
export const UpdateSearchSchema = v.object({
  name,
  description: v.optional(str(0, 2000)),
  avatar: v.optional(v.nullable(AvatarSchema)),
  search_config: v.partial(SearchConfigSchema),
});
export type UpdateSearchInput = v.InferOutput<typeof UpdateSearchSchema>;

export type SearchApp = {
  id: string;
  tenant_id: string;
  created_by: string;
  name: string;
  description: string;
  avatar: string | null;
  search_config: SearchConfig;
  create_time: number;
  update_time: number;
};
