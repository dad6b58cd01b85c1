import { countTokens } from "../tokens";

const ROW = /<tr>[\s\S]*?<\/tr>/g;

// An HTML table over the token budget is cut into tables of consecutive rows, each with the caption and the
// header row (its first row, when of <th> cells) again; one within the budget (or with a single body row) stays whole.
export const splitTable = (html: string, budget: number): string[] => {
  if (countTokens(html) <= budget) return [html];
  const caption = /<caption>[\s\S]*?<\/caption>/.exec(html)?.[0] ?? "";
  const all = html.match(ROW) ?? [];
  // a table without a header row (a sheet of numbers only) repeats nothing
  const [header = "", ...rows] = all[0]?.includes("<th") ? all : ["", ...all];
  if (rows.length < 2) return [html];
  const head = `<table>${caption}${header}`;
  const fixed = countTokens(`${head}</table>`);
  const parts: string[] = [];
  let current: string[] = [];
  let tokens = fixed;
  for (const row of rows) {
    const rowTokens = countTokens(row);
    if (current.length > 0 && tokens + rowTokens > budget) {
      parts.push(`${head}${current.join("")}</table>`);
      current = [];
      tokens = fixed;
    }
    current.push(row);
    tokens += rowTokens;
  }
  if (current.length > 0) parts.push(`${head}${current.join("")}</table>`);
  return parts;
};
