// Linear scanning of markup. A lazy `<x>[\s\S]*?</x>` regex rescans the rest of the text from every opening
// that is never closed, so "<p>" repeated 20,000 times took seconds and 1 MB of it minutes; these helpers find
// each closing with one left-to-right pass per closing pattern instead.

const globalOf = (pattern: RegExp) =>
  new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);

// The first match of `close` starting at or after a position. Positions asked for must not decrease: the last
// answer is reused while it is still the first one, so the text is scanned once in all.
const closingFinder = (text: string, close: RegExp) => {
  const pattern = globalOf(close);
  let from = -1;
  let found: RegExpExecArray | null = null;
  return (position: number): RegExpExecArray | null => {
    if (from >= 0 && position >= from && (found === null || position <= found.index)) return found;
    pattern.lastIndex = position;
    found = pattern.exec(text);
    from = position;
    return found;
  };
};

export type Enclosed = { index: number; end: number; opening: RegExpExecArray; inner: string };

// Each `opening` with the first `close(opening)` after it, left to right and not overlapping: what
// matchAll(/opening[\s\S]*?closing/g) finds, in linear time. `opening` must not match the empty string and
// should not scan far itself (write `[^<>]*`, not `[^>]*`).
export function* enclosed(
  text: string,
  opening: RegExp,
  close: (opening: RegExpExecArray) => RegExp,
): Generator<Enclosed> {
  const pattern = globalOf(opening);
  const finders = new Map<string, (position: number) => RegExpExecArray | null>();
  for (let open = pattern.exec(text); open; open = pattern.exec(text)) {
    const closing = close(open);
    const key = `${closing.flags}/${closing.source}`;
    const finder = finders.get(key) ?? closingFinder(text, closing);
    finders.set(key, finder);
    const start = open.index + open[0].length;
    const found = finder(start);
    if (!found) {
      pattern.lastIndex = open.index + 1;
      continue;
    }
    const end = found.index + found[0].length;
    yield { index: open.index, end, opening: open, inner: text.slice(start, found.index) };
    pattern.lastIndex = end;
  }
}

// The text without its enclosed spans (only the first with `once`), as text.replace(/opening[\s\S]*?closing/g, "").
export const removeEnclosed = (
  text: string,
  opening: RegExp,
  close: (opening: RegExpExecArray) => RegExp,
  { once = false } = {},
) => {
  const kept: string[] = [];
  let last = 0;
  for (const span of enclosed(text, opening, close)) {
    kept.push(text.slice(last, span.index));
    last = span.end;
    if (once) break;
  }
  kept.push(text.slice(last));
  return kept.join("");
};

// A tag's pattern for its closing, case as in HTML ignored.
export const closingTag = (name: string) => new RegExp(`</${name.replace(/[^\w:-]/g, "")}>`, "gi");

// Tags removed, linear: `[^<>]` stops each attempt at the next "<", where `<[^>]+>` rescans to the end of the
// text from every "<" that no ">" follows.
export const TAG = /<[^<>]+>/g;
