import * as v from "valibot";
import { RetrievalSchema } from "../../../contract/retrieval";
import { knowledgePrompt } from "../../../rag/chat/knowledge";
import { toReferenceChunk } from "../../chats/answer";
import { knowledgeChunks } from "../../retrieval/knowledge-chunks";
import { retrieve } from "../../retrieval/retrieve";
import type { ComponentImpl } from "../engine/types";

const KNOWLEDGE_TOKENS = 4000;

// Nothing found: the empty response stands in for the knowledge, and `empty_response` tells a Generate that
// reads it to answer with that text instead of asking the model (RAGFlow's Generate does the same).
const nothingFound = (emptyResponse: string) => ({
  outputs: {
    formalized_content: emptyResponse,
    json: [],
    ...(emptyResponse.trim() ? { empty_response: emptyResponse } : {}),
  },
});

// The one retrieval service, over the chosen knowledge bases; the chunks go on as a kb_prompt-style text.
export const retrieval: ComponentImpl = {
  name: "Retrieval",
  run: async ({ ctx: callerCtx, params, render, authorId }) => {
    // the knowledge bases the agent's author chose, read with the author's visibility in the team, also for a
    // share-link visitor (whose own actor would see the whole team)
    const ctx = { ...callerCtx, actor: { ...callerCtx.actor, userId: authorId, via: "session" as const } };
    const question = render(params.query).trim();
    const kbIds = (params.kb_ids ?? []) as string[];
    if (kbIds.length === 0) throw new Error("Retrieval needs at least one knowledge base.");
    if (!question) return nothingFound(render(params.empty_response));
    const keywordWeight = Number(params.keywords_similarity_weight ?? 0.7);
    const input = v.parse(RetrievalSchema, {
      question,
      dataset_ids: kbIds,
      page_size: Math.max(1, Math.min(64, Number(params.top_n ?? 8))),
      similarity_threshold: Number(params.similarity_threshold ?? 0.2),
      vector_similarity_weight: 1 - keywordWeight,
      use_kg: params.use_kg === true,
      cross_languages: params.cross_languages ?? [],
      ...(params.rerank_id ? { rerank_id: String(params.rerank_id) } : {}),
    });
    const { chunks } = await retrieve(ctx, input);
    if (chunks.length === 0) return nothingFound(render(params.empty_response));
    const knowledge = knowledgePrompt(await knowledgeChunks(ctx, chunks), KNOWLEDGE_TOKENS);
    return {
      outputs: {
        formalized_content: knowledge.text,
        // RAGFlow's reference chunks: what a citation [ID:n] resolves to (run-flow's reference)
        json: chunks.slice(0, knowledge.count).map(toReferenceChunk),
      },
    };
  },
};
