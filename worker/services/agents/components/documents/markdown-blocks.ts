// The blocks a generated document is laid out from, read from the Markdown an LLM writes: ATX headings, paragraphs,
// bullet and numbered lists (one level), GFM pipe tables and page breaks (a line `\newpage`, `\pagebreak` or
// `<!-- pagebreak -->`). Inline marks (bold, italics, code, links) are reduced to their text.
export type DocBlock =
  | { kind: "heading"; level: number; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "list"; ordered: boolean; items: string[] }
  | { kind: "table"; header: string[]; rows: string[][] }
  | { kind: "pagebreak" };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const TABLE_RULE = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
const PAGE_BREAK = /^\s*(\\newpage|\\pagebreak|<!--\s*page\s*break\s*-->)\s*$/i;
const FENCE = /^\s*```/;

export const plainInline = (text: string) =>
  text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\(([^)]*)\)/g, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[^\w*])[*_](?!\s)(.+?)(?<!\s)[*_](?=[^\w*]|$)/g, "$1$2")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/<br\s*\/?>/gi, " ")
    .trim();

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((cell) => plainInline(cell));

export const markdownBlocks = (markdown: string): DocBlock[] => {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const blocks: DocBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: "paragraph", text: plainInline(paragraph.join(" ")) });
    paragraph = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    if (FENCE.test(line)) {
      flush();
      const code: string[] = [];
      while (++index < lines.length && !FENCE.test(lines[index] as string)) code.push(lines[index] as string);
      for (const codeLine of code) blocks.push({ kind: "paragraph", text: codeLine });
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    if (PAGE_BREAK.test(line)) {
      flush();
      blocks.push({ kind: "pagebreak" });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: "heading", level: (heading[1] as string).length, text: plainInline(heading[2] as string) });
      continue;
    }
    if (line.includes("|") && TABLE_RULE.test(lines[index + 1] ?? "")) {
      flush();
      const header = cellsOf(line);
      const rows: string[][] = [];
      index += 2;
      while (index < lines.length && (lines[index] as string).includes("|") && (lines[index] as string).trim()) {
        const cells = cellsOf(lines[index] as string);
        rows.push(header.map((_, column) => cells[column] ?? ""));
        index++;
      }
      index--;
      blocks.push({ kind: "table", header, rows });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      flush();
      const ordered = Boolean(numbered);
      const item = plainInline(((bullet ?? numbered) as RegExpExecArray)[1] as string);
      const last = blocks.at(-1);
      if (last?.kind === "list" && last.ordered === ordered) last.items.push(item);
      else blocks.push({ kind: "list", ordered, items: [item] });
      continue;
    }
    // a line under a list item continues the item; a rule line (---) is dropped
    const last = blocks.at(-1);
    if (paragraph.length === 0 && last?.kind === "list" && /^\s{2,}\S/.test(line)) {
      last.items[last.items.length - 1] += ` ${plainInline(line)}`;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      continue;
    }
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
};
