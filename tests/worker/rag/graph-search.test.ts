import { describe, expect, it } from "vitest";
import type { GraphEdge, GraphNode, KnowledgeGraph } from "../../../worker/contract/knowledge-graph";
import {
  graphContextText,
  pairKey,
  parseQueryAnalysis,
  rankGraphContext,
  typePool,
} from "../../../worker/rag/graph/search";

const node = (id: string, type: string, pagerank: number, description = `${id} beschrieben`): GraphNode => ({
  id,
  entity_name: id,
  entity_type: type,
  description,
  pagerank,
  source_id: ["d"],
});
const edge = (source: string, target: string, weight: number, description = `${source} – ${target}`): GraphEdge => ({
  source,
  target,
  description,
  weight,
  source_id: ["d"],
});

// A – B – C – D in a line, and E on its own
const graph: KnowledgeGraph = {
  nodes: [
    node("A", "organization", 0.4),
    node("B", "person", 0.3),
    node("C", "geo", 0.2),
    node("D", "person", 0.1),
    node("E", "person", 0.5),
  ],
  edges: [edge("A", "B", 4), edge("B", "C", 2), edge("C", "D", 1)],
};
const none = {
  entitySimilarity: new Map<string, number>(),
  typed: new Set<string>(),
  relationSimilarity: new Map<string, number>(),
};

describe("knowledge graph search", () => {
  it("samples each type's best-ranked names for the query prompt, at most twelve", () => {
    expect(typePool([graph])).toEqual({ person: ["E", "B", "D"], organization: ["A"], geo: ["C"] });
    const many = { nodes: Array.from({ length: 20 }, (_, i) => node(`P${i}`, "person", i)), edges: [] };
    expect(typePool([many]).person).toEqual(Array.from({ length: 12 }, (_, i) => `P${19 - i}`));
  });

  it("reads the model's answer types from the pool and at most five entities", () => {
    const pool = { person: ["B"], geo: ["C"] };
    expect(
      parseQueryAnalysis(
        'Output: {"answer_type_keywords": ["PERSON", "Zeit"], "entities_from_query": ["A", " ", "B", "C", "D", "E", "F"]}',
        pool,
      ),
    ).toEqual({
      types: ["person"],
      entities: ["A", "B", "C", "D", "E"],
    });
    expect(parseQueryAnalysis("Ich weiß es nicht.", pool)).toBeNull();
  });

  it("ranks found entities by similarity × pagerank, doubling those of an answer type", () => {
    const entitySimilarity = new Map([
      ["A", 0.9],
      ["B", 0.8],
    ]);
    expect(
      rankGraphContext([graph], { ...none, entitySimilarity }).entities.map(({ node: n, score }) => [n.id, score]),
    ).toEqual([
      ["A", 0.9 * 0.4],
      ["B", 0.8 * 0.3],
    ]);
    const typed = rankGraphContext([graph], { ...none, entitySimilarity, typed: new Set(["B"]) });
    expect(typed.entities.map(({ node: n }) => n.id)).toEqual(["B", "A"]);
    expect(typed.entities[0]?.score).toBeCloseTo(0.8 * 2 * 0.3);
  });

  it("gives the relations on paths from a found entity half and a third of its similarity, times their weight", () => {
    const { relations } = rankGraphContext([graph], { ...none, entitySimilarity: new Map([["A", 0.6]]) });
    // A–B is one hop (0.6 / 2 × weight 4), B–C two hops (0.6 / 3 × 2); C–D is three hops away
    expect(relations.map(({ edge: e, score }) => [`${e.source}–${e.target}`, Number(score.toFixed(4))])).toEqual([
      ["A–B", 1.2],
      ["B–C", 0.4],
    ]);
  });

  it("multiplies a relation found by its text with its path share and its typed ends", () => {
    const relationSimilarity = new Map([[pairKey("D", "C"), 0.5]]);
    const plain = rankGraphContext([graph], { ...none, relationSimilarity });
    expect(plain.relations.map(({ edge: e, score }) => [`${e.source}–${e.target}`, score])).toEqual([
      ["C–D", 0.5 * 1 * 1],
    ]);
    const typed = rankGraphContext([graph], { ...none, relationSimilarity, typed: new Set(["C", "D"]) });
    expect(typed.relations[0]?.score).toBe(0.5 * 3 * 1);
  });

  it("writes RAGFlow's CSV tables, quoting what needs it, and the community report", () => {
    const quoted = { nodes: [node("A", "organization", 1, 'Sagt "ja", oft')], edges: [] };
    const ranked = rankGraphContext([quoted], { ...none, entitySimilarity: new Map([["A", 0.5]]) });
    expect(graphContextText(ranked, "# Bericht")).toBe(
      '---- Entities ----\n,Entity,Score,Description\n0,A,0.50,"Sagt ""ja"", oft"\n\n---- Community Report ----\n# Bericht',
    );
    expect(graphContextText(rankGraphContext([quoted], none), null)).toBe("");
  });
});
