import type { MindMapInput, MindMapNode } from "../../contract/mindmap";
import type { SearchAppRow } from "../../db/schema";
import type { ChatModel, TokenUsage } from "../../platform/providers/types";
import {
  extractiveMindMap,
  mergeNodes,
  mindMapOf,
  mindMapParts,
  mindMapPrompt,
  outlineToNodes,
} from "../../rag/mindmap";
import type { ServiceContext } from "../context";
import { addUsage, recordUsage } from "../models/usage";
import { type SearchScope, searchChunks, searchModel, searchScope } from "./ask";
import { getSearchInTenant } from "./access";
import { searchConfigOf } from "./internal";
import { checkDatasets } from "./validate";

// RAGFlow maps the 12 best chunks.
const MIND_MAP_CHUNKS = 12;

const modelMindMap = async (ctx: ServiceContext, model: ChatModel, texts: string[]) => {
  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
  const outlines = await Promise.all(
    mindMapParts(texts).map(async (batch) => {
      const answer = await model.complete(mindMapPrompt(batch.join("\n")), { temperature: 0.5 });
      addUsage(usage, answer.usage);
      return outlineToNodes(answer.text);
    }),
  );
  await recordUsage(ctx, ctx.actor.tenantId, model.id, usage);
  return mindMapOf(outlines.reduce(mergeNodes, []));
};

// A mind map of the best chunks for a question, with a search app's settings (RAGFlow's gen_mindmap); the
// built-in model maps the documents found and their chunks' first sentences.
const mindMapOver = async (
  ctx: ServiceContext,
  app: SearchAppRow | null,
  scope: SearchScope,
  question: string,
): Promise<MindMapNode> => {
  const config = searchConfigOf(app);
  const { chunks } = await searchChunks(ctx, config, scope, question, {
    page: 1,
    size: MIND_MAP_CHUNKS,
    highlight: false,
  });
  if (chunks.length === 0) return { id: "root", children: [] };
  const { model } = await searchModel(ctx, config);
  if (!model)
    return extractiveMindMap(
      question,
      chunks.map((chunk) => ({ document: chunk.document_keyword, content: chunk.content })),
    );
  return modelMindMap(
    ctx,
    model,
    chunks.map((chunk) => chunk.content),
  );
};

// POST /chat/mindmap: over the named knowledge bases; with search_id, that app's settings and document filter.
export const questionMindMap = async (ctx: ServiceContext, input: MindMapInput) => {
  const app = input.search_id ? await getSearchInTenant(ctx, input.search_id) : null;
  const kbIds = [...new Set(input.kb_ids)];
  if (app) return mindMapOver(ctx, app, await searchScope(ctx, app, { kb_ids: kbIds }), input.question);
  await checkDatasets(ctx, kbIds);
  return mindMapOver(ctx, null, { kbIds, docIds: [] }, input.question);
};

// POST /searchbots/mindmap: a share link maps over its app's saved scope.
export const sharedMindMap = async (ctx: ServiceContext, app: SearchAppRow, question: string) =>
  mindMapOver(ctx, app, await searchScope(ctx, app, {}, true), question);
