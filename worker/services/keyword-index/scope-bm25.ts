import { bm25Idf, bm25Scores, fieldFrequency, occurrences, type WeightedField } from "../../rag/bm25";
import { wordsOf } from "../../lib/text";
import { COLUMN_WEIGHTS, parseList as parse, type TextFields } from "./candidates";

// A chunk's words per column of the word index (title, keywords, questions, content), split once for both bm25s.
export const weightedFields = (row: TextFields): WeightedField[] => [
  { words: wordsOf(row.doc_name), weight: COLUMN_WEIGHTS.doc_name },
  { words: wordsOf(parse(row.important_kwd).join(" ")), weight: COLUMN_WEIGHTS.important_kwd },
  { words: wordsOf(parse(row.question_kwd).join(" ")), weight: COLUMN_WEIGHTS.question_kwd },
  { words: wordsOf(row.summary ? `${row.content}\n${row.summary}` : row.content), weight: COLUMN_WEIGHTS.content },
];

// Word bm25 of each candidate (its fields by id) with the collection's document frequencies (see
// termStatistics); a chunk's length is its word count.
export const wordBm25 = (
  fieldsById: Map<string, WeightedField[]>,
  terms: string[],
  df: Map<string, number>,
  total: number,
) =>
  bm25Scores(
    [...fieldsById].map(([id, fields]) => ({
      id,
      length: fields.reduce((sum, field) => sum + field.words.length, 0),
      tf: (term: string) => fieldFrequency(fields, term),
    })),
    new Map(terms.map((term) => [term, bm25Idf(df.get(term) ?? 0, total)])),
  );

// The text the trigram index holds for a chunk (its words in column order), words between single spaces.
export const gramText = (fields: WeightedField[]) => ` ${fields.flatMap((field) => field.words).join(" ")} `;

// How often each of the query's 4-grams occurs in a candidate's text (overlaps included), counted once for both
// the 4-gram bm25 and the share of query 4-grams the text holds; `length` is the text's.
export type GramCounts = { length: number; counts: Map<string, number> };

export const gramCountsOf = (text: string, grams: string[]): GramCounts => ({
  length: text.length,
  counts: new Map(grams.map((gram) => [gram, occurrences(text, gram)])),
});

// Share of the query's 4-grams found in a text: an absolute measure next to bm25's relative one, so a chunk
// that shares a few common endings with the question never looks like a match.
export const gramShareOf = ({ counts }: GramCounts, grams: string[]) =>
  grams.length ? grams.filter((gram) => (counts.get(gram) ?? 0) > 0).length / grams.length : 0;

// 4-gram bm25 of each candidate text with the collection's counts (see gramStatistics); a text's length in
// 4-grams is about its length in characters.
export const gramBm25 = (texts: Map<string, GramCounts>, counts: Map<string, number>, total: number) =>
  bm25Scores(
    [...texts].map(([id, text]) => ({
      id,
      length: text.length,
      tf: (gram: string) => text.counts.get(gram) ?? 0,
    })),
    new Map([...counts].map(([gram, n]) => [gram, bm25Idf(n, total)])),
  );
