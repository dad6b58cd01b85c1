import { analyzeQuery, chunkText, termSimilarity } from "../../lib/terms";
import { AppError, RetCode } from "../../lib/errors";

export type RerankModel = { id: string; score(query: string, texts: string[]): Promise<number[]> };

// Built-in lexical reranker: term coverage with adjacent-pair emphasis, no model weights needed.
export const builtinLexicalRerank: RerankModel = {
  id: "builtin-rerank@Builtin",
  score: async (query, texts) => {
    const analyzed = analyzeQuery(query);
    return texts.map((text) => termSimilarity(analyzed, new Map(), chunkText([text])));
  },
};

export const resolveRerankModel = (id: string): RerankModel => {
  if (id === builtinLexicalRerank.id) return builtinLexicalRerank;
  // RAGFlow answers an unknown rerank model with its LookupError text and code 100
  throw new AppError(RetCode.EXCEPTION_ERROR, `LookupError('Model(${id}) not authorized')`);
};
