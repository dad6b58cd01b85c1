import { stem } from "../lib/terms";
import { foldForMatching } from "../lib/text";

const quote = (term: string) => `"${term.replaceAll('"', '""')}"`;

// FTS5 MATCH expression: any of the terms, longer ones also by their stem as a prefix
// ("infizieren" → "infizier"* also finds "infiziert").
export const ftsExpression = (terms: string[]) =>
  terms.map((term) => (stem(term) !== term ? `${quote(term)} OR ${quote(stem(term))}*` : quote(term))).join(" OR ");

const GRAM = 4;

// The character 4-grams of the query words with their boundaries (" impfung " → " imp", "impf", …, "ung "):
// compounds and derived forms share most of them ("Impfung" ~ "Impfstoff", "Grippeimpfung").
export const queryGrams = (terms: string[]) => {
  const grams = new Set<string>();
  for (const term of terms) {
    const padded = ` ${term} `;
    for (let i = 0; i + GRAM <= padded.length; i++) grams.add(padded.slice(i, i + GRAM));
  }
  return [...grams];
};

const COMMON_SHARE = 0.2;
const KEEP_AT_LEAST = 8;
// below this many chunks every 4-gram is cheap to match, and shares say little
const FILTER_FROM_CHUNKS = 1000;

// A 4-gram occurs in no more chunks than its rarer trigram.
export const gramFrequencyBound = (gram: string, trigramDf: Map<string, number>) =>
  Math.min(trigramDf.get(gram.slice(0, 3)) ?? 0, trigramDf.get(gram.slice(1)) ?? 0);

export const trigramsOf = (grams: string[]) => [...new Set(grams.flatMap((gram) => [gram.slice(0, 3), gram.slice(1)]))];

// The 4-grams worth matching: one that cannot occur (a trigram of it is in no chunk) is left out, and in a large
// index so is one whose rarer trigram is in over 20% of all chunks (its bm25 weight is next to nil, and matching
// it costs the most); the rarest few are kept whatever their frequency.
export const selectiveGrams = (grams: string[], trigramDf: Map<string, number>, total: number) => {
  const df = (gram: string) => gramFrequencyBound(gram, trigramDf);
  const occurring = grams.filter((gram) => df(gram) > 0).toSorted((a, b) => df(a) - df(b));
  if (total < FILTER_FROM_CHUNKS) return occurring;
  return occurring.filter((gram, i) => i < KEEP_AT_LEAST || df(gram) <= COMMON_SHARE * total);
};

// An OR of the 4-grams as phrases for the trigram index, whose text keeps words between single spaces.
export const ngramExpression = (grams: string[]) => grams.map(quote).join(" OR ");

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// The chunk text with query words wrapped in <em> (matching ignores case, umlauts and ß).
export const highlight = (content: string, terms: string[]) => {
  if (terms.length === 0) return escapeHtml(content);
  return content
    .split(/([\p{L}\p{N}]+)/u)
    .map((piece) => {
      const folded = foldForMatching(piece);
      const hit = terms.some((term) => folded === term || (term.length >= 4 && folded.includes(term)));
      return hit ? `<em>${escapeHtml(piece)}</em>` : escapeHtml(piece);
    })
    .join("");
};
