import type { GraphNode, KnowledgeGraph } from "../../contract/knowledge-graph";
import type { ChatMessage } from "../../platform/providers/types";
import { jsonObjectIn } from "../json-answer";

export type NamePair = { type: string; a: string; b: string };

const levenshtein = (a: string, b: string) => {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
};

const bigrams = (name: string) =>
  new Set(Array.from({ length: Math.max(0, name.length - 1) }, (_, i) => name.slice(i, i + 2)));

// "2023 REPORT" and "2024 REPORT" differ in a number: never the same thing
const differInDigits = (a: string, b: string) => {
  const [first, second] = [bigrams(a), bigrams(b)];
  return (
    [...first].some((gram) => !second.has(gram) && /\d/.test(gram)) ||
    [...second].some((gram) => !first.has(gram) && /\d/.test(gram))
  );
};

const ENGLISH_CHAR = /[a-zA-Z0-9\s.,':;/"?<>!()-]/;
const isEnglish = (name: string) =>
  [...name].filter((char) => ENGLISH_CHAR.test(char)).length / Math.max(1, name.length) > 0.8;

// RAGFlow's test for names worth asking about: English names within half the shorter one's length in edits,
// others sharing at least 80 % of their characters (more than one for names of under four).
export const similarNames = (a: string, b: string) => {
  if (differInDigits(a, b)) return false;
  if (isEnglish(a) && isEnglish(b)) {
    const limit = Math.floor(Math.min(a.length, b.length) / 2);
    // the edits are at least the difference in length
    return Math.abs(a.length - b.length) <= limit && levenshtein(a, b) <= limit;
  }
  const [first, second] = [new Set(a), new Set(b)];
  const shared = [...first].filter((char) => second.has(char)).length;
  const longest = Math.max(first.size, second.size);
  return longest < 4 ? shared > 1 : shared / longest >= 0.8;
};

// Only the best-ranked entities of each type are compared, and only so many pairs are asked about (shared by
// the types): the pairs grow with the square of the entities.
const MAX_COMPARED_PER_TYPE = 1000;
export const MAX_RESOLUTION_PAIRS = 1000;

// Pairs of entities of one type with similar names, best-ranked first; `capped` when more were left.
export const resolutionCandidates = (graph: KnowledgeGraph): { pairs: NamePair[]; capped: boolean } => {
  const byType = new Map<string, GraphNode[]>();
  for (const node of graph.nodes) {
    const group = byType.get(node.entity_type) ?? [];
    group.push(node);
    byType.set(node.entity_type, group);
  }
  const pairs: NamePair[] = [];
  const budget = Math.floor(MAX_RESOLUTION_PAIRS / Math.max(1, byType.size));
  let capped = false;
  for (const [type, nodes] of byType) {
    capped ||= nodes.length > MAX_COMPARED_PER_TYPE;
    const compared = nodes.slice(0, MAX_COMPARED_PER_TYPE);
    const found: NamePair[] = [];
    for (const [i, first] of compared.entries()) {
      for (let j = i + 1; j < compared.length && found.length <= budget; j++) {
        const second = compared[j] as GraphNode;
        if (similarNames(first.id, second.id)) found.push({ type, a: first.id, b: second.id });
      }
    }
    capped ||= found.length > budget;
    pairs.push(...found.slice(0, budget));
  }
  return { pairs, capped };
};

// RAGFlow asks about 100 pairs of one type in one call.
export const RESOLUTION_BATCH = 100;

export const resolutionPrompt = (type: string, pairs: NamePair[]): ChatMessage[] => [
  {
    role: "system",
    content:
      `You decide whether two names mean the same ${type}. Focus only on critical properties and overlook noisy ` +
      "factors such as case, spelling variants, abbreviations and word order. For each question answer whether the " +
      'two names are the same entity. Answer with JSON only: {"answers": [{"question": <number>, "same": true or false}]}',
  },
  {
    role: "user",
    content: pairs
      .map((pair, i) => `Question ${i + 1}: name of ${type} A is ${pair.a}, name of ${type} B is ${pair.b}`)
      .join("\n"),
  },
];

// The pairs the model called the same (null when the answer holds no JSON object).
export const parseResolution = (answer: string, pairs: NamePair[]): NamePair[] | null => {
  const json = jsonObjectIn(answer);
  if (!json) return null;
  const answers = Array.isArray(json.answers) ? (json.answers as Record<string, unknown>[]) : [];
  const same = answers.filter((item) => item?.same === true || String(item?.same).toLowerCase() === "yes");
  return [...new Set(same.map((item) => Number(item.question)))].flatMap((question) =>
    Number.isInteger(question) && pairs[question - 1] ? [pairs[question - 1] as NamePair] : [],
  );
};

// Names the same entity go by, mapped to one of them: the best-ranked of each connected group of "same"
// pairs (so A = B and B = C make one entity).
export const sameAsMap = (graph: KnowledgeGraph, same: NamePair[]) => {
  const rank = new Map(graph.nodes.map((node, i) => [node.id, i]));
  const parent = new Map<string, string>();
  const root = (name: string): string => {
    const up = parent.get(name);
    return up === undefined || up === name ? name : root(up);
  };
  for (const { a, b } of same) {
    const [ra, rb] = [root(a), root(b)];
    if (ra === rb) continue;
    const [keep, drop] = (rank.get(ra) ?? 0) <= (rank.get(rb) ?? 0) ? [ra, rb] : [rb, ra];
    parent.set(drop, keep);
  }
  return new Map([...parent.keys()].map((name) => [name, root(name)]));
};
