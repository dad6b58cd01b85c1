import type { DocBlock } from "./markdown-blocks";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const blockHtml = (block: DocBlock) => {
  if (block.kind === "heading") return `<h${block.level}>${escapeHtml(block.text)}</h${block.level}>`;
  if (block.kind === "paragraph") return `<p>${escapeHtml(block.text)}</p>`;
  if (block.kind === "pagebreak") return '<div style="break-after: page"></div>';
  if (block.kind === "list") {
    const tag = block.ordered ? "ol" : "ul";
    return `<${tag}>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</${tag}>`;
  }
  const cells = (row: string[], tag: string) =>
    `<tr>${row.map((cell) => `<${tag}>${escapeHtml(cell)}</${tag}>`).join("")}</tr>`;
  return `<table><thead>${cells(block.header, "th")}</thead><tbody>${block.rows.map((row) => cells(row, "td")).join("")}</tbody></table>`;
};

// A standalone HTML page of the blocks (text only: nothing from the content runs as markup).
export const writeHtml = (
  blocks: DocBlock[],
  title: string,
  lines: { header: string; footer: string; timestamp: string },
) =>
  [
    '<!DOCTYPE html><html><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    "<style>body{font-family:sans-serif;max-width:48rem;margin:2rem auto}table{border-collapse:collapse}td,th{border:1px solid #888;padding:4px}</style>",
    "</head><body>",
    lines.header ? `<header>${escapeHtml(lines.header)}</header>` : "",
    lines.timestamp ? `<p>${escapeHtml(lines.timestamp)}</p>` : "",
    ...blocks.map(blockHtml),
    lines.footer ? `<footer>${escapeHtml(lines.footer)}</footer>` : "",
    "</body></html>",
  ].join("\n");
