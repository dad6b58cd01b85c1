import { foldForMatching } from "./text";

// Question words and function words that carry no topic (English and German).
const STOPWORDS = new Set(
  (
    "a an and are as at be by can could do does did for from has have how i if in into is it its me my of on or our " +
    "please should so than that the their them then there these they this to was we were what when where which who whom " +
    "whose why will with would you your about also any been being between both each few more most other some such " +
    "der die das den dem des ein eine einer eines einem einen und oder aber ist sind war waren wird werden wurde " +
    "wie was wer wo wann warum welche welcher welches kann koennen konnen soll sollen muss mussen ich du er sie es wir " +
    "ihr mein dein sein unser euer im in am an auf aus bei mit nach von vor zu zum zur fur uber unter durch gegen " +
    "ohne um nicht kein keine auch noch nur schon sehr so dass ob wenn als bis denn doch hat haben habe gibt sich man"
  ).split(" "),
);

// A light German/English stemmer (after CISTEM's idea): strip one common inflection ending while at least
// four letters remain. Used for matching only, never shown.
const ENDINGS = ["ern", "em", "en", "er", "es", "e", "s", "n", "nd"];
export const stem = (word: string) => {
  for (const ending of ENDINGS) {
    if (word.length - ending.length >= 4 && word.endsWith(ending)) return word.slice(0, -ending.length);
  }
  return word;
};

export type AnalyzedQuery = { terms: string[]; bigrams: string[] };

// The words of a text that carry its topic: folded (lower case, umlauts and ß folded), stop words and single
// letters dropped, in order.
export const topicWords = (text: string) =>
  (foldForMatching(text).match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => !STOPWORDS.has(word) && word.length > 1);

// Topic words, order kept for bigrams.
export const analyzeQuery = (question: string): AnalyzedQuery => {
  const words = topicWords(question);
  const terms = [...new Set(words)].slice(0, 32);
  const bigrams = words.slice(1).map((word, i) => `${words[i]} ${word}`);
  return { terms, bigrams: [...new Set(bigrams)] };
};

// RAGFlow's idf: log10(10 + (N − df + 0.5)/(df + 0.5)).
export const idf = (df: number, total: number) => Math.log10(10 + (total - df + 0.5) / (df + 0.5));

// `stems` (of every word) is filled in by hasTerm when first needed: most texts scored never need it.
export type ChunkText = { words: Set<string>; folded: string; stems: Set<string> | undefined };

export const chunkText = (parts: string[]): ChunkText => {
  const folded = foldForMatching(parts.join(" "));
  return { folded, words: new Set(folded.match(/[\p{L}\p{N}]+/gu) ?? []), stems: undefined };
};

// Whether the text has the term as a word, or a word with the term's stem. A stem is a prefix of its word, so a
// text that does not contain the stem at all has no such word, and its stems are not needed.
export const hasTerm = (text: ChunkText, term: string) => {
  if (text.words.has(term)) return true;
  const termStem = stem(term);
  if (!text.folded.includes(termStem)) return false;
  text.stems ??= new Set([...text.words].map(stem));
  return text.stems.has(termStem);
};

// Share of the query's term weight found in the chunk (a word match counts fully, a match inside a
// compound 0.7), mixed 0.4/0.6 with the share of the query's adjacent word pairs found, as RAGFlow does.
export const termSimilarity = (query: AnalyzedQuery, weights: Map<string, number>, text: ChunkText) => {
  const total = query.terms.reduce((sum, term) => sum + (weights.get(term) ?? 1), 0);
  if (total === 0) return 0;
  const found = query.terms.reduce((sum, term) => {
    const weight = weights.get(term) ?? 1;
    if (hasTerm(text, term)) return sum + weight;
    return term.length >= 4 && text.folded.includes(term) ? sum + 0.7 * weight : sum;
  }, 0);
  const termShare = found / total;
  if (query.bigrams.length === 0) return termShare;
  const pairShare = query.bigrams.filter((pair) => text.folded.includes(pair)).length / query.bigrams.length;
  return 0.4 * termShare + 0.6 * Math.max(pairShare, termShare * 0.5);
};
