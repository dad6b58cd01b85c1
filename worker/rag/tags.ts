import type { ChatMessage } from "../platform/providers/types";
import { jsonObjectIn } from "./json-answer";

export type TagFeatures = Record<string, number>;

// RAGFlow's smoothing: a tag's share in the whole tag set is (count + 1) / (all tag uses + S).
const SMOOTHING = 1000;

export const tagShares = (counts: Map<string, number>) => {
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  return new Map([...counts].map(([tag, count]) => [tag, (count + 1) / (total + SMOOTHING)]));
};

const round = (value: number) => Math.round(value * 10_000) / 10_000;

// The tags of the tag-set rows that match a text, by how much more often they occur there than in the whole
// set (RAGFlow's lift). RAGFlow rounds 0.1·lift to an integer, which leaves small tag sets without any feature;
// the cosine below does not depend on the scale, so the lift is kept as it is.
export const tagFeatures = (matched: Map<string, number>, shares: Map<string, number>, topN: number): TagFeatures => {
  const total = [...matched.values()].reduce((sum, count) => sum + count, 0);
  const lifted = [...matched].map(
    ([tag, count]) => [tag, (count + 1) / (total + SMOOTHING) / Math.max(1e-6, shares.get(tag) ?? 1e-4)] as const,
  );
  return Object.fromEntries(
    lifted
      .toSorted((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, topN)
      .map(([tag, lift]) => [tag, round(lift)]),
  );
};

// Cosine of a question's and a chunk's tag features (RAGFlow's rank feature, before its scale).
export const tagCosine = (question: TagFeatures, chunk: TagFeatures) => {
  const norm = (features: TagFeatures) =>
    Math.sqrt(Object.values(features).reduce((sum, value) => sum + value * value, 0));
  const questionNorm = norm(question);
  const chunkNorm = norm(chunk);
  if (questionNorm === 0 || chunkNorm === 0) return 0;
  const dot = Object.entries(chunk).reduce((sum, [tag, value]) => sum + value * (question[tag] ?? 0), 0);
  return dot / questionNorm / chunkNorm;
};

// How many of a chunk's search terms a tag-set row must share (RAGFlow: min(3, terms / 10), at least one).
export const minimumShouldMatch = (terms: number) => Math.min(3, Math.max(1, Math.floor(terms / 10)));

// A chunk's terms for matching it against a tag set: its most frequent words, as RAGFlow takes its 30
// best-weighted tokens.
export const contentTerms = (words: string[], limit = 30) => {
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts]
    .toSorted((a, b) => b[1] - a[1] || b[0].length - a[0].length)
    .slice(0, limit)
    .map(([word]) => word);
};

type Example = { content: string; features: TagFeatures };

// The model picks tags for a chunk no tag-set row matched (RAGFlow's idea, our wording).
export const tagPrompt = (content: string, tags: string[], examples: Example[], topN: number): ChatMessage[] => [
  {
    role: "system",
    content: [
      `You label text. Choose the ${topN} tags from the TAG SET below that fit the text best, each with a relevance from 1 to 10.`,
      "Use only tags from the tag set. Answer with a JSON object only: the tag as key, its relevance as value.",
      "",
      "# TAG SET",
      tags.join(", "),
      ...examples.flatMap((example, i) => [
        "",
        `# Example ${i + 1}`,
        example.content,
        "Output:",
        JSON.stringify(example.features),
      ]),
    ].join("\n"),
  },
  { role: "user", content },
];

// Only tags of the set with a positive relevance; anything else the model wrote is ignored.
export const parseTagAnswer = (answer: string, tags: Set<string>, topN: number): TagFeatures => {
  const valid = Object.entries(jsonObjectIn(answer) ?? {}).filter(
    (entry): entry is [string, number] => tags.has(entry[0]) && typeof entry[1] === "number" && entry[1] > 0,
  );
  return Object.fromEntries(valid.toSorted((a, b) => b[1] - a[1]).slice(0, topN));
};
