import * as v from "valibot";
import { AvatarSchema } from "./avatar";
import { LlmSettingSchema, MetaDataFilterSchema, NO_META_DATA_FILTER } from "./chats";
import type { AnswerNotice, Reference } from "./chats";
import { CrossLanguagesSchema, MAX_DOCUMENT_FILTER } from "./retrieval";
import { bool, float, int, msg, queryBool, queryInt, str } from "./pydantic";

export const SEARCH_NAME_MAX = 255;
// RAGFlow's /conversation/ask summarises the top 12 chunks
export const SEARCH_SUMMARY_CHUNKS = 12;
export const SEARCH_QUESTION_MAX = 4000;
export const TOP_K_MAX = 2048;

export const TopKSchema = int(1, TOP_K_MAX);

// RAGFlow's search_config; unknown keys RAGFlow clients send (web_search, …) are dropped.
export const SearchConfigSchema = v.object({
  kb_ids: v.optional(
    v.pipe(v.array(v.string(msg.string), "`kb_ids` should be a list."), v.maxLength(64, "At most 64 knowledge bases.")),
    [],
  ),
  doc_ids: v.optional(
    v.pipe(
      v.array(v.string(msg.string), "`doc_ids` should be a list."),
      v.maxLength(MAX_DOCUMENT_FILTER, `At most ${MAX_DOCUMENT_FILTER} doc_ids.`),
    ),
    [],
  ),
  similarity_threshold: v.optional(float(0, 1), 0.2),
  vector_similarity_weight: v.optional(float(0, 1), 0.3),
  top_k: v.optional(TopKSchema, 1024),
  rerank_id: v.optional(v.string(msg.string), ""),
  keyword: v.optional(bool(), false),
  highlight: v.optional(bool(), true),
  use_kg: v.optional(bool(), false),
  cross_languages: v.optional(CrossLanguagesSchema, []),
  summary: v.optional(bool(), true),
  related_search: v.optional(bool(), true),
  // a mind map of the best chunks beside the results (RAGFlow's query_mindmap)
  query_mindmap: v.optional(bool(), false),
  // the chat model of the AI summary ("" = the team's default chat model)
  chat_id: v.optional(v.string(msg.string), ""),
  llm_setting: v.optional(LlmSettingSchema, {}),
  // as an assistant's: searches only documents whose metadata passes (conditions written or by the chat model)
  meta_data_filter: v.optional(MetaDataFilterSchema, NO_META_DATA_FILTER),
});
export type SearchConfig = v.InferOutput<typeof SearchConfigSchema>;

const name = v.pipe(
  v.string("Search name must be string."),
  v.trim(),
  v.nonEmpty("Search name can't be empty."),
  v.maxBytes(SEARCH_NAME_MAX, `Search name is longer than ${SEARCH_NAME_MAX} bytes.`),
);

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

export const ListSearchesQuerySchema = v.object({
  page: queryInt(1, 1),
  page_size: queryInt(30, 1, 1000),
  orderby: v.optional(v.string(), "create_time"),
  desc: queryBool(true),
  keywords: v.optional(v.string()),
});
export type ListSearchesQuery = v.InferOutput<typeof ListSearchesQuerySchema>;

// the question of every search route: answers, mind maps, related questions
export const searchQuestion = v.pipe(
  v.string("`question` is required."),
  v.trim(),
  v.nonEmpty("`question` is required."),
  v.maxLength(SEARCH_QUESTION_MAX, msg.maxChars(SEARCH_QUESTION_MAX)),
);
const ids = (field: string, max: number) =>
  v.optional(
    v.pipe(
      v.array(v.string(msg.string), `\`${field}\` should be a list.`),
      v.maxLength(max, `At most ${max} ${field}.`),
    ),
  );

// POST /searches/{id}/completions: kb_ids and doc_ids narrow (or, without a saved list, choose) the knowledge bases.
export const SearchCompletionSchema = v.object({
  question: searchQuestion,
  kb_ids: ids("kb_ids", 64),
  doc_ids: ids("doc_ids", MAX_DOCUMENT_FILTER),
});
export type SearchCompletionInput = v.InferOutput<typeof SearchCompletionSchema>;

const searchId = v.pipe(v.string("`search_id` is required."), v.nonEmpty("`search_id` is required."));

// The public searchbots (share link): always one search app.
export const SearchbotAskSchema = v.object({ ...SearchCompletionSchema.entries, search_id: searchId });

// RAGFlow's retrieval_test body (kb_id may be one id or a list); settings default to the search app's.
export const SearchbotRetrievalSchema = v.object({
  search_id: searchId,
  question: searchQuestion,
  kb_id: v.optional(v.union([v.string(msg.string), v.array(v.string(msg.string))], "`kb_id` should be a list.")),
  doc_ids: ids("doc_ids", MAX_DOCUMENT_FILTER),
  page: v.optional(int(1), 1),
  size: v.optional(int(1, 100), 30),
  highlight: v.optional(bool()),
});
export type SearchbotRetrievalInput = v.InferOutput<typeof SearchbotRetrievalSchema>;

// POST /searches/{id}/retrieval: the same for the team's own page, the app named by the path.
export const SearchRetrievalSchema = v.omit(SearchbotRetrievalSchema, ["search_id"]);
export type SearchRetrievalInput = v.InferOutput<typeof SearchRetrievalSchema>;

export const SearchbotRelatedSchema = v.object({ question: searchQuestion, search_id: searchId });

// A search answer as SSE frames (delta mode, like a chat completion): deltas, then the final frame with the
// whole answer (`content`) and its reference.
export type SearchFrame = {
  answer: string;
  reference: Reference | Record<string, never>;
  final: boolean;
  content?: string;
  // final frame of a summary by the built-in model
  notice?: AnswerNotice;
};

// What a share link's visitor may know about the search app: its face and switches, not its knowledge bases or models.
export type SharedSearchInfo = {
  id: string;
  name: string;
  description: string;
  avatar: string | null;
  search_config: Pick<SearchConfig, "summary" | "related_search" | "highlight" | "query_mindmap">;
};
