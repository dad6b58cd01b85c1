import type { Box, Fragment } from "./geometry";
import { rowsOf, unionAll } from "./geometry";

export type Line = { text: string; box: Box; size: number; bold: boolean };
export type Paragraph = { lines: Line[]; box: Box; size: number; bold: boolean };

const BULLET = /^(?:[•●▪■◦‣∙·*–-]\s|\(?\d{1,2}[.)]\s|\(?[a-z][.)]\s)/;
const HYPHENATED = /\p{L}-$/u;
// "Ein- und Ausgang": the hyphen stays before a conjunction
const KEEPS_HYPHEN = /^(?:und|oder|bzw\.?|sowie|and|or|nor)\b/;

export const linesOf = (fragments: Fragment[]): Line[] =>
  rowsOf(fragments).map((row) => ({
    text: row.map((f) => f.text).join(" "),
    box: unionAll(row.map((f) => f.box)),
    size: Math.max(...row.map((f) => f.size)),
    bold: row.every((f) => f.bold),
  }));

// Two lines (or blocks) joined: a word hyphenated at the line end is joined again ("Gesund-" + "heit"), a
// hyphen before a capital stays ("E-" + "Mail"), otherwise a line break.
export const continuesWord = (before: string, after: string) =>
  HYPHENATED.test(before) && /^\p{Ll}/u.test(after) && !KEEPS_HYPHEN.test(after);

export const joinLines = (before: string, after: string) => {
  if (continuesWord(before, after)) return `${before.slice(0, -1)}${after}`;
  if (HYPHENATED.test(before)) {
    if (/^\p{Lu}/u.test(after)) return `${before}${after}`;
  }
  return `${before}\n${after}`;
};

const sameStyle = (a: Line, b: Line) =>
  a.bold === b.bold && Math.abs(a.size - b.size) <= Math.max(a.size, b.size) * 0.08;

// Lines of one column into paragraphs: a new paragraph where the style changes, where the white space above a
// line is clearly wider than between the lines of the paragraph (`lineGap`, the page's usual gap, plus 40 % of
// the font size), and at a bullet or list number.
export const paragraphsOf = (lines: Line[], lineGap: number): Paragraph[] => {
  const paragraphs: Paragraph[] = [];
  let current: Line[] = [];
  const close = () => {
    if (current.length === 0) return;
    paragraphs.push({
      lines: current,
      box: unionAll(current.map((l) => l.box)),
      size: Math.max(...current.map((l) => l.size)),
      bold: current.every((l) => l.bold),
    });
    current = [];
  };
  for (const line of lines) {
    const previous = current.at(-1);
    if (previous) {
      const gap = line.box.top - previous.box.bottom;
      if (!sameStyle(previous, line) || gap > lineGap + line.size * 0.4 || gap < -line.size || BULLET.test(line.text))
        close();
    }
    current.push(line);
  }
  close();
  return paragraphs;
};

export const paragraphText = (paragraph: Paragraph) =>
  paragraph.lines
    .map((line) => line.text)
    .reduce((text, line) => (text ? joinLines(text, line) : line), "")
    .replace(/[ \t]+/g, " ")
    .trim();
