import type { SearchbotRetrievalInput, SharedSearchInfo } from "../../contract/searches";
import type { SearchAppRow } from "../../db/schema";
import type { ServiceContext } from "../context";
import { searchChunks, searchScope } from "./ask";

export const sharedSearchInfo = (app: SearchAppRow): SharedSearchInfo => ({
  id: app.id,
  name: app.name,
  description: app.description,
  avatar: app.avatar,
  search_config: { summary: app.searchConfig.summary, related_search: app.searchConfig.related_search, highlight: app.searchConfig.highlight },
});

// The shared page's result list (RAGFlow's searchbots/retrieval_test): the app's settings over its own knowledge
// bases; the visitor may pick among them and filter by document.
export const sharedSearchRetrieval = async (ctx: ServiceContext, app: SearchAppRow, input: SearchbotRetrievalInput) => {
  const kbIds = input.kb_id === undefined ? undefined : [input.kb_id].flat();
  const scope = await searchScope(ctx, app, { kb_ids: kbIds, doc_ids: input.doc_ids }, true);
  const result = await searchChunks(ctx, app.searchConfig, scope, input.question, { page: input.page, size: input.size, highlight: input.highlight ?? app.searchConfig.highlight });
  return { ...result, labels: [] };
};
