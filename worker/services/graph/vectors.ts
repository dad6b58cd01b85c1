import type { KnowledgeGraph } from "../../contract/knowledge-graph";
import { sha256Hex } from "../../lib/crypto";
import type { EmbeddingModel } from "../../platform/providers/types";
import { entityVectorText, relationVectorText } from "../../rag/graph/search";
import { normalize } from "../../rag/vector-math";
import type { Deps } from "../context";
import { resolveEmbedding } from "../models/resolve";

const EMBED_BATCH = 32;

// A graph's entity and relation vectors live beside its chunks' in the vector index, in namespaces of their own
// (chunk searches never meet them; no metadata filter is needed, which Vectorize would have to index first), under
// ids derived from the dataset and the entity or relation.
export const graphNamespace = (datasetId: string, kind: "entity" | "relation") =>
  `${kind === "entity" ? "kge" : "kgr"}-${datasetId}`;

type GraphVector = {
  id: string;
  text: string;
  metadata: { kind: "entity"; name: string } | { kind: "relation"; source: string; target: string };
};

const vectorsOf = async (datasetId: string, graph: KnowledgeGraph): Promise<GraphVector[]> => [
  ...(await Promise.all(
    graph.nodes.map(async (node) => ({
      id: `kge-${(await sha256Hex(`${datasetId}|${node.id}`)).slice(0, 40)}`,
      text: entityVectorText(node),
      metadata: { kind: "entity" as const, name: node.id },
    })),
  )),
  ...(await Promise.all(
    graph.edges.map(async (edge) => ({
      id: `kgr-${(await sha256Hex(`${datasetId}|${edge.source}|${edge.target}`)).slice(0, 40)}`,
      text: relationVectorText(edge),
      metadata: { kind: "relation" as const, source: edge.source, target: edge.target },
    })),
  )),
];

// After a build: the previous graph's vectors that are gone are deleted first (whatever happens next), then every
// entity and relation is embedded with the dataset's model, a batch at a time with a heartbeat in between.
export const storeGraphVectors = async (
  deps: Deps,
  dataset: { id: string; tenantId: string; embdId: string },
  graph: KnowledgeGraph,
  previous: KnowledgeGraph | null,
  beat: () => Promise<void>,
) => {
  const records = await vectorsOf(dataset.id, graph);
  if (previous) await deleteGraphVectors(deps, dataset.id, previous, new Set(records.map((record) => record.id)));
  const model = await resolveEmbedding(deps, dataset.tenantId, dataset.embdId);
  for (const kind of ["entity", "relation"] as const) {
    const ofKind = records.filter((record) => record.metadata.kind === kind);
    for (let start = 0; start < ofKind.length; start += EMBED_BATCH) {
      await beat();
      const batch = ofKind.slice(start, start + EMBED_BATCH);
      const vectors = (await model.embed(batch.map((record) => record.text))).map(normalize);
      await deps.vectors.upsert(
        graphNamespace(dataset.id, kind),
        model.id,
        batch.map((record, i) => ({ id: record.id, values: vectors[i] as Float32Array, metadata: record.metadata })),
      );
    }
  }
  return records.map((record) => record.id);
};

// Vectors a build wrote that the graph now stored does not have.
export const deleteWrittenVectors = async (
  deps: Deps,
  datasetId: string,
  written: string[],
  current: KnowledgeGraph | null,
) => {
  const kept = current ? await graphVectorIds(datasetId, current) : new Set<string>();
  const gone = written.filter((id) => !kept.has(id));
  if (gone.length) await deps.vectors.deleteByIds(gone);
};

export const graphVectorIds = async (datasetId: string, graph: KnowledgeGraph) =>
  new Set((await vectorsOf(datasetId, graph)).map((record) => record.id));

// The vectors of a graph (all of them, or those not in `keep`): on deletion, pruning and rebuilds.
export const deleteGraphVectors = async (
  deps: Deps,
  datasetId: string,
  graph: KnowledgeGraph,
  keep = new Set<string>(),
) => {
  const gone = [...(await graphVectorIds(datasetId, graph))].filter((id) => !keep.has(id));
  if (gone.length) await deps.vectors.deleteByIds(gone);
};

// Entities (by name) or relations (by their ends) of the datasets' graphs most similar to a text, with their
// cosine; a graph built before vectors existed has none and answers nothing here. (Vectorize answers at most 20.)
// `query`: a text, or its vector when the caller has it already (the question's, from chunk search).
export const similarGraphItems = async (
  deps: Deps,
  datasetIds: string[],
  model: EmbeddingModel,
  query: string | Float32Array,
  kind: "entity" | "relation",
  topK: number,
) => {
  const vector = typeof query === "string" ? (await model.embed([query]))[0] : query;
  const found: { metadata: Record<string, string | number | boolean>; score: number }[] = [];
  if (!vector) return found;
  for (const datasetId of datasetIds)
    found.push(...(await deps.vectors.query(graphNamespace(datasetId, kind), model.id, normalize(vector), topK, true)));
  return found.toSorted((a, b) => b.score - a.score).slice(0, topK);
};
