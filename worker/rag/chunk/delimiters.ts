// "\n!?;" means the single characters; `##` in backticks is one multi-character delimiter.
export const parseDelimiters = (spec: string) => {
  const custom = [...spec.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "").filter(Boolean);
  const singles = [...spec.replace(/`[^`]*`/g, "")].filter(Boolean);
  return { custom, singles };
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Splits text after each delimiter. A sentence mark stays with the piece before it; custom backtick delimiters
// are dropped (`drop`), as RAGFlow's naive_merge skips them.
export const splitOn = (text: string, delimiters: string[], { drop = false } = {}): string[] => {
  if (delimiters.length === 0) return [text];
  const pattern = new RegExp(
    `(${delimiters
      .toSorted((a, b) => b.length - a.length)
      .map(escape)
      .join("|")})`,
  );
  const pieces: string[] = [];
  let current = "";
  for (const part of text.split(pattern)) {
    const isDelimiter = delimiters.includes(part);
    if (!(isDelimiter && drop)) current += part;
    if (isDelimiter) {
      pieces.push(current);
      current = "";
    }
  }
  if (current) pieces.push(current);
  return pieces.map((piece) => piece.trim()).filter(Boolean);
};
