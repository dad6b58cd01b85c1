import type { Block, Table } from "../types";
import type { FoundContents } from "./contents";
import { tablesOfContents } from "./contents";
import { withoutFurniture } from "./furniture";
import type { Box, Fragment } from "./geometry";
import { median } from "./geometry";
import type { PageContent } from "./page-content";
import { fragmentsOf } from "./page-content";
import type { Line, Paragraph } from "./paragraphs";
import { continuesWord, joinLines, linesOf, paragraphsOf, paragraphText } from "./paragraphs";
import { columnRegions, readingOrder } from "./reading-order";
import type { FoundTable } from "./tables";
import { alignedTables, continuesBeside, ruledTables, tableHtml } from "./tables";

// A page with more text runs or ruling lines than this is read in plain top-to-bottom order (limits.ts).
export type LayoutLimits = { maxRuns: number; maxRulings: number };

type Atom =
  | { kind: "fragment"; box: Box; fragment: Fragment }
  | { kind: "table"; box: Box; table: FoundTable }
  | { kind: "toc"; box: Box; contents: FoundContents };

type Piece =
  | { kind: "paragraph"; page: number; paragraph: Paragraph }
  | { kind: "table"; page: number; table: FoundTable }
  | { kind: "toc"; page: number; contents: FoundContents };

const boxOf = (box: Box): [number, number, number, number] => [
  Math.round(box.left),
  Math.round(box.top),
  Math.round(box.right),
  Math.round(box.bottom),
];

// the font size most of the text is set in
const bodySizeOf = (fragments: Fragment[]) => {
  const weight = new Map<number, number>();
  for (const f of fragments) {
    const size = Math.round(f.size * 2) / 2;
    weight.set(size, (weight.get(size) ?? 0) + f.text.length);
  }
  return [...weight].toSorted((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
};

// The page's usual white space between two lines of a paragraph: consecutive lines in reading order, one below
// the other, less than two lines apart.
const usualLineGap = (lines: Line[], body: number) => {
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const above = lines[i - 1];
    const line = lines[i];
    if (!above || !line || line.box.left > above.box.right || line.box.right < above.box.left) continue;
    const gap = line.box.top - above.box.bottom;
    if (gap >= 0 && gap < line.size * 2) gaps.push(gap);
  }
  return gaps.length ? median(gaps) : body * 0.35;
};

const HEADING_END = /[,;:]$/;

const isHeading = (p: Paragraph, body: number) => {
  const text = paragraphText(p);
  if (p.lines.length > 3 || text.length > 200 || !/\p{L}{2}/u.test(text) || HEADING_END.test(text)) return false;
  if (p.size >= body * 1.15) return true;
  return p.bold && p.size >= body * 0.95 && p.lines.length <= 2 && text.length <= 120 && !/[.!?]$/.test(text);
};

const styleKey = (p: Paragraph) => `${Math.round(p.size * 2) / 2}|${p.bold ? 1 : 0}`;

// Tables without rulings: first inside each column of a multi-column page (rows there would otherwise run on
// into the text of the column beside; a wide table whose gap lines up with the gutter is left whole), then
// across the page in what is left.
const unruledTables = (fragments: Fragment[], body: number) => {
  const inColumns = columnRegions(fragments, body * 0.9).flatMap((column) =>
    alignedTables(column, body).filter((table) => !continuesBeside(table, column, fragments)),
  );
  const taken = new Set(inColumns.flatMap((table) => [...table.fragments]));
  return [...inColumns, ...alignedTables(taken.size ? fragments.filter((f) => !taken.has(f)) : fragments, body)];
};

// One page's pieces in reading order: tables of contents and tables first taken out of the text, the rest cut
// into columns and bands, each leaf's lines into paragraphs.
const pagePieces = (page: PageContent & { fragments: Fragment[] }, body: number, limits: LayoutLimits): Piece[] => {
  const plain = page.runs.length > limits.maxRuns;
  const contents = plain ? [] : tablesOfContents(page.fragments);
  let rest = page.fragments.filter((f) => !contents.some((c) => c.fragments.has(f)));
  const ruled = plain || page.rulings.length > limits.maxRulings ? [] : ruledTables(rest, page.rulings);
  rest = rest.filter((f) => !ruled.some((t) => t.fragments.has(f)));
  const aligned = plain ? [] : unruledTables(rest, body);
  rest = rest.filter((f) => !aligned.some((t) => t.fragments.has(f)));
  const atoms: Atom[] = [
    ...rest.map((fragment) => ({ kind: "fragment" as const, box: fragment.box, fragment })),
    ...[...ruled, ...aligned].map((table) => ({ kind: "table" as const, box: table.box, table })),
    ...contents.map((c) => ({ kind: "toc" as const, box: c.box, contents: c })),
  ];
  const leaves = plain ? [atoms] : readingOrder(atoms, body * 0.9);
  const leafLines = leaves.map((leaf) => {
    const sorted = leaf.toSorted((a, b) => a.box.top - b.box.top);
    const groups: (Atom | Fragment[])[] = [];
    for (const atom of sorted) {
      if (atom.kind === "fragment") {
        const last = groups.at(-1);
        if (Array.isArray(last)) last.push(atom.fragment);
        else groups.push([atom.fragment]);
      } else groups.push(atom);
    }
    return groups.map((group) => {
      if (!Array.isArray(group)) return group;
      return linesOf(group);
    });
  });
  const lineGap = usualLineGap(
    leafLines.flat().flatMap((group) => (Array.isArray(group) ? group : [])),
    body,
  );
  // paragraphs run on from one leaf to the next (a leaf may be a single line); a table ends them
  const pieces: Piece[] = [];
  let lines: Line[] = [];
  const flush = () => {
    for (const paragraph of paragraphsOf(lines, lineGap))
      pieces.push({ kind: "paragraph", page: page.number, paragraph });
    lines = [];
  };
  for (const group of leafLines.flat()) {
    if (Array.isArray(group)) lines.push(...group);
    else {
      flush();
      if (group.kind === "table") pieces.push({ kind: "table", page: page.number, table: group.table });
      if (group.kind === "toc") pieces.push({ kind: "toc", page: page.number, contents: group.contents });
    }
  }
  flush();
  return pieces;
};

// The blocks of a PDF's pages from their text layer: headings (levels by size and weight, largest first),
// paragraphs in reading order across columns, tables as HTML, tables of contents, running headers, footers and
// page numbers left out, words hyphenated at a line or column end joined. Each block keeps its page and box.
export const layoutPages = (pages: PageContent[], limits: LayoutLimits): { blocks: Block[]; tables: Table[] } => {
  const withFragments = withoutFurniture(
    pages.map((page) => ({
      ...page,
      fragments: page.runs.length > limits.maxRuns ? fragmentsOf(page.runs, 1e9) : fragmentsOf(page.runs),
    })),
  );
  const body = bodySizeOf(withFragments.flatMap((page) => page.fragments));
  const pieces = withFragments.flatMap((page) => pagePieces(page, body, limits));
  const styles = [
    ...new Set(
      pieces.flatMap((piece) =>
        piece.kind === "paragraph" && isHeading(piece.paragraph, body) ? [styleKey(piece.paragraph)] : [],
      ),
    ),
  ].toSorted((a, b) => {
    const [sizeA = "0", boldA = "0"] = a.split("|");
    const [sizeB = "0", boldB = "0"] = b.split("|");
    return Number(sizeB) - Number(sizeA) || Number(boldB) - Number(boldA);
  });
  const blocks: Block[] = [];
  const tables: Table[] = [];
  for (const piece of pieces) {
    if (piece.kind === "table") {
      const [headers = [], ...rows] = piece.table.cells;
      tables.push({
        name: `Table ${tables.length + 1} (page ${piece.page})`,
        headers,
        rows,
        page: piece.page,
        box: boxOf(piece.table.box),
        ...(piece.table.caption ? { title: piece.table.caption } : {}),
      });
      blocks.push({
        kind: "table",
        page: piece.page,
        text: tableHtml(piece.table.cells, piece.table.caption),
        box: boxOf(piece.table.box),
      });
    } else if (piece.kind === "toc") {
      blocks.push({
        kind: "toc",
        page: piece.page,
        text: piece.contents.entries.join("\n"),
        box: boxOf(piece.contents.box),
      });
    } else {
      const text = paragraphText(piece.paragraph);
      if (!text) continue;
      const box = boxOf(piece.paragraph.box);
      if (isHeading(piece.paragraph, body)) {
        const level = Math.min(6, styles.indexOf(styleKey(piece.paragraph)) + 1);
        blocks.push({ kind: "heading", level, page: piece.page, text: text.replace(/\n/g, " "), box });
        continue;
      }
      const last = blocks.at(-1);
      // a word hyphenated at the end of a column or page continues in the next text block
      if (last?.kind === "text" && continuesWord(last.text, text)) {
        last.text = joinLines(last.text, text);
        last.continued = [...(last.continued ?? []), { page: piece.page, box }];
        continue;
      }
      blocks.push({ kind: "text", page: piece.page, text, box });
    }
  }
  return { blocks, tables };
};
