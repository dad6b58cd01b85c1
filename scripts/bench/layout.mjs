// npm run bench:layout — structure recovered from PDFs by the layout reader (worker/rag/parse/pdf-layout): PDFs
// generated with known ground truth (tests/helpers/fixtures/layout-docs.ts: headings at four sizes, one to three
// columns, ruled and unruled tables, running headers and footers with page numbers, hyphenation, a table of
// contents, German text), scored for headings (with levels), reading order, table cells and header/footer
// leakage; plus hand-written expectations on real PDFs from ../shared/datasets/ingestion-samples and the time
// per page against the old reader's plain text extraction. Runs in Node's V8 through Vite (the engine workerd
// runs). Results go to docs/benchmarks/layout.md and layout.json.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "vite";
import { headingScores, leakage, readingOrder, tableCells, tocEntries } from "./layout-metrics.mjs";

// pdf.js uses ArrayBuffer#transferToFixedLength (Node 21+, workerd has it); without it its operator lists come
// back empty under Node 20
// oxlint-disable-next-line no-extend-native
ArrayBuffer.prototype.transferToFixedLength ??= function (length = this.byteLength) {
  const copy = new ArrayBuffer(length);
  new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
  return copy;
};

const RUNS = Number(process.env.RUNS ?? 3);
const SAMPLES = new URL("../../../shared/datasets/ingestion-samples/", import.meta.url);
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

const vite = await createServer({ configFile: false, logLevel: "error", server: { middlewareMode: true } });
const { layoutDocs } = await vite.ssrLoadModule("/tests/helpers/fixtures/layout-docs.ts");
const { parsePdf } = await vite.ssrLoadModule("/worker/rag/parse/pdf.ts");
const { getDocumentProxy } = await import("unpdf");

const timed = async (work) => {
  const times = [];
  let result;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    result = await work();
    times.push(performance.now() - start);
  }
  return { result, ms: median(times) };
};

// what the reader did before the layout: the text of each page, nothing else
const plainText = async (bytes) => {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    await page.getTextContent();
    page.cleanup();
  }
  await pdf.cleanup();
};

// warm pdf.js up once (its first document compiles it)
await parsePdf(layoutDocs()[0].bytes, 1, 1);

const generated = [];
for (const doc of layoutDocs()) {
  const { result: parsed, ms } = await timed(() => parsePdf(doc.bytes, 1, 1000));
  const headings = headingScores(parsed.blocks, doc.truth);
  generated.push({
    name: doc.name,
    pages: doc.pages,
    headings: headings.withLevels,
    headingsTextOnly: headings.textOnly,
    readingOrder: readingOrder(parsed.blocks, doc.truth),
    tables: tableCells(parsed.blocks, doc.truth),
    leakage: leakage(parsed.blocks, doc.truth),
    toc: { found: tocEntries(parsed.blocks), truth: doc.truth.tocEntries },
    msPerPage: ms / doc.pages,
  });
}

const text = (blocks) => blocks.map((b) => b.text).join("\n");
const before = (blocks, first, second) => {
  const all = text(blocks);
  const a = all.indexOf(first);
  const b = all.indexOf(second);
  return a >= 0 && b > a;
};
const heading = (blocks, wanted, level) =>
  blocks.some((b) => b.kind === "heading" && b.text === wanted && b.level === level);
const tableWith = (blocks, ...cells) =>
  blocks.some((b) => b.kind === "table" && cells.every((c) => b.text.includes(`>${c}<`)));

// Expectations written by hand after reading the pages.
const REAL = {
  "multicolumn.pdf": [
    ["title is a heading", (b) => heading(b, "Two-Column Document with Lorem Ipsum", 1)],
    [
      "left column before right column",
      (b) => before(b, "Ut purus elit, vestibulum ut", "pellentesque ante. Phasellus"),
    ],
    ["page numbers left out", (b) => !b.some((x) => /^\d+$/.test(x.text.trim()) && (x.box?.[1] ?? 0) > 600)],
    ["table on page 3 with its header", (b) => tableWith(b, "Country", "Capital", "Austria")],
  ],
  "nics-background-checks-2015-11.pdf": [
    [
      "one ruled table, title as caption",
      (b) =>
        b.filter((x) => x.kind === "table").length === 1 && text(b).includes("<caption>NICS Firearm Background Checks"),
    ],
    ["header row", (b) => tableWith(b, "State / Territory", "Permit", "Totals")],
    ["a state's row", (b) => /<td>Alabama<\/td><td>18,870<\/td>/.test(text(b))],
  ],
  "federal-register-2020-17221.pdf": [
    ["section headings", (b) => heading(b, "Background", 2) && heading(b, "Comments Invited", 2)],
    [
      "column 2 before column 3",
      (b) => before(b, "The FAA invites you to participate", "proposal, explain the reason for any"),
    ],
    ["column 1 before column 2", (b) => before(b, "SUMMARY: The FAA proposes to", "Federal eRulemaking Portal")],
  ],
  "GeoTopo-komprimiert.pdf": [
    ["chapter heading level 1", (b) => heading(b, "1 Topologische Grundbegriffe", 1)],
    ["section heading level 2", (b) => heading(b, "1.1 Topologische Räume", 2)],
    ["table of contents recognised", (b) => b.some((x) => x.kind === "toc" && x.text.split("\n").length >= 20)],
    ["hyphenation joined", (b) => !/\p{Ll}-\n\p{Ll}/u.test(text(b))],
  ],
};

const real = [];
if (existsSync(SAMPLES)) {
  for (const [file, checks] of Object.entries(REAL)) {
    const bytes = new Uint8Array(readFileSync(new URL(file, SAMPLES)));
    const { result: parsed, ms } = await timed(() => parsePdf(bytes, 1, 10_000));
    const { ms: plainMs } = await timed(() => plainText(bytes));
    const pages = parsed.pageCount;
    real.push({
      file,
      pages,
      msPerPage: ms / pages,
      plainMsPerPage: plainMs / pages,
      checks: checks.map(([label, check]) => ({ label, ok: Boolean(check(parsed.blocks)) })),
    });
  }
}
await vite.close();

const pct = (value) => (value * 100).toFixed(1);
const sum = (rows, pick) => rows.reduce((total, row) => total + pick(row), 0);
const mean = (pick) => sum(generated, pick) / generated.length;
const summary = {
  headingF1: mean((g) => g.headings.f1),
  readingOrder: mean((g) => g.readingOrder),
  tableCellF1: (() => {
    const withTables = generated.filter((g) => g.tables.truth > 0);
    return withTables.length ? withTables.reduce((t, g) => t + g.tables.f1, 0) / withTables.length : 1;
  })(),
  falseTables: sum(generated, (g) => (g.tables.truth === 0 ? g.tables.found : 0)),
  leakage: sum(generated, (g) => g.leakage),
};
console.log(JSON.stringify({ summary, generated, real }, null, 1));

const rows = generated
  .map(
    (g) =>
      `| ${g.name} | ${g.pages} | ${pct(g.headings.precision)} / ${pct(g.headings.recall)} / ${pct(g.headings.f1)} | ${pct(g.readingOrder)} | ${g.tables.truth ? `${pct(g.tables.precision)} / ${pct(g.tables.recall)} / ${pct(g.tables.f1)}` : `— (${g.tables.found} found)`} | ${g.leakage} | ${g.toc.found} / ${g.toc.truth} | ${g.msPerPage.toFixed(1)} |`,
  )
  .join("\n");
const realRows = real
  .map(
    (r) =>
      `| ${r.file} | ${r.pages} | ${r.msPerPage.toFixed(1)} | ${r.plainMsPerPage.toFixed(1)} | ${r.checks.map((c) => `${c.ok ? "✓" : "✗"} ${c.label}`).join("<br>")} |`,
  )
  .join("\n");
writeFileSync(
  new URL("../../docs/benchmarks/layout.json", import.meta.url),
  `${JSON.stringify({ date: new Date().toISOString(), summary, generated, real }, null, 1)}\n`,
);
const template = readFileSync(new URL("../../docs/benchmarks/layout.md", import.meta.url), "utf8");
const results = `<!-- results -->
Generated by \`npm run bench:layout\` on ${new Date().toISOString()} (Node ${process.version}, medians of ${RUNS} runs).

**Generated set** (targets: heading F1 ≥ 95 %, reading order ≥ 98 %, table cell F1 ≥ 90 %, leakage 0):
heading F1 with levels ${pct(summary.headingF1)} %, reading order ${pct(summary.readingOrder)} %, table cell F1
${pct(summary.tableCellF1)} %, tables found where there are none: ${summary.falseTables}, header/footer leakage ${summary.leakage}.

| Document | Pages | Headings P / R / F1 (text and level, %) | Reading order (%) | Table cells P / R / F1 (%) | Leaked headers/footers | TOC entries found / true | ms per page |
|---|---|---|---|---|---|---|---|
${rows}

**Real PDFs** (\`../shared/datasets/ingestion-samples\`; expectations written by hand in \`scripts/bench/layout.mjs\`).
"Plain text" is what the reader did before (pdf.js text per page, no operator list, no layout):

| File | Pages | ms per page (layout) | ms per page (plain text) | Expectations |
|---|---|---|---|---|
${realRows || "| (samples not found) | | | | |"}
<!-- /results -->`;
writeFileSync(
  new URL("../../docs/benchmarks/layout.md", import.meta.url),
  template.replace(/<!-- results -->[\s\S]*<!-- \/results -->/, results),
);
