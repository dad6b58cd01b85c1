import { and, asc, eq } from "drizzle-orm";
import { defaultParserConfig } from "../../contract/parser-config";
import { chunks, knowledgeGraphs } from "../../db/schema";
import { inParallel } from "../../lib/batches";
import { type ChunkExtraction, fitGraph, mergeExtractions } from "../../rag/graph/merge";
import { sameAsMap } from "../../rag/graph/resolve";
import { failureCounter } from "../index-kit/ask-model";
import { type IndexBuilder, IndexTaskFailed, TaskCancelled } from "../index-kit/builder";
import { enrichmentModel } from "../models/team-chat-model";
import { recordUsage } from "../models/usage";
import { withCommunities, writeCommunityReports } from "./community-reports";
import { extractEntities } from "./extract-entities";
import { resolveEntities } from "./resolve-entities";
import {
  dropStaleExtractions,
  extractionSettings,
  presentDocuments,
  storedExtractions,
  storeExtractions,
} from "./extraction-store";
import { loadKnowledgeGraph, removeKnowledgeGraph, saveKnowledgeGraph } from "./store";
import { deleteWrittenVectors, storeGraphVectors } from "./vectors";

const MAX_FAILED_CHUNKS = 3;
const REPORT_EVERY = 10;

// The knowledge graph (a dataset task, RAGFlow's GraphRAG): the chat model extracts entities of the configured
// types and their relations from every chunk (RAPTOR summaries left out) with the light or general prompt,
// gleaning what it missed; a chunk read before with the same settings is not read again. The extractions merge
// into one graph. With `resolution`, entities with similar names
// the model calls the same become one; with `community`, clusters of entities get a report. The result replaces
// the previous graph. A chunk whose extraction fails three times is skipped with a line; the task fails after
// three such chunks. A community report that fails is skipped with a line.
export const graphBuilder: IndexBuilder = {
  cleanup: (deps, datasetId, taskId) => removeKnowledgeGraph(deps, datasetId, taskId),
  build: async (deps, dataset, task, { report, note, beat }) => {
    const config = dataset.parserConfig;
    const settings = { ...defaultParserConfig().graphrag, ...config.graphrag };
    const entityTypes = settings.entity_types.length
      ? settings.entity_types
      : defaultParserConfig().graphrag.entity_types;
    const model = await enrichmentModel(deps, dataset.tenantId, config);
    if (!model)
      throw new IndexTaskFailed("No chat model is set up to extract entities and relations (model settings).");
    const rows = await deps.db
      .select({ id: chunks.id, documentId: chunks.documentId, content: chunks.content })
      .from(chunks)
      .where(and(eq(chunks.datasetId, dataset.id), eq(chunks.raptor, false)))
      .orderBy(asc(chunks.documentId), asc(chunks.position));
    if (rows.length === 0)
      throw new IndexTaskFailed("The knowledge base has no parsed chunks yet: parse its documents first.");
    // progress: extraction up to `extracted`, then resolution, then the community reports
    const extracted = settings.community ? 0.6 : settings.resolution ? 0.8 : 0.92;
    const resolved = settings.community ? 0.7 : 0.92;
    const asked = extractionSettings(settings.method, entityTypes);
    const { stored, keys } = await storedExtractions(deps, dataset.id, asked, rows);
    const extractions: ChunkExtraction[] = stored;
    const known = new Set(extractions.map((item) => item.chunkId));
    const todo = rows.filter((row) => !known.has(row.id));
    const before = known.size ? `; ${known.size} chunks were read before` : "";
    await report(
      0.02,
      `Extracting entities (${entityTypes.join(", ")}) from ${todo.length} chunks with ${model.id} (${settings.method})${before}.`,
    );
    const usage = { promptTokens: 0, completionTokens: 0 };
    const failed = failureCounter(
      MAX_FAILED_CHUNKS,
      note,
      (count, reason) => new IndexTaskFailed(`The knowledge graph stopped after ${count} chunks failed: ${reason}`),
    );
    let unsaved: (ChunkExtraction & { key: string })[] = [];
    let done = 0;
    await inParallel(todo, async (row) => {
      const result = await extractEntities(model, row.content, entityTypes, settings.method, usage);
      if ("value" in result) {
        const extraction = { chunkId: row.id, documentId: row.documentId, extraction: result.value };
        extractions.push(extraction);
        unsaved.push({ ...extraction, key: keys.get(row.id) ?? "" });
      } else await failed("A chunk", result.reason);
      done++;
      if (done % REPORT_EVERY !== 0 && done !== todo.length) return beat();
      const saving = unsaved;
      unsaved = [];
      await storeExtractions(deps, dataset.id, saving);
      await report(
        0.02 + (extracted - 0.02) * (done / todo.length),
        `Entities extracted from ${done}/${todo.length} chunks.`,
      );
    });
    await dropStaleExtractions(deps, dataset.id, asked);
    // documents deleted during the build leave nothing behind
    const present = await presentDocuments(deps, dataset.id);
    // chunk order, so the same extractions always give the same graph
    const ordered = extractions
      .filter((item) => present.has(item.documentId))
      .toSorted((a, b) => a.chunkId.localeCompare(b.chunkId));
    let graph = mergeExtractions(ordered);
    if (settings.resolution) {
      const { compared, same } = await resolveEntities(model, graph, usage, { note, beat });
      graph = mergeExtractions(ordered, sameAsMap(graph, same));
      await report(resolved, `Entity resolution: ${compared} pairs of similar names compared, ${same.length} merged.`);
    }
    const written = settings.community
      ? await writeCommunityReports(
          model,
          graph,
          usage,
          (finished, total) =>
            report(resolved + (0.97 - resolved) * (finished / total), `Community reports: ${finished}/${total}.`),
          { note },
        )
      : [];
    // fitted with the report titles its entities carry; a report on an entity left out goes too
    const fitted = fitGraph(withCommunities(graph, written));
    if (fitted.dropped > 0)
      await note(`The graph was too large to store: its ${fitted.dropped} lowest-ranked entities were left out.`);
    const kept = new Set(fitted.graph.nodes.map((node) => node.id));
    const reports = written.filter((item) => item.entities.every((id) => kept.has(id)));
    graph = withCommunities(fitted.graph, reports);
    const previous = await loadKnowledgeGraph(deps, dataset.id);
    await saveKnowledgeGraph(deps, dataset.id, task.id, graph, reports);
    // entity and relation vectors for retrieval; without them the graph is still found by the names a question uses
    const embedded = await storeGraphVectors(deps, dataset, graph, previous, beat).catch(async (error: unknown) => {
      if (error instanceof TaskCancelled) throw error;
      await note(
        `Entities and relations could not be embedded (${error instanceof Error ? error.message : String(error)}); the graph is kept and found by names.`,
      );
      return null;
    });
    if (embedded) {
      // a graph deleted or replaced while this one was embedded keeps none of these vectors but its own
      const current = await deps.db.query.knowledgeGraphs.findFirst({
        where: eq(knowledgeGraphs.datasetId, dataset.id),
      });
      if (current?.taskId !== task.id) await deleteWrittenVectors(deps, dataset.id, embedded, current?.graph ?? null);
      else await report(0.98, `Embedded ${embedded.length} entities and relations for retrieval.`);
    }
    await recordUsage(deps, dataset.tenantId, model.id, usage);
    await report(
      0.99,
      `Knowledge graph: ${graph.nodes.length} entities, ${graph.edges.length} relations${settings.community ? `, ${reports.length} community reports` : ""}.`,
    );
    return [];
  },
};
