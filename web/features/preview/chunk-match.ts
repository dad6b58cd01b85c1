// Finding a cited chunk in the text a viewer shows. A chunk's text is not a literal slice of what is on screen:
// parsing collapses whitespace, markdown keeps its "#", "**" and "|" while the rendered page does not, PDF text
// loses line breaks and a chunk may run over onto the next page. So both sides are compared as words only
// (letters and digits, case folded), and the place is found by voting rather than by one exact search.

export type TextSpan = { start: number; end: number };

type Word = { start: number; end: number; norm: string };

const WORD = /[\p{L}\p{N}]+/gu;
// Runs of this many words are matched; long enough to be rare in a document, short enough to survive edits.
const RUN = 4;

export const wordsOf = (text: string): Word[] =>
  [...text.matchAll(WORD)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    norm: match[0].normalize("NFKC").toLocaleLowerCase(),
  }));

const runKey = (words: Word[], at: number, length: number) =>
  words
    .slice(at, at + length)
    .map((word) => word.norm)
    .join(" ");

// The part of `text` that holds `chunk` (or the part of it that is there: a chunk's first half on its first
// page), or null where too little of it is found. Every run of the chunk's words that occurs in the text votes
// for an offset between the two; the runs on the winning offset (give or take a few inserted or dropped words)
// make the span.
// A table chunk is HTML (`<table><tr><th>…`): its tag names are no words of the page.
const HTML_TAG = /<\/?(?:table|caption|thead|tbody|tr|th|td)\b[^<>]*>/gi;

export const findChunkSpan = (text: string, chunk: string): TextSpan | null => {
  const chunkWords = wordsOf(chunk.replace(HTML_TAG, " "));
  const textWords = wordsOf(text);
  const run = Math.min(RUN, chunkWords.length);
  if (run === 0 || textWords.length < run) return null;

  const runsInText = new Map<string, number[]>();
  for (let at = 0; at + run <= textWords.length; at++) {
    const key = runKey(textWords, at, run);
    const places = runsInText.get(key);
    if (places) places.push(at);
    else runsInText.set(key, [at]);
  }

  const hits: { offset: number; at: number }[] = [];
  const votes = new Map<number, number>();
  for (let at = 0; at + run <= chunkWords.length; at++) {
    for (const place of runsInText.get(runKey(chunkWords, at, run)) ?? []) {
      const offset = place - at;
      hits.push({ offset, at: place });
      votes.set(offset, (votes.get(offset) ?? 0) + 1);
    }
  }
  let best: number | undefined;
  let bestVotes = 0;
  for (const [offset, count] of votes) {
    if (count > bestVotes) [best, bestVotes] = [offset, count];
  }
  const runsInChunk = chunkWords.length - run + 1;
  if (best === undefined || bestVotes < Math.min(2, runsInChunk)) return null;

  const slack = Math.max(3, Math.round(chunkWords.length / 10));
  const near = hits.filter((hit) => Math.abs(hit.offset - best) <= slack).map((hit) => hit.at);
  const first = textWords[Math.min(...near)];
  const last = textWords[Math.max(...near) + run - 1];
  return first && last ? { start: first.start, end: last.end } : null;
};

// The normalised words of a chunk, for matching table rows against it.
export const chunkWordText = (chunk: string) =>
  ` ${wordsOf(chunk)
    .map((word) => word.norm)
    .join(" ")} `;

// A table row belongs to a chunk when every filled cell of it occurs in the chunk ("column: value" pairs or
// the values alone) and the row has more than one word, so a lone "1" does not match every chunk.
export const rowInChunk = (row: string[], chunkWords: string) => {
  const cells = row.map((cell) => wordsOf(cell).map((word) => word.norm)).filter((words) => words.length > 0);
  if (cells.flat().length < 2) return false;
  return cells.every((words) => chunkWords.includes(` ${words.join(" ")} `));
};
