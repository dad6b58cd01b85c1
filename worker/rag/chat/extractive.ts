import { analyzeQuery, chunkText, termSimilarity } from "../../lib/terms";
import { TAG } from "../parse/markup";

const MAX_SENTENCES = 4;
const MAX_SENTENCE_CHARS = 400;
const SENTENCE = /[^.!?。！？\n]+[.!?。！？]?/g;

const clean = (sentence: string) =>
  sentence
    .replace(/^\s*(?:#{1,6}\s+|[-*•]\s+|\d+[.)]\s+)/, "")
    .replace(TAG, " ")
    .replace(/\s+/g, " ")
    .trim();

const shorten = (sentence: string) =>
  sentence.length > MAX_SENTENCE_CHARS ? `${sentence.slice(0, MAX_SENTENCE_CHARS).replace(/\s+\S*$/, "")} …` : sentence;

// The built-in offline "chat model": it writes no text of its own. It picks the sentences of the retrieved
// chunks that cover the question best (term coverage, the better-ranked chunk first on ties), keeps them in
// chunk order and cites each chunk it quotes.
export const extractiveAnswer = (question: string, chunks: string[]) => {
  const query = analyzeQuery(question);
  const candidates = chunks.flatMap((content, chunk) =>
    (content.match(SENTENCE) ?? [])
      .map(clean)
      .filter((sentence) => sentence.length > 3)
      .map((sentence, position) => ({
        sentence: shorten(sentence),
        chunk,
        position,
        score: termSimilarity(query, new Map(), chunkText([sentence])) + (chunks.length - chunk) * 1e-3,
      })),
  );
  const relevant = candidates.filter((candidate) => candidate.score > 0.01);
  const picked = (relevant.length ? relevant : candidates.slice(0, 1))
    .toSorted((a, b) => b.score - a.score)
    .slice(0, MAX_SENTENCES)
    .toSorted((a, b) => a.chunk - b.chunk || a.position - b.position);
  const byChunk = new Map<number, string[]>();
  for (const pick of picked) byChunk.set(pick.chunk, [...(byChunk.get(pick.chunk) ?? []), pick.sentence]);
  return [...byChunk.entries()].map(([chunk, sentences]) => `${sentences.join(" ")} [ID:${chunk}]`).join("\n\n");
};

// Streams a finished text in small pieces, so the built-in model behaves like the others on the wire.
export function* pieces(text: string, wordsPerPiece = 4) {
  const words = text.split(/(?<=\s)/);
  for (let i = 0; i < words.length; i += wordsPerPiece) yield words.slice(i, i + wordsPerPiece).join("");
}
