import { stem } from "../lib/terms";

// Okapi BM25 as FTS5 computes it (k1 = 1.2, b = 0.75; a document's length is its token count), with Lucene's
// idf, which stays positive for a term in more than half of the documents. Retrieval scores its candidates with
// it in the worker, so the collection statistics are those of the searched knowledge bases; FTS5's own bm25()
// counts every chunk in the database, other knowledge bases and teams included.
const K1 = 1.2;
const B = 0.75;

export const bm25Idf = (df: number, total: number) => Math.log(1 + (Math.max(total, df) - df + 0.5) / (df + 0.5));

export type Bm25Document = { id: string; length: number; tf: (term: string) => number };

// The average length is taken over the documents scored together (the candidates, a sample of the collection).
export const bm25Scores = (documents: Bm25Document[], idfs: Map<string, number>) => {
  const averageLength = documents.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, documents.length);
  const scores = new Map<string, number>();
  for (const doc of documents) {
    let score = 0;
    for (const [term, idf] of idfs) {
      const tf = doc.tf(term);
      if (tf > 0) score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / (averageLength || 1)));
    }
    if (score > 0) scores.set(doc.id, score);
  }
  return scores;
};

export type WeightedField = { words: string[]; weight: number };

// Column-weighted term frequency, as FTS5 weighs columns: a word counts when it is the term or, for a term with a
// stem, starts with that stem (the FTS expression's `"stem"*`).
export const fieldFrequency = (fields: WeightedField[], term: string) => {
  const prefix = stem(term);
  const matches = (word: string) => word === term || (prefix !== term && word.startsWith(prefix));
  return fields.reduce((sum, field) => sum + field.weight * field.words.filter(matches).length, 0);
};

// Occurrences of a character n-gram in a text, overlapping ones included.
export const occurrences = (text: string, gram: string) => {
  let count = 0;
  for (let at = text.indexOf(gram); at >= 0; at = text.indexOf(gram, at + 1)) count++;
  return count;
};
