import { bm25Idf, bm25Scores, fieldFrequency, occurrences } from "../../rag/bm25";
import { spacedWords } from "../../rag/query";
import { wordsOf } from "../../lib/text";
import { type CandidateRow, COLUMN_WEIGHTS, parseList as parse, type TextFields } from "./candidates";

const weightedFields = (row: CandidateRow) => [
  { words: wordsOf(row.doc_name), weight: COLUMN_WEIGHTS.doc_name },
  { words: wordsOf(parse(row.important_kwd).join(" ")), weight: COLUMN_WEIGHTS.important_kwd },
  { words: wordsOf(parse(row.question_kwd).join(" ")), weight: COLUMN_WEIGHTS.question_kwd },
  { words: wordsOf(row.content), weight: COLUMN_WEIGHTS.content },
];

// Word bm25 of each candidate with the collection's document frequencies (see termStatistics); a chunk's
// length is its word count.
export const wordBm25 = (rows: CandidateRow[], terms: string[], df: Map<string, number>, total: number) =>
  bm25Scores(
    rows.map((row) => {
      const fields = weightedFields(row);
      return { id: row.id, length: fields.reduce((sum, field) => sum + field.words.length, 0), tf: (term: string) => fieldFrequency(fields, term) };
    }),
    new Map(terms.map((term) => [term, bm25Idf(df.get(term) ?? 0, total)])),
  );

// The text the trigram index holds for a chunk (title, keywords, questions, content), words between single spaces.
export const gramText = (row: TextFields) => spacedWords([row.doc_name, ...parse(row.important_kwd), ...parse(row.question_kwd), row.content]);

// 4-gram bm25 of each candidate text with the collection's counts (see gramStatistics); a text's length in
// 4-grams is about its length in characters.
export const gramBm25 = (texts: Map<string, string>, counts: Map<string, number>, total: number) =>
  bm25Scores(
    [...texts].map(([id, text]) => ({ id, length: text.length, tf: (gram: string) => occurrences(text, gram) })),
    new Map([...counts].map(([gram, n]) => [gram, bm25Idf(n, total)])),
  );
