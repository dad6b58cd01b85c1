// Scores for `npm run bench:layout`: what the PDF layout recovered against the generator's ground truth.

const normal = (text) => text.replace(/\s+/g, " ").trim().toLowerCase();
const words = (text) => normal(text).split(" ").filter(Boolean);

// Levenshtein distance over words, two rows at a time
const editDistance = (a, b) => {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
};

const f1 = (tp, predicted, truth) => {
  const precision = predicted ? tp / predicted : 1;
  const recall = truth ? tp / truth : 1;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
};

// Headings matched on their text and level (and on the text alone).
export const headingScores = (blocks, truth) => {
  const predicted = blocks.filter((b) => b.kind === "heading");
  const wanted = new Map();
  for (const h of truth.headings)
    wanted.set(`${normal(h.text)}|${h.level}`, (wanted.get(`${normal(h.text)}|${h.level}`) ?? 0) + 1);
  const texts = new Map();
  for (const h of truth.headings) texts.set(normal(h.text), (texts.get(normal(h.text)) ?? 0) + 1);
  let tp = 0;
  let tpText = 0;
  for (const h of predicted) {
    const key = `${normal(h.text)}|${h.level}`;
    if ((wanted.get(key) ?? 0) > 0) {
      wanted.set(key, wanted.get(key) - 1);
      tp++;
    }
    if ((texts.get(normal(h.text)) ?? 0) > 0) {
      texts.set(normal(h.text), texts.get(normal(h.text)) - 1);
      tpText++;
    }
  }
  return {
    withLevels: f1(tp, predicted.length, truth.headings.length),
    textOnly: f1(tpText, predicted.length, truth.headings.length),
  };
};

// 1 − normalised word edit distance between the headings and paragraphs read and the true order.
export const readingOrder = (blocks, truth) => {
  const got = words(
    blocks
      .filter((b) => b.kind === "heading" || b.kind === "text")
      .map((b) => b.text)
      .join(" "),
  );
  const want = words(truth.text.join(" "));
  return 1 - editDistance(got, want) / Math.max(got.length, want.length, 1);
};

const cellsOf = (html) =>
  [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...row[1].matchAll(/<t[hd]>(.*?)<\/t[hd]>/g)].map((cell) =>
      cell[1].replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"),
    ),
  );

const key = (table) => new Set(table.flatMap((row, r) => row.map((cell, c) => `${r}|${c}|${normal(cell)}`)));

// Cells as (row, column, text); each true table against the found table that shares most cells with it.
export const tableCells = (blocks, truth) => {
  const found = blocks.filter((b) => b.kind === "table").map((b) => cellsOf(b.text));
  const predictedCells = found.reduce((sum, t) => sum + key(t).size, 0);
  const truthCells = truth.tables.reduce((sum, t) => sum + key(t).size, 0);
  let tp = 0;
  for (const table of truth.tables) {
    const want = key(table);
    tp += Math.max(0, ...found.map((t) => [...key(t)].filter((k) => want.has(k)).length));
  }
  return { ...f1(tp, predictedCells, truthCells), found: found.length, truth: truth.tables.length };
};

// Running headers and footers found in the text.
export const leakage = (blocks, truth) => {
  const text = blocks.map((b) => b.text).join("\n");
  return truth.furniture.filter((line) => text.includes(line)).length;
};

export const tocEntries = (blocks) =>
  blocks.filter((b) => b.kind === "toc").reduce((sum, b) => sum + b.text.split("\n").filter(Boolean).length, 0);
