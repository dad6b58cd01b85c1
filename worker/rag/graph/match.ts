import type { GraphNode, KnowledgeGraph } from "../../contract/knowledge-graph";
import { stem, topicWords } from "../../lib/terms";

const wordsOf = (text: string) => topicWords(text).map(stem);

// How much of an entity's name the question names: the share of its (stemmed) name words among the
// question's, a word of four letters or more also counting inside a question compound.
const nameMatch = (node: GraphNode, question: Set<string>, folded: string) => {
  const name = wordsOf(node.entity_name);
  if (name.length === 0) return 0;
  return name.filter((word) => question.has(word) || (word.length >= 4 && folded.includes(word))).length / name.length;
};

// Entities at least half of whose name the question names, with that share as their similarity: Buddy's addition
// to RAGFlow's vector search of entities, so a graph finds what a question spells out even with a lexical
// embedder or a graph built before it had vectors.
export const namedEntities = (graphs: KnowledgeGraph[], question: string) => {
  const words = new Set(wordsOf(question));
  const folded = [...words].join(" ");
  const named = new Map<string, number>();
  for (const node of graphs.flatMap((graph) => graph.nodes)) {
    const score = nameMatch(node, words, folded);
    if (score >= 0.5) named.set(node.id, Math.max(score, named.get(node.id) ?? 0));
  }
  return named;
};
