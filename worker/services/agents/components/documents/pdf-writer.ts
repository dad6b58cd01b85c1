import { zlibSync } from "fflate";
import { textWidth } from "./helvetica";
import type { DocBlock } from "./markdown-blocks";

// A PDF of the blocks on A4 in the standard Helvetica fonts (nothing embedded, so the file stays small and the
// Worker carries no font): WinAnsi encoding covers German umlauts, ß, € and typographic quotes; other characters
// become "?". Long lines wrap, tables get ruled cells, and pages break when full or where the Markdown says so.
export type PdfOptions = {
  fontSize: number;
  header: string;
  footer: string;
  pageNumbers: boolean;
  timestamp: string;
  watermark: string;
};

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const CELL_PADDING = 4;

const WIN_ANSI_EXTRA: Record<string, number> = {
  "€": 0x80,
  "‚": 0x82,
  ƒ: 0x83,
  "„": 0x84,
  "…": 0x85,
  "†": 0x86,
  "‡": 0x87,
  ˆ: 0x88,
  "‰": 0x89,
  Š: 0x8a,
  "‹": 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "•": 0x95,
  "–": 0x96,
  "—": 0x97,
  "˜": 0x98,
  "™": 0x99,
  š: 0x9a,
  "›": 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

const winAnsiCode = (char: string) => {
  const code = char.codePointAt(0) ?? 63;
  if ((code >= 32 && code <= 126) || (code >= 0xa0 && code <= 0xff)) return code;
  return WIN_ANSI_EXTRA[char] ?? 63;
};

// a PDF string literal in plain ASCII: bytes beyond it as octal escapes
const pdfString = (text: string) => {
  let out = "(";
  for (const char of text.replace(/\t/g, "    ")) {
    const code = winAnsiCode(char);
    if (char === "(" || char === ")" || char === "\\") out += `\\${char}`;
    else if (code > 126) out += `\\${code.toString(8).padStart(3, "0")}`;
    else out += String.fromCharCode(code);
  }
  return `${out})`;
};

// words to lines no wider than `width`; a word wider than a line is cut
export const wrapText = (text: string, size: number, width: number, bold = false): string[] => {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, size, bold) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    let rest = word;
    while (textWidth(rest, size, bold) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && textWidth(rest.slice(0, cut), size, bold) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
};

const fmt = (value: number) => Number(value.toFixed(2)).toString();

class Pages {
  readonly pages: string[][] = [[]];
  y = PAGE_HEIGHT - MARGIN;

  get ops() {
    return this.pages.at(-1) as string[];
  }
  newPage() {
    this.pages.push([]);
    this.y = PAGE_HEIGHT - MARGIN;
  }
  ensure(height: number) {
    if (this.y - height < MARGIN && this.y < PAGE_HEIGHT - MARGIN) this.newPage();
  }
  text(x: number, baseline: number, text: string, size: number, bold = false) {
    this.ops.push(`BT /${bold ? "F2" : "F1"} ${fmt(size)} Tf ${fmt(x)} ${fmt(baseline)} Td ${pdfString(text)} Tj ET`);
  }
  rect(x: number, top: number, width: number, height: number) {
    this.ops.push(`${fmt(x)} ${fmt(top - height)} ${fmt(width)} ${fmt(height)} re S`);
  }
}

const layoutLines = (pages: Pages, lines: string[], x: number, size: number, bold = false, first?: string) => {
  const leading = size * 1.35;
  lines.forEach((line, index) => {
    pages.ensure(leading);
    pages.y -= leading;
    if (index === 0 && first) pages.text(x - 14, pages.y + size * 0.3, first, size);
    pages.text(x, pages.y + size * 0.3, line, size, bold);
  });
};

const layoutTable = (pages: Pages, block: Extract<DocBlock, { kind: "table" }>, size: number) => {
  const columns = Math.max(block.header.length, 1);
  const width = CONTENT_WIDTH / columns;
  const leading = size * 1.3;
  for (const [rowIndex, row] of [block.header, ...block.rows].entries()) {
    const bold = rowIndex === 0;
    const cells = row.map((cell) => wrapText(cell, size, width - 2 * CELL_PADDING, bold));
    const height = Math.max(...cells.map((lines) => lines.length)) * leading + 2 * CELL_PADDING;
    pages.ensure(height);
    const top = pages.y;
    cells.forEach((lines, column) => {
      const x = MARGIN + column * width;
      pages.rect(x, top, width, height);
      lines.forEach((line, index) => {
        const baseline = top - CELL_PADDING - (index + 1) * leading + size * 0.3;
        pages.text(x + CELL_PADDING, baseline, line, size, bold);
      });
    });
    pages.y = top - height;
  }
};

const layout = (blocks: DocBlock[], options: PdfOptions) => {
  const pages = new Pages();
  const size = options.fontSize;
  const headingSizes = [size + 6, size + 4, size + 2];
  if (options.timestamp) {
    layoutLines(pages, [options.timestamp], MARGIN, size - 2);
    pages.y -= size * 0.5;
  }
  for (const block of blocks) {
    if (block.kind === "pagebreak") {
      pages.newPage();
      continue;
    }
    if (block.kind === "heading") {
      const headingSize = headingSizes[Math.min(block.level, 3) - 1] as number;
      pages.ensure(headingSize * 3);
      pages.y -= headingSize * 0.5;
      layoutLines(pages, wrapText(block.text, headingSize, CONTENT_WIDTH, true), MARGIN, headingSize, true);
    } else if (block.kind === "paragraph") {
      layoutLines(pages, wrapText(block.text, size, CONTENT_WIDTH), MARGIN, size);
    } else if (block.kind === "list") {
      block.items.forEach((item, index) => {
        const marker = block.ordered ? `${index + 1}.` : "•";
        layoutLines(pages, wrapText(item, size, CONTENT_WIDTH - 18), MARGIN + 18, size, false, marker);
      });
    } else {
      layoutTable(pages, block, size);
    }
    pages.y -= size * 0.6;
  }
  return pages.pages;
};

const withMargins = (ops: string[], page: number, total: number, options: PdfOptions) => {
  const small = 9;
  const extra: string[] = [];
  const write = (x: number, y: number, text: string) =>
    extra.push(`BT /F1 ${small} Tf ${fmt(x)} ${fmt(y)} Td ${pdfString(text)} Tj ET`);
  if (options.header) write(MARGIN, PAGE_HEIGHT - MARGIN / 2, options.header);
  if (options.footer) write(MARGIN, MARGIN / 2, options.footer);
  // light grey, diagonal across the page, under nothing (drawn last, but only outlines and text are on the page)
  if (options.watermark)
    extra.push(
      `q 0.85 g BT /F2 48 Tf 0.7071 0.7071 -0.7071 0.7071 ${fmt(PAGE_WIDTH / 2 - 150)} ${fmt(PAGE_HEIGHT / 2 - 150)} Tm ${pdfString(options.watermark)} Tj ET Q`,
    );
  if (options.pageNumbers) {
    const label = `${page} / ${total}`;
    write(PAGE_WIDTH - MARGIN - textWidth(label, small), MARGIN / 2, label);
  }
  return [...ops, ...extra].join("\n");
};

const encoder = new TextEncoder();

const font = (name: string) => `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;

export const writePdf = (blocks: DocBlock[], options: PdfOptions): Uint8Array => {
  const pageOps = layout(blocks, options);
  const objects: (string | Uint8Array)[] = [];
  const add = (body: string | Uint8Array) => objects.push(body);
  const catalog = add("");
  const pagesRef = add("");
  const regular = add(font("Helvetica"));
  const bold = add(font("Helvetica-Bold"));
  const kids: number[] = [];
  pageOps.forEach((ops, index) => {
    const stream = zlibSync(encoder.encode(withMargins(ops, index + 1, pageOps.length, options)));
    const head = encoder.encode(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`);
    const content = add(concat([head, stream, encoder.encode("\nendstream")]));
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesRef} 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
          `/Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesRef} 0 R >>`;
  objects[pagesRef - 1] = `<< /Type /Pages /Kids [${kids.map((id) => `${id} 0 R`).join(" ")}] /Count ${kids.length} >>`;

  const parts: Uint8Array[] = [encoder.encode("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")];
  let offset = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    const bytes = concat([
      encoder.encode(`${index + 1} 0 obj\n`),
      typeof body === "string" ? encoder.encode(body) : body,
      encoder.encode("\nendobj\n"),
    ]);
    offsets.push(offset);
    offset += bytes.length;
    parts.push(bytes);
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>`,
    "startxref",
    String(offset),
    "%%EOF\n",
  ].join("\n");
  parts.push(encoder.encode(xref));
  return concat(parts);
};

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
