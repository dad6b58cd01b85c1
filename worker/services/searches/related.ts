import { BUILTIN_CHAT_ID, type RecommendationInput } from "../../contract/chats";
import { SEARCH_SUMMARY_CHUNKS } from "../../contract/searches";
import type { SearchAppRow } from "../../db/schema";
import { relatedQuestions } from "../chats/related";
import type { ServiceContext } from "../context";
import { searchChatModel, searchChunks, searchScope } from "./ask";
import { getSearchInTenant } from "./access";
import { searchConfigOf } from "./internal";

const RELATED_MAX = 5;

// A search app's related questions: its chat model rephrases the question. The built-in model writes nothing,
// so it offers the questions stored with the best-matching chunks (Q&A pairs, auto questions) instead.
export const searchRelatedQuestions = async (ctx: ServiceContext, app: SearchAppRow, question: string) => {
  const config = searchConfigOf(app);
  const llmId = await searchChatModel(ctx, config);
  if (llmId !== BUILTIN_CHAT_ID)
    return relatedQuestions(ctx, question, { llmId, temperature: config.llm_setting.temperature });
  if (config.kb_ids.length === 0) return [];
  // the same scope checks as every search of the app (a share link reaches only what its maker sees)
  const scope = await searchScope(ctx, app, {});
  const { chunks } = await searchChunks(ctx, config, scope, question, {
    page: 1,
    size: SEARCH_SUMMARY_CHUNKS,
    highlight: false,
  });
  const asked = question.trim().toLowerCase();
  return [...new Set(chunks.flatMap((chunk) => chunk.questions))]
    .filter((candidate) => candidate.trim().toLowerCase() !== asked)
    .slice(0, RELATED_MAX);
};

// POST /chat/recommendation: with search_id the search app's model (or its chunks' questions) answers.
export const recommendQuestions = async (ctx: ServiceContext, input: RecommendationInput) =>
  input.search_id
    ? searchRelatedQuestions(ctx, await getSearchInTenant(ctx, input.search_id), input.question)
    : relatedQuestions(ctx, input.question);
