import { analyzeQuery, chunkText, hasTerm } from "../../lib/terms";
import { type Sentence, splitSentences } from "./sentences";

export type AnswerLanguage = "German" | "English";

// What the built-in model may quote: at most this many sentences and characters (whole sentences are dropped to
// stay within it, never cut), and only sentences scoring at least this share of the best one.
const MAX_SENTENCES = 5;
const MAX_CHARS = 1200;
const RELATIVE_FLOOR = 0.3;
// a sentence longer than this is a table or a list run together: quoted only when nothing else covers the question
const LONG_SENTENCE = 1200;

// The sentence score: how much of the question it covers (query terms weighted by IDF, 0.8, and the question's
// word pairs, 0.2), scaled by its chunk's retrieval score relative to the best chunk (down to 0.5) and by its
// position in the chunk (down to 0.9 from the sixth sentence on). A sentence covering nothing scores 0.
const PAIR_SHARE = 0.2;
const RETRIEVAL_SPAN = 0.5;
const POSITION_SPAN = 0.1;
const POSITION_STEPS = 5;

export const QUOTE_PREFIX: Record<AnswerLanguage, string> = {
  German: "Aus den Quellen:",
  English: "From the sources:",
};

export type SourceChunk = { content: string; similarity: number };

type Candidate = Sentence & { chunk: number; score: number; coverage: number };

const GERMAN_HINTS =
  /\b(?:der|die|das|und|ist|nicht|wie|was|wer|wann|welche[rsmn]?|warum|wo|mit|für|ein|eine|auf|von|zu|den|dem|des|im|sind|wird|werden|kann|ich|sie|es)\b|[äöüß]/giu;
const ENGLISH_HINTS =
  /\b(?:the|and|is|are|not|how|what|who|when|which|why|where|with|for|a|an|on|of|to|in|was|were|does|do|can|i|you|it)\b/giu;

// The language the quote is introduced in: the question's (German or English function words), else the
// assistant's own.
export const answerLanguage = (question: string, fallback: AnswerLanguage): AnswerLanguage => {
  const german = question.match(GERMAN_HINTS)?.length ?? 0;
  const english = question.match(ENGLISH_HINTS)?.length ?? 0;
  if (german === english) return fallback;
  return german > english ? "German" : "English";
};

// Inverse document frequency over the retrieved chunks (a term in every chunk tells them apart least).
const idfOver = (terms: string[], texts: ReturnType<typeof chunkText>[]) =>
  new Map(
    terms.map((term) => {
      const df = texts.filter((text) => matchWeight(term, text) > 0).length;
      return [term, Math.log(1 + (texts.length - df + 0.5) / (df + 0.5))];
    }),
  );

// A word or its stem counts fully, a match inside a compound ("Heilkunde" in "Zahnheilkunde") 0.7.
const matchWeight = (term: string, text: ReturnType<typeof chunkText>) => {
  if (hasTerm(text, term)) return 1;
  return term.length >= 4 && text.folded.includes(term) ? 0.7 : 0;
};

const scoreSentences = (question: string, chunks: SourceChunk[]): Candidate[] => {
  const query = analyzeQuery(question);
  const split = chunks.map((chunk) => splitSentences(chunk.content).filter((sentence) => !sentence.heading));
  const idf = idfOver(
    query.terms,
    chunks.map((chunk) => chunkText([chunk.content])),
  );
  const totalWeight = [...idf.values()].reduce((sum, weight) => sum + weight, 0);
  const bestRetrieval = Math.max(1e-9, ...chunks.map((chunk) => chunk.similarity));
  return split.flatMap((sentences, chunk) =>
    sentences.map((sentence, position) => {
      const text = chunkText([sentence.text]);
      const covered = query.terms.reduce((sum, term) => sum + (idf.get(term) ?? 0) * matchWeight(term, text), 0);
      const coverage = totalWeight > 0 ? covered / totalWeight : 0;
      const pairs = query.bigrams.length
        ? query.bigrams.filter((pair) => text.folded.includes(pair)).length / query.bigrams.length
        : 0;
      const retrieval = Math.max(0, chunks[chunk]?.similarity ?? 0) / bestRetrieval;
      const score =
        ((1 - PAIR_SHARE) * coverage + PAIR_SHARE * pairs) *
        (1 - RETRIEVAL_SPAN + RETRIEVAL_SPAN * retrieval) *
        (1 - (POSITION_SPAN * Math.min(position, POSITION_STEPS)) / POSITION_STEPS);
      return { ...sentence, chunk, score, coverage };
    }),
  );
};

// The best sentences within the limits: the best first, then any that score within the floor of it, dropping a
// sentence (never cutting it) that would pass the character limit; the same sentence twice is quoted once.
const pickSentences = (candidates: Candidate[]) => {
  // nothing covers the question (a match by meaning only): the first sentence of the best-ranked chunk
  const covering = candidates.filter((candidate) => candidate.coverage > 0 && candidate.text.length <= LONG_SENTENCE);
  const pool = (covering.length ? covering : candidates.slice(0, 1)).toSorted(
    (a, b) => b.score - a.score || a.chunk - b.chunk || a.index - b.index,
  );
  const best = pool[0];
  if (!best) return [];
  const picked: Candidate[] = [best];
  const seen = new Set([best.text]);
  let chars = best.text.length;
  for (const candidate of pool.slice(1)) {
    if (picked.length >= MAX_SENTENCES || candidate.score < best.score * RELATIVE_FLOOR) break;
    if (seen.has(candidate.text) || chars + candidate.text.length > MAX_CHARS) continue;
    picked.push(candidate);
    seen.add(candidate.text);
    chars += candidate.text.length;
  }
  return picked;
};

// One quote per chunk, its sentences in source order ("…" where the source has sentences between them), then
// the chunk's citation.
const quoteOf = (sentences: Candidate[], chunk: number) => {
  const ordered = sentences.toSorted((a, b) => a.index - b.index);
  const text = ordered
    .map((sentence, i) => {
      const before = ordered[i - 1];
      return before && sentence.index > before.index + 1 ? `… ${sentence.text}` : sentence.text;
    })
    .join(" ");
  return `> ${text} [ID:${chunk}]`;
};

// The built-in offline "chat model": it writes no text of its own. It splits the retrieved chunks into whole
// sentences, scores each (query-term coverage weighted by IDF over the chunks, word pairs, the chunk's retrieval
// score, position), quotes the best ones, never a part of one, and cites the chunk of each quote. Chunks keep
// their retrieval order; sentences keep their source order within a chunk.
export const extractiveAnswer = (question: string, chunks: SourceChunk[], language: AnswerLanguage) => {
  const picked = pickSentences(scoreSentences(question, chunks));
  if (picked.length === 0) return "";
  const byChunk = new Map<number, Candidate[]>();
  for (const pick of picked) byChunk.set(pick.chunk, [...(byChunk.get(pick.chunk) ?? []), pick]);
  const quotes = [...byChunk.entries()]
    .toSorted(([a], [b]) => a - b)
    .map(([chunk, sentences]) => quoteOf(sentences, chunk));
  return [QUOTE_PREFIX[language], ...quotes].join("\n\n");
};

// Streams a finished text in small pieces, so the built-in model behaves like the others on the wire.
export function* pieces(text: string, wordsPerPiece = 4) {
  const words = text.split(/(?<=\s)/);
  for (let i = 0; i < words.length; i += wordsPerPiece) yield words.slice(i, i + wordsPerPiece).join("");
}
