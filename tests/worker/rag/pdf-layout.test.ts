import { describe, expect, it } from "vitest";
import { chunkDocument } from "../../../worker/rag/chunk";
import { splitTable } from "../../../worker/rag/chunk/tables";
import { parseDocument } from "../../../worker/rag/parse";
import { normaliseText } from "../../../worker/rag/parse/pdf-layout/page-content";
import { joinLines } from "../../../worker/rag/parse/pdf-layout/paragraphs";
import type { Block } from "../../../worker/rag/parse/types";
import { type LayoutDoc, manualDoc, newsletterDoc, paperDoc } from "../../helpers/fixtures/layout-docs";
import { layoutPdf } from "../../helpers/fixtures/layout-pdf";

const opts = { fromPage: 1, toPage: 1000, html4excel: false };
const parse = (doc: { bytes: Uint8Array }) => parseDocument("pdf", "doc.pdf", doc.bytes, opts);
const flat = (text: string) => text.replace(/\s+/g, " ").trim();
const readText = (blocks: Block[]) =>
  flat(
    blocks
      .filter((b) => b.kind === "heading" || b.kind === "text")
      .map((b) => b.text)
      .join(" "),
  );
const truthText = (doc: LayoutDoc) => flat(doc.truth.text.join(" "));

describe("PDF layout from the text layer", () => {
  it("reads two and three columns in order, the title across them first", { timeout: 60_000 }, async () => {
    for (const doc of [paperDoc(), newsletterDoc()]) {
      const parsed = await parse(doc);
      expect(readText(parsed.blocks)).toBe(truthText(doc));
      // each block keeps its page and its box on it
      for (const block of parsed.blocks) {
        expect(block.page).toBeGreaterThanOrEqual(1);
        const [left = 0, top = 0, right = 0, bottom = 0] = block.box ?? [];
        expect(right).toBeGreaterThan(left);
        expect(bottom).toBeGreaterThan(top);
      }
    }
    // a column's paragraphs stay whole: the two-column paper's first section is one block in the left column
    const parsed = await parse(paperDoc());
    const abstract = parsed.blocks[parsed.blocks.findIndex((b) => b.text === "Zusammenfassung") + 1];
    expect(abstract?.box?.[2]).toBeLessThan(300);
    expect(flat(abstract?.text ?? "")).toBe(paperDoc().truth.text[3]);
  });

  it("finds headings with their levels by size and weight", { timeout: 60_000 }, async () => {
    const doc = manualDoc();
    const parsed = await parse(doc);
    expect(parsed.blocks.filter((b) => b.kind === "heading").map((b) => ({ text: b.text, level: b.level }))).toEqual(
      doc.truth.headings,
    );
    // level 4 is body-sized bold text
    expect(doc.truth.headings.some((h) => h.level === 4)).toBe(true);
  });

  it("emits a ruled and an unruled table as HTML with a header row", { timeout: 60_000 }, async () => {
    const parsed = await parse(manualDoc());
    const tables = parsed.blocks.filter((b) => b.kind === "table").map((b) => b.text);
    expect(tables).toEqual([
      "<table><tr><th>Name</th><th>Rolle</th><th>Raum</th><th>Telefon</th></tr>" +
        "<tr><td>Jörg Müller</td><td>Leitung</td><td>A 1.04</td><td>2101</td></tr>" +
        "<tr><td>Anna Schäfer</td><td>Empfang</td><td>A 0.01</td><td>2100</td></tr>" +
        "<tr><td>Özlem Yildiz</td><td>Labor</td><td>B 2.11</td><td>2145</td></tr>" +
        "<tr><td>Björn Weiß</td><td>Verwaltung</td><td>A 1.10</td><td>2120</td></tr></table>",
      "<table><tr><th>Leistung</th><th>Dauer</th><th>Preis</th></tr>" +
        "<tr><td>Beratung</td><td>20 min</td><td>35,00 €</td></tr>" +
        "<tr><td>Impfung</td><td>10 min</td><td>18,50 €</td></tr>" +
        "<tr><td>Blutbild</td><td>15 min</td><td>22,00 €</td></tr>" +
        "<tr><td>Attest</td><td>5 min</td><td>12,00 €</td></tr></table>",
    ]);
    // the same tables are rows for the Table method, with their page
    expect(parsed.tables?.map((t) => [t.headers[0], t.rows.length, t.page])).toEqual([
      ["Name", 4, 2],
      ["Leistung", 4, 2],
    ]);
    // a table's cells are not read as text a second time
    expect(parsed.blocks.filter((b) => b.kind === "text").some((b) => b.text.includes("Verwaltung"))).toBe(false);
  });

  it("finds an unruled table inside one column of a two-column page", { timeout: 60_000 }, async () => {
    const doc = paperDoc();
    const parsed = await parse(doc);
    const tables = parsed.blocks.filter((b) => b.kind === "table");
    expect(tables.map((b) => b.text)).toEqual([
      "<table><tr><th>Praxis</th><th>Patienten</th><th>Wartezeit</th></tr>" +
        "<tr><td>Nord</td><td>412</td><td>18 min</td></tr>" +
        "<tr><td>Mitte</td><td>388</td><td>24 min</td></tr>" +
        "<tr><td>Süd</td><td>295</td><td>12 min</td></tr>" +
        "<tr><td>Land</td><td>176</td><td>31 min</td></tr></table>",
    ]);
    // it stays inside the left column while the right column has running text on the same heights
    const [left = 0, top = 0, right = 0, bottom = 0] = tables[0]?.box ?? [];
    expect(right).toBeLessThan(300);
    const beside = parsed.blocks.filter(
      (b) =>
        b.page === tables[0]?.page && (b.box?.[0] ?? 0) > 300 && (b.box?.[1] ?? 0) < bottom && (b.box?.[3] ?? 0) > top,
    );
    expect(beside.length).toBeGreaterThan(0);
    expect(left).toBeGreaterThanOrEqual(50);
    // read between the left column's paragraphs, before the right column
    const order = parsed.blocks.map((b) => b.kind);
    const index = parsed.blocks.indexOf(tables[0] as Block);
    expect(order[index - 1]).toBe("text");
    expect((parsed.blocks[index + 1]?.box?.[0] ?? 0) < 300).toBe(true);
    expect(readText(parsed.blocks)).toBe(truthText(doc));
  });

  it("leaves out running headers, footers and page numbers", { timeout: 60_000 }, async () => {
    for (const doc of [manualDoc(), paperDoc(), newsletterDoc()]) {
      const text = (await parse(doc)).blocks.map((b) => b.text).join("\n");
      expect(doc.truth.furniture.length).toBeGreaterThan(2);
      for (const line of doc.truth.furniture) expect(text).not.toContain(line);
    }
    // a page's ordinary first line is no header, even when every page starts alike
    const pages = Array.from({ length: 4 }, (_, i) => ({
      texts: [
        { text: `Kapitel ${i + 1}: Geologie`, x: 50, y: 790, size: 11 },
        { text: `Gesteine und Täler, Abschnitt ${i + 1}.`, x: 50, y: 774, size: 11 },
      ],
    }));
    const plain = await parseDocument("pdf", "p.pdf", layoutPdf(pages), opts);
    expect(plain.blocks.map((b) => b.text)).toEqual(pages.map((page) => page.texts.map((t) => t.text).join("\n")));
  });

  it("joins words hyphenated at line ends and spells out ligatures", { timeout: 60_000 }, async () => {
    const doc = manualDoc();
    const text = (await parse(doc)).blocks.map((b) => b.text).join("\n");
    // the generator did hyphenate: some compound appears split in the PDF's lines
    expect(text).toContain("Gesundheitsvorsorge");
    expect(text).toContain("Qualitätsmanagementhandbuch");
    expect(text).not.toMatch(/\p{Ll}-\n\p{Ll}/u);
    expect(joinLines("Gesund-", "heit")).toBe("Gesundheit");
    expect(joinLines("Ein-", "und Ausgang")).toBe("Ein-\nund Ausgang");
    expect(joinLines("E-", "Mail")).toBe("E-Mail");
    expect(normaliseText("\uFB01nden Gesund\u00ADheit \uFB04ach")).toBe("finden Gesundheit fflach");
  });

  it("recognises a table of contents, which Book leaves out", { timeout: 60_000 }, async () => {
    const parsed = await parse(manualDoc());
    const toc = parsed.blocks.filter((b) => b.kind === "toc");
    expect(toc.map((b) => b.text.split("\n"))).toEqual([
      ["1 Einleitung 2", "1.1 Öffnungszeiten 2", "2 Organisation 3", "2.1 Personal 3", "2.2 Preise 3", "3 Hygiene 4"],
    ]);
    const config = { chunkTokenNum: 256, delimiter: "\n", overlappedPercent: 0 };
    const book = chunkDocument("book", parsed, config).map((c) => c.content);
    expect(book.some((c) => c.includes("Inhaltsverzeichnis") || c.includes("1.1 Öffnungszeiten 2"))).toBe(false);
    expect(book.some((c) => c.startsWith("1.1 Öffnungszeiten"))).toBe(true);
  });

  it("chunks a PDF with Manual into headed sections and a whole HTML table", { timeout: 60_000 }, async () => {
    const parsed = await parse(manualDoc());
    const config = { chunkTokenNum: 512, delimiter: "\n", overlappedPercent: 0 };
    const chunks = chunkDocument("manual", parsed, config);
    const headings = manualDoc().truth.headings.map((h) => h.text);
    // every section starts a chunk with its heading
    for (const heading of headings) expect(chunks.some((c) => c.content.startsWith(heading))).toBe(true);
    const table = chunks.find((c) => c.content.includes("<th>Name</th>"));
    // the table whole in one chunk, under its section's heading
    expect(table?.content).toMatch(/^2\.1 Personal\n<table>.*<\/table>$/s);
    expect(table?.pages).toEqual([2]);
    // a paper's opening (title, authors, abstract) is one chunk
    const paper = chunkDocument("paper", await parse(paperDoc()), config);
    expect(paper[0]?.content.split("\n")[0]).toBe("Wartezeiten in Hausarztpraxen");
    expect(paper[0]?.content).toContain("Zusammenfassung");
    expect(paper[0]?.content).not.toContain("1 Einleitung");
  });
});

describe("layout_recognize Plain Text", () => {
  it("reads each page top to bottom: no tables, rows across the columns", { timeout: 60_000 }, async () => {
    const plainOpts = { ...opts, layout: false };
    const manual = await parseDocument("pdf", "m.pdf", manualDoc().bytes, plainOpts);
    expect(manual.blocks.some((b) => b.kind === "table" || b.kind === "toc")).toBe(false);
    expect(manual.tables).toEqual([]);
    expect(manual.blocks.map((b) => b.text).join("\n")).toContain("Jörg Müller Leitung A 1.04 2101");
    const paper = await parseDocument("pdf", "p.pdf", paperDoc().bytes, plainOpts);
    expect(readText(paper.blocks)).not.toBe(truthText(paperDoc()));
  });
});

describe("tables over the chunk budget", () => {
  it("split by rows with the header repeated", () => {
    const rows = Array.from({ length: 40 }, (_, i) => `<tr><td>Zeile ${i}</td><td>Wert ${i * 3}</td></tr>`).join("");
    const html = `<table><caption>Werte</caption><tr><th>Zeile</th><th>Wert</th></tr>${rows}</table>`;
    const parts = splitTable(html, 64);
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts)
      expect(part).toMatch(/^<table><caption>Werte<\/caption><tr><th>Zeile<\/th><th>Wert<\/th><\/tr><tr>/);
    expect(parts.join("").match(/<td>Zeile \d+<\/td>/g)).toHaveLength(40);
    expect(splitTable(html, 10_000)).toEqual([html]);
  });
});
