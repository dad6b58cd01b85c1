import type { SearchRetrievalInput, SharedSearchInfo } from "../../contract/searches";
import type { SearchAppRow } from "../../db/schema";
import type { ServiceContext } from "../context";
import { searchChunks, searchScope } from "./ask";
import { searchConfigOf } from "./internal";

export const sharedSearchInfo = (app: SearchAppRow): SharedSearchInfo => {
  const { summary, related_search, highlight, query_mindmap } = searchConfigOf(app);
  return {
    id: app.id,
    name: app.name,
    description: app.description,
    avatar: app.avatar,
    search_config: { summary, related_search, highlight, query_mindmap },
  };
};

// A search app's result list (RAGFlow's retrieval_test with a search_id): the app's settings over its knowledge
// bases, filtered by document; a share-link visitor (savedOnly) may only narrow the app's scope.
export const searchRetrieval = async (
  ctx: ServiceContext,
  app: SearchAppRow,
  input: SearchRetrievalInput,
  savedOnly: boolean,
) => {
  const kbIds = input.kb_id === undefined ? undefined : [input.kb_id].flat();
  const scope = await searchScope(ctx, app, { kb_ids: kbIds, doc_ids: input.doc_ids }, savedOnly);
  const config = searchConfigOf(app);
  const result = await searchChunks(ctx, config, scope, input.question, {
    page: input.page,
    size: input.size,
    highlight: input.highlight ?? config.highlight,
  });
  return { ...result, labels: [] };
};
