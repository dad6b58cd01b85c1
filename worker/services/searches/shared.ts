import type { SearchRetrievalInput, SharedSearchInfo } from "../../contract/searches";
import type { SearchAppRow } from "../../db/schema";
import type { ServiceContext } from "../context";
import { searchChunks, searchScope } from "./ask";

export const sharedSearchInfo = (app: SearchAppRow): SharedSearchInfo => ({
  id: app.id,
  name: app.name,
  description: app.description,
  avatar: app.avatar,
  search_config: {
    summary: app.searchConfig.summary,
    related_search: app.searchConfig.related_search,
    highlight: app.searchConfig.highlight,
    // apps saved before the switch existed have none
    query_mindmap: app.searchConfig.query_mindmap ?? false,
  },
});

// A search app's result list (RAGFlow's retrieval_test with a search_id): the app's settings over its knowledge
// bases, filtered by document; a share-link visitor (savedOnly) may only narrow the app's scope.
export const searchRetrieval = async (ctx: ServiceContext, app: SearchAppRow, input: SearchRetrievalInput, savedOnly: boolean) => {
  const kbIds = input.kb_id === undefined ? undefined : [input.kb_id].flat();
  const scope = await searchScope(ctx, app, { kb_ids: kbIds, doc_ids: input.doc_ids }, savedOnly);
  const result = await searchChunks(ctx, app.searchConfig, scope, input.question, { page: input.page, size: input.size, highlight: input.highlight ?? app.searchConfig.highlight });
  return { ...result, labels: [] };
};
