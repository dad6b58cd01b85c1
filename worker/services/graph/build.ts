import { and, asc, eq } from "drizzle-orm";
import { defaultParserConfig, type ParserConfig } from "../../contract/parser-config";
import { chunks } from "../../db/schema";
import { inParallel } from "../../lib/batches";
import { type Extraction, extractionPrompt, parseExtraction } from "../../rag/graph/extract";
import { fitGraph, mergeExtractions } from "../../rag/graph/merge";
import { enrichmentModel } from "../ingestion/enrich";
import { type IndexBuilder, IndexTaskFailed } from "../index-tasks/runner";
import { addUsage, recordUsage } from "../models/usage";
import { removeKnowledgeGraph, saveKnowledgeGraph } from "./store";

const ATTEMPTS = 3;
const MAX_FAILED_CHUNKS = 3;
const REPORT_EVERY = 10;

// The knowledge graph (a dataset task, RAGFlow's "light" GraphRAG): the chat model extracts entities of the
// configured types and their relations from every chunk (RAPTOR summaries left out); the extractions are
// merged into one graph, which replaces the previous one. A chunk whose extraction fails three times is
// skipped with a line; the task fails after three such chunks.
export const graphBuilder: IndexBuilder = {
  cleanup: (deps, datasetId, taskId) => removeKnowledgeGraph(deps, datasetId, taskId),
  build: async (deps, dataset, task, { report, note, beat }) => {
    const config = dataset.parserConfig as ParserConfig;
    const entityTypes = config.graphrag?.entity_types?.length ? config.graphrag.entity_types : defaultParserConfig().graphrag.entity_types;
    const model = await enrichmentModel(deps, dataset.tenantId, config);
    if (!model) throw new IndexTaskFailed("No chat model is set up to extract entities and relations (model settings).");
    const rows = await deps.db
      .select({ id: chunks.id, content: chunks.content })
      .from(chunks)
      .where(and(eq(chunks.datasetId, dataset.id), eq(chunks.raptor, false)))
      .orderBy(asc(chunks.documentId), asc(chunks.position));
    if (rows.length === 0) throw new IndexTaskFailed("The knowledge base has no parsed chunks yet: parse its documents first.");
    await report(0.02, `Extracting entities (${entityTypes.join(", ")}) from ${rows.length} chunks with ${model.id}.`);
    const usage = { promptTokens: 0, completionTokens: 0 };
    const extractions: { chunkId: string; extraction: Extraction }[] = [];
    let failed = 0;
    let done = 0;
    await inParallel(rows, async (row) => {
      let extraction: Extraction | null = null;
      let reason = "the answer held no JSON object";
      for (let attempt = 0; attempt < ATTEMPTS && !extraction; attempt++) {
        try {
          const answer = await model.complete(extractionPrompt(row.content, entityTypes), { temperature: 0.1 });
          addUsage(usage, answer.usage);
          extraction = parseExtraction(answer.text, entityTypes);
        } catch (error) {
          reason = error instanceof Error ? error.message : String(error);
        }
      }
      if (extraction) extractions.push({ chunkId: row.id, extraction });
      else {
        failed++;
        await note(`A chunk was skipped: ${reason}`);
        if (failed >= MAX_FAILED_CHUNKS) throw new IndexTaskFailed(`The knowledge graph stopped after ${failed} chunks failed: ${reason}`);
      }
      done++;
      if (done % REPORT_EVERY === 0 || done === rows.length) await report(0.02 + 0.9 * (done / rows.length), `Entities extracted from ${done}/${rows.length} chunks.`);
      else await beat();
    });
    const { graph, dropped } = fitGraph(mergeExtractions(extractions.toSorted((a, b) => a.chunkId.localeCompare(b.chunkId))));
    if (dropped > 0) await note(`The graph was too large to store: its ${dropped} lowest-ranked entities were left out.`);
    await saveKnowledgeGraph(deps, dataset.id, task.id, graph);
    await recordUsage(deps, dataset.tenantId, model.id, usage);
    await report(0.99, `Knowledge graph: ${graph.nodes.length} entities, ${graph.edges.length} relations.`);
    return [];
  },
};
