import { TAG } from "../parse/markup";

// One quotable unit of a chunk: a whole sentence, or a line that stands alone (a list item, a table row).
// `heading`: a Markdown heading or a short title line, never quoted on its own. `block` and `index` place it in
// the chunk (sentences of one block follow each other without a gap).
export type Sentence = { text: string; block: number; index: number; heading: boolean };

// Abbreviations after which a full stop does not end a sentence (German and English, lower case, without the
// stop). Single letters (initials, "z. B.", "d. h.", "S. 5") are handled apart.
const ABBREVIATIONS = new Set(
  (
    "abs abschn anh anl anm art aufl bd bsp bspw bzgl bzw ca chr dgl dr dt ebd etc evtl f ff fig gem ggf hl hrsg " +
    "inkl insb jh jhd jr kap lfd lit max min mio mr mrd mrs ms nr no pkt prof rd rdnr rn sen sog spp st str tel " +
    "u.a usw v.a vgl vs ziff zit zzgl jan feb mär apr jun jul aug sep sept okt nov dez e.g i.e z.b d.h u.ä o.ä s.o " +
    "s.u z.t i.d.r i.v.m bzgl incl approx dept est"
  ).split(" "),
);

const MONTHS =
  /^(?:januar|februar|märz|maerz|april|mai|juni|juli|august|september|oktober|november|dezember|january|february|march|may|june|july|october|december)\b/i;

// A candidate end: sentence punctuation, closing quotes or brackets, white space, then what may open a sentence.
const CANDIDATE_END = /[.!?…]+["'”“»«)\]]*(?=\s+["'„“«»([§\p{Lu}\p{N}])/gu;

const HEADING = /^\s{0,3}#{1,6}\s+/;
const LIST_ITEM = /^\s*(?:[-*•+]\s+|\d{1,3}[.)]\s+|\(\d{1,3}[a-z]?\)\s+|[a-z][.)]\s+)/u;
const TABLE_ROW = /^\s*\|/;
const TERMINAL = /[.!?…:;]["'”“»«)\]]*\s*$/u;
const TITLE_MAX_WORDS = 12;

// The word a full stop follows, as written (may hold inner stops: "z.B", "e.g").
const wordBefore = (text: string, end: number) => /(\S+)$/u.exec(text.slice(Math.max(0, end - 64), end))?.[1] ?? "";

// Whether the full stop at `stop` ends a sentence, given what follows it.
const endsSentence = (text: string, stop: number, rest: string) => {
  if (text[stop] !== ".") return true;
  const word = wordBefore(text, stop).replace(/^["'„“«»([]+/u, "");
  const bare = word.toLowerCase();
  if (/^\p{L}$/u.test(word)) return false; // z. B., d. h., S. 5, initials
  if (ABBREVIATIONS.has(bare)) return false;
  if (/^(?:\p{L}{1,2}\.)+\p{L}{1,2}$/u.test(word)) return false; // e.g, z.B, U.S
  // "3. Juli", "19. Jahrhundert", "§ 1.": an ordinal of one or two digits, or any number before a month
  if (/^\d{1,2}$/.test(word)) return false;
  if (/^\d+$/.test(word) && MONTHS.test(rest.trimStart())) return false;
  if (/^[IVXLC]{1,5}$/.test(word) && word.length > 1) return false; // roman ordinals: "Heinrich VIII. König"
  return true;
};

// Sentences of one run of prose (line breaks already joined).
const proseSentences = (prose: string) => {
  const out: string[] = [];
  let start = 0;
  for (const match of prose.matchAll(CANDIDATE_END)) {
    const stop = match.index + (/^[.!?…]+/u.exec(match[0])?.[0].length ?? 1) - 1;
    const end = match.index + match[0].length;
    if (!endsSentence(prose, stop, prose.slice(end, end + 24))) continue;
    out.push(prose.slice(start, end).trim());
    start = end;
  }
  out.push(prose.slice(start).trim());
  return out.filter(Boolean);
};

const FUNCTION_WORD =
  /^(?:der|die|das|den|dem|des|ein|eine|einer|eines|einem|einen|und|oder|im|in|am|an|auf|zu|zur|zum|von|vom|mit|the|a|an|and|or|of|to|in|on)$/i;

// A title: short, no end punctuation, not ending in a function word ("… im", "… Der"), and clearly shorter than
// the line opening the text after it; a hard-wrapped line of prose fails one of these.
const isTitleLine = (line: string, next: string | undefined) => {
  const words = line.trim().split(/\s+/);
  const last = words.at(-1) ?? "";
  return (
    next !== undefined &&
    !TERMINAL.test(line) &&
    words.length <= TITLE_MAX_WORDS &&
    !FUNCTION_WORD.test(last) &&
    line.trim().length < 0.6 * next.trim().length &&
    /^\s*["'„“«»([§\p{Lu}\p{N}]/u.test(next)
  );
};

// Lines of one block, grouped: a heading, list item or table row stands alone; a title line (short, no end
// punctuation, followed by a line that opens a sentence) stands alone; other lines are hard-wrapped prose.
const groupLines = (lines: string[]) => {
  const groups: { text: string; heading: boolean; prose: boolean }[] = [];
  let prose: string[] = [];
  const flush = () => {
    if (prose.length) groups.push({ text: prose.join(" "), heading: false, prose: true });
    prose = [];
  };
  for (const [i, line] of lines.entries()) {
    if (HEADING.test(line)) {
      flush();
      groups.push({ text: line.replace(HEADING, ""), heading: true, prose: false });
    } else if (TABLE_ROW.test(line)) {
      flush();
      groups.push({ text: line, heading: false, prose: false });
    } else if (LIST_ITEM.test(line)) {
      flush();
      prose.push(line);
    } else if (prose.length === 0 && isTitleLine(line, lines[i + 1])) {
      groups.push({ text: line, heading: true, prose: false });
    } else {
      prose.push(line);
    }
  }
  flush();
  return groups;
};

const tidy = (text: string) => text.replace(/\s+/g, " ").trim();

// A chunk's text as whole sentences, in source order. A full stop after an abbreviation (z. B., u. a., Abs.,
// Nr., Art., S., usw., e.g., Dr.), after an ordinal ("1.", "3. Juli") or inside "§ 1." does not end one;
// blank lines, headings, list items and table rows do.
export const splitSentences = (content: string): Sentence[] => {
  const sentences: Sentence[] = [];
  const blocks = content
    .replace(TAG, " ")
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/);
  let index = 0;
  for (const [block, text] of blocks.entries()) {
    const lines = text.split("\n").filter((line) => line.trim());
    for (const group of groupLines(lines)) {
      const parts = group.prose ? proseSentences(tidy(group.text)) : [tidy(group.text)];
      for (const part of parts) {
        if (!/[\p{L}\p{N}]/u.test(part)) continue;
        sentences.push({ text: part, block, index: index++, heading: group.heading });
      }
    }
  }
  return sentences;
};
