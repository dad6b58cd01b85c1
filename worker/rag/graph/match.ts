import type { GraphEdge, GraphNode, KnowledgeGraph } from "../../contract/knowledge-graph";
import { stem, topicWords } from "../../lib/terms";

const MAX_ENTITIES = 6;
const MAX_RELATIONS = 10;

const wordsOf = (text: string) => topicWords(text).map(stem);

// How much of an entity's name the question names: the share of its (stemmed) name words among the
// question's, a word of four letters or more also counting inside a question compound.
const nameMatch = (node: GraphNode, question: Set<string>, folded: string) => {
  const name = wordsOf(node.entity_name);
  if (name.length === 0) return 0;
  return name.filter((word) => question.has(word) || (word.length >= 4 && folded.includes(word))).length / name.length;
};

// The part of the graphs a question is about (RAGFlow's KG retriever, by names instead of an LLM's keywords
// and entity vectors): the entities at least half of whose name the question names, best match and rank
// first, and the strongest relations that touch them.
export const relevantSubgraph = (graphs: KnowledgeGraph[], question: string) => {
  const words = new Set(wordsOf(question));
  const folded = [...words].join(" ");
  const scored = graphs
    .flatMap((graph) => graph.nodes.map((node) => ({ node, score: nameMatch(node, words, folded) })))
    .filter((entry) => entry.score >= 0.5)
    .toSorted((a, b) => b.score - a.score || b.node.pagerank - a.node.pagerank || a.node.id.localeCompare(b.node.id))
    .slice(0, MAX_ENTITIES);
  const chosen = new Set(scored.map((entry) => entry.node.id));
  const relations = graphs
    .flatMap((graph) => graph.edges)
    .filter((edge) => chosen.has(edge.source) || chosen.has(edge.target))
    .toSorted((a, b) => b.weight - a.weight || a.source.localeCompare(b.source) || a.target.localeCompare(b.target))
    .slice(0, MAX_RELATIONS);
  return { entities: scored.map((entry) => entry.node), relations };
};

// The text of the knowledge-graph chunk put first among the results.
export const subgraphText = ({ entities, relations }: { entities: GraphNode[]; relations: GraphEdge[] }) =>
  entities.length === 0
    ? ""
    : [
        "Entities:",
        ...entities.map((node) => `- ${node.entity_name} (${node.entity_type}): ${node.description.replaceAll("\n", " ")}`),
        ...(relations.length ? ["Relations:", ...relations.map((edge) => `- ${edge.source} – ${edge.target}: ${edge.description.replaceAll("\n", " ")}`)] : []),
      ].join("\n");
