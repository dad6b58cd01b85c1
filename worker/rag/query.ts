import { stem } from "../lib/terms";
import { foldForMatching } from "../lib/text";

const quote = (term: string) => `"${term.replaceAll('"', '""')}"`;

// FTS5 MATCH expression: any of the terms, longer ones also by their stem as a prefix
// ("infizieren" → "infizier"* also finds "infiziert").
export const ftsExpression = (terms: string[]) =>
  terms.map((term) => (stem(term) !== term ? `${quote(term)} OR ${quote(stem(term))}*` : quote(term))).join(" OR ");

// Plain OR of quoted terms, for the trigram index (which matches substrings anyway).
export const anyOf = (terms: string[]) => terms.map(quote).join(" OR ");

// Terms long enough to look for inside compounds through the trigram index.
export const trigramTerms = (terms: string[]) => terms.filter((term) => term.length >= 4);

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
