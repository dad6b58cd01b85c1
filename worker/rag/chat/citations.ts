import { CITATION_MARKER } from "../../contract/chats";
import { analyzeQuery, chunkText, termSimilarity } from "../../lib/terms";

// (ID: 12), [ID: 12], 【ID:12】, ref12 → [ID:12] (RAGFlow repairs the same variants)
const VARIANTS = /(?:\(\s*ID\s*:\s*(\d+)\s*\)|\[\s*ID\s*:\s*(\d+)\s*\]|【\s*ID\s*:\s*(\d+)\s*】|\bref(\d+)\b)/gi;

export const repairCitations = (answer: string, chunkCount: number) =>
  answer.replace(VARIANTS, (whole, a, b, c, d) => {
    const n = Number(a ?? b ?? c ?? d);
    return n < chunkCount ? `[ID:${n}]` : whole;
  });

// Markers that point at a chunk that exists; others are dropped from the text.
export const keepValidCitations = (answer: string, chunkCount: number) =>
  answer.replace(CITATION_MARKER, (whole, n) => (Number(n) < chunkCount ? whole : ""));

export const citedIndexes = (answer: string) => [
  ...new Set([...answer.matchAll(CITATION_MARKER)].map((match) => Number(match[1]))),
];

// Markers and the white space before them dropped, white space collapsed. Collapsing first: `\s*\[ID:…` would
// rescan a long run of white space from each of its characters.
const withoutMarkers = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .replace(/ ?\[ID:\d+\]/g, "")
    .trim();

// The answer with the citations a model placed in it, if it kept every other character; null when it changed the
// text (then the citations are placed by similarity instead).
export const placedCitations = (answer: string, placed: string, chunkCount: number) => {
  const cited = keepValidCitations(repairCitations(placed.trim(), chunkCount), chunkCount);
  return withoutMarkers(cited) === withoutMarkers(answer) ? cited : null;
};

const SENTENCE = /[^.!?。！？\n]+[.!?。！？]*\s*|\n+/g;
const MIN_SENTENCE = 5;
const MAX_PER_SENTENCE = 4;

// Sentences of an answer; fenced code blocks stay whole and are never cited.
const sentencesOf = (answer: string) => {
  const pieces: { text: string; code: boolean }[] = [];
  for (const [i, block] of answer.split(/(```[\s\S]*?```)/).entries()) {
    if (i % 2 === 1) pieces.push({ text: block, code: true });
    else for (const match of block.matchAll(SENTENCE)) pieces.push({ text: match[0], code: false });
  }
  return pieces;
};

export type SimilarityOf = (sentence: string, chunkIndex: number) => number;

// Term similarity of a sentence to a chunk (the keyword half of RAGFlow's hybrid sentence similarity).
export const termSimilarityOf = (chunks: string[]): SimilarityOf => {
  const texts = chunks.map((content) => chunkText([content]));
  return (sentence, i) => {
    const text = texts[i];
    return text ? termSimilarity(analyzeQuery(sentence), new Map(), text) : 0;
  };
};

// RAGFlow's insert_citations: a sentence cites the chunks scoring within 1% of its best one, if that best
// one clears the threshold; the threshold starts at 0.63 and drops ×0.8 (not below 0.3) until something is cited.
// Each chunk is cited at most once in the whole answer.
export const insertCitations = (answer: string, chunkCount: number, similarity: SimilarityOf) => {
  const sentences = sentencesOf(answer);
  const scores = sentences.map((sentence) =>
    sentence.code || sentence.text.trim().length < MIN_SENTENCE
      ? []
      : Array.from({ length: chunkCount }, (_, i) => similarity(sentence.text, i)),
  );
  for (let threshold = 0.63; threshold >= 0.3; threshold *= 0.8) {
    const used = new Set<number>();
    const cited = scores.map((row) => {
      const best = Math.max(0, ...row);
      if (best < threshold) return [];
      const picks = row
        .map((score, i) => ({ score, i }))
        .filter(({ score, i }) => score >= best * 0.99 && !used.has(i))
        .slice(0, MAX_PER_SENTENCE);
      for (const pick of picks) used.add(pick.i);
      return picks.map((pick) => pick.i);
    });
    if (used.size === 0) continue;
    return sentences
      .map((sentence, k) => {
        const ids = cited[k] ?? [];
        if (ids.length === 0) return sentence.text;
        const body = sentence.text.trimEnd();
        const trailing = sentence.text.slice(body.length);
        return `${body}${ids.map((i) => ` [ID:${i}]`).join("")}${trailing}`;
      })
      .join("");
  }
  return answer;
};
