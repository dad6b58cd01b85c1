import { and, asc, eq } from "drizzle-orm";
import type { MindMapNode } from "../../contract/mindmap";
import { chunks } from "../../db/schema";
import { countNodes, mergeNodes, mindMapOf, mindMapParts, mindMapPrompt, outlineToNodes } from "../../rag/mindmap";
import { enrichmentModel } from "../models/team-chat-model";
import { askModel, failureCounter } from "../index-kit/ask-model";
import { type IndexBuilder, IndexTaskFailed } from "../index-kit/builder";
import { recordUsage } from "../models/usage";
import { removeMindMap, saveMindMap } from "./store";

const MAX_FAILED_PARTS = 3;
// a mind map is an overview: the first chunks of the dataset, in reading order, up to this many
const MAX_CHUNKS = 2000;

// The dataset mind map (RAGFlow's mindmap index): the chat model outlines the dataset's chunks part by part
// (RAGFlow's mind-map prompt), the outlines merge into one tree, which replaces the previous one.
export const mindMapBuilder: IndexBuilder = {
  cleanup: (deps, datasetId, taskId) => removeMindMap(deps, datasetId, taskId),
  build: async (deps, dataset, task, { report, note }) => {
    const model = await enrichmentModel(deps, dataset.tenantId, dataset.parserConfig);
    if (!model) throw new IndexTaskFailed("No chat model is set up to write the mind map (model settings).");
    const rows = await deps.db
      .select({ content: chunks.content })
      .from(chunks)
      .where(and(eq(chunks.datasetId, dataset.id), eq(chunks.raptor, false), eq(chunks.available, true)))
      .orderBy(asc(chunks.documentId), asc(chunks.position))
      .limit(MAX_CHUNKS);
    if (rows.length === 0)
      throw new IndexTaskFailed("The knowledge base has no parsed chunks yet: parse its documents first.");
    const parts = mindMapParts(rows.map((row) => row.content));
    await report(0.02, `Mapping ${rows.length} chunks in ${parts.length} part(s) with ${model.id}.`);
    const usage = { promptTokens: 0, completionTokens: 0 };
    const failed = failureCounter(
      MAX_FAILED_PARTS,
      note,
      (count, reason) => new IndexTaskFailed(`The mind map stopped after ${count} parts failed: ${reason}`),
    );
    let forest: MindMapNode[] = [];
    for (const [i, part] of parts.entries()) {
      const asked = await askModel(model, mindMapPrompt(part.join("\n")), { temperature: 0.5 }, outlineToNodes, usage);
      if ("value" in asked) forest = mergeNodes(forest, asked.value);
      else await failed(`Part ${i + 1}`, asked.reason);
      await report(0.02 + 0.9 * ((i + 1) / parts.length), `Part ${i + 1}/${parts.length} mapped.`);
    }
    const mindMap = mindMapOf(forest);
    await saveMindMap(deps, dataset.id, task.id, mindMap);
    await recordUsage(deps, dataset.tenantId, model.id, usage);
    await report(0.99, `Mind map: ${countNodes(mindMap)} nodes.`);
    return [];
  },
};
