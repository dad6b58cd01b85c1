// YAML front matter: "---" on the first line, "---" or "..." closing it within the first 200 lines, a key line
// first between them ("title: …"). Otherwise the "---" is a thematic break and the text after it is text.
const MAX_FRONT_MATTER_LINES = 200;
const CLOSING = /^(?:---|\.\.\.)\s*$/;
const KEY_LINE = /^[A-Za-z_][\w-]*\s*:(?:\s|$)/;
const TITLE = /^title:\s*(.*?)\s*$/;

// a block scalar ("title: >" and the lines below) is not read: no title then
const unquote = (value: string) => {
  if (/^[|>]/.test(value)) return "";
  const quoted = /^(["'])(.*)\1$/.exec(value);
  return (quoted ? quoted[2] : value)?.trim() ?? "";
};

// The lines after the front matter and its title ("" if none); lines unchanged where there is none.
export const splitFrontMatter = (lines: string[]): { title: string; body: string[] } => {
  if (!/^---\s*$/.test(lines[0]?.replace(/^\uFEFF/, "") ?? "")) return { title: "", body: lines };
  const end = lines.slice(1, MAX_FRONT_MATTER_LINES + 1).findIndex((line) => CLOSING.test(line));
  if (end < 0) return { title: "", body: lines };
  const header = lines.slice(1, end + 1);
  if (!KEY_LINE.test(header.find((line) => line.trim()) ?? "")) return { title: "", body: lines };
  const titleLine = header.map((line) => TITLE.exec(line)).find(Boolean);
  return { title: titleLine ? unquote(titleLine[1] ?? "") : "", body: lines.slice(end + 2) };
};
