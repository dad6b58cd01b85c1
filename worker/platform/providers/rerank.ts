import { analyzeQuery, chunkText, termSimilarity } from "../../lib/terms";
import type { RerankModel } from "./types";

export const BUILTIN_RERANK_ID = "builtin-rerank@Builtin";

// Built-in lexical reranker: term coverage with adjacent-pair emphasis, no model weights needed.
export const builtinLexicalRerank: RerankModel = {
  id: BUILTIN_RERANK_ID,
  score: async (query, texts) => {
    const analyzed = analyzeQuery(query);
    return texts.map((text) => termSimilarity(analyzed, new Map(), chunkText([text])));
  },
};
