import { analyzeQuery, chunkText, termSimilarity } from "../../lib/terms";
import { BUILTIN_RERANK_ID } from "../../contract/models";
import type { RerankModel } from "./types";

// Built-in lexical reranker: term coverage with adjacent-pair emphasis, no model weights needed.
export const builtinLexicalRerank: RerankModel = {
  id: BUILTIN_RERANK_ID,
  score: async (query, texts) => {
    const analyzed = analyzeQuery(query);
    return texts.map((text) => termSimilarity(analyzed, new Map(), chunkText([text])));
  },
};
