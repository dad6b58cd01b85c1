import { describe, expect, it } from "vitest";
import { parseDocument } from "../../../worker/rag/parse";
import { EXCEL_HTML_MAX_ROWS, tableToHtmlChunks } from "../../../worker/rag/parse/xlsx";
import {
  contactsCsv,
  emailEml,
  FIGURE_PAGE,
  lawMarkdown,
  REPORT_PAGES,
  reportPdf,
  SLIDES,
  semicolonCsv,
  simpleJson,
  slidesPptx,
  utf8Markdown,
  utf16Text,
  windows1252Markdown,
  wordDocx,
  workbookXlsx,
} from "../../helpers/fixtures/documents";
import { xlsxBytes } from "../../helpers/fixtures/office";

const opts = { fromPage: 1, toPage: 1_000_000, html4excel: false };
const bytesOf = async (file: File) => new Uint8Array(await file.arrayBuffer());
const utf8 = (text: string) => new TextEncoder().encode(text);

describe("parsers on generated documents", () => {
  it("reads UTF-16 and Windows-1252 text with umlauts", async () => {
    const utf16 = await parseDocument("txt", "x.txt", await bytesOf(utf16Text()), opts);
    expect(utf16.blocks.map((b) => b.text)).toEqual(["Dies ist ein Testdokument für Unit-Tests: Größe, Übung, Ärger."]);
    const latin = await parseDocument("md", "x.md", await bytesOf(windows1252Markdown()), opts);
    const utf = await parseDocument("md", "x.md", await bytesOf(utf8Markdown()), opts);
    expect(latin.blocks.map((b) => b.text)).toEqual(utf.blocks.map((b) => b.text));
    expect(utf.blocks.map((b) => b.text)).toEqual(["Größe", "Ärzte können üben.", "äöüß ÄÖÜ"]);
  });

  it("keeps markdown headings", async () => {
    const parsed = await parseDocument("md", "praxisgesetz.md", await bytesOf(lawMarkdown()), opts);
    expect(parsed.blocks.filter((b) => b.kind === "heading").map((b) => b.text)).toEqual([
      "Gesetz über die Ordnung der Gemeinschaftspraxen (PraxOG)",
      "Eingangsformel",
      "§ 1 Anwendungsbereich",
      "§ 2 Anzeige",
      "§ 3 Dokumentation",
      "§ 4 Inkrafttreten",
    ]);
  });

  it("drops Markdown front matter and keeps its title as the first heading", async () => {
    const md = (text: string) => parseDocument("md", "f.md", utf8(text), opts).then((p) => p.blocks);
    expect(await md('---\ntitle: "Praxis-Handbuch"\ntags: [a, b]\n---\nErster Absatz.\n')).toEqual([
      { kind: "heading", level: 1, text: "Praxis-Handbuch" },
      { kind: "text", text: "Erster Absatz." },
    ]);
    // a title the text already opens with is not doubled; "..." closes front matter too
    expect(await md("---\ntitle: Handbuch\n...\n# Handbuch\nText\n")).toEqual([
      { kind: "heading", level: 1, text: "Handbuch" },
      { kind: "text", text: "Text" },
    ]);
    expect(await md("---\nauthor: A\n---\n\nText\n")).toEqual([{ kind: "text", text: "Text" }]);
    // a thematic break at the start is no front matter, nor is front matter in a .txt file
    expect(await md("---\nKein Schlüssel hier\n---\nText\n")).toEqual([
      { kind: "text", text: "---\nKein Schlüssel hier\n---\nText" },
    ]);
    const txt = await parseDocument("txt", "f.txt", utf8("---\ntitle: T\n---\nText\n"), opts);
    expect(txt.blocks.map((b) => b.text)).toEqual(["---\ntitle: T\n---\nText"]);
  });

  it("reads a PDF page range only", async () => {
    const report = await bytesOf(reportPdf());
    const parsed = await parseDocument("pdf", "g.pdf", report, {
      ...opts,
      fromPage: 10,
      toPage: 12,
    });
    expect(parsed.pageCount).toBe(REPORT_PAGES);
    expect(new Set(parsed.blocks.map((b) => b.page))).toEqual(new Set([10, 11, 12]));
    expect(parsed.blocks[0]?.text).toContain("Seite 10: Geologie und Topographie der Schweiz\nKapitel 10 beschreibt");
    // a range past the end stops at the last page
    const tail = await parseDocument("pdf", "g.pdf", report, {
      ...opts,
      fromPage: REPORT_PAGES - 1,
      toPage: REPORT_PAGES + 10,
    });
    expect(new Set(tail.blocks.map((b) => b.page))).toEqual(new Set([REPORT_PAGES - 1, REPORT_PAGES]));
    // the figure page's captions are text too
    const figurePage = await parseDocument("pdf", "g.pdf", report, {
      ...opts,
      fromPage: FIGURE_PAGE,
      toPage: FIGURE_PAGE,
    });
    expect(figurePage.blocks.map((b) => b.text).join("\n")).toContain("Abbildung 2: Moräne");
  }, 20_000);

  it("reads DOCX headings and tables", async () => {
    const parsed = await parseDocument("docx", "w.docx", await bytesOf(wordDocx()), opts);
    expect(parsed.blocks.filter((b) => b.kind === "heading")).toEqual([
      { kind: "heading", level: 1, text: "Tabellen im Test" },
      { kind: "heading", level: 2, text: "Eine gleichmäßige Tabelle" },
      { kind: "heading", level: 2, text: "Verbundene Zellen" },
    ]);
    const tables = parsed.blocks.filter((b) => b.kind === "table").map((b) => b.text);
    expect(tables).toHaveLength(2);
    expect(tables[0]).toContain("Zelle 1.1");
    expect(tables[1]).toContain("Verbundene Zelle 1.1 1.2");
  });

  it("reads slides, e-mails, spreadsheets, CSV with semicolons and JSON", async () => {
    const slides = await parseDocument("pptx", "p.pptx", await bytesOf(slidesPptx()), opts);
    expect(slides.pageCount).toBe(SLIDES.length);
    expect(slides.blocks).toEqual(SLIDES.map((lines, i) => ({ kind: "text", page: i + 1, text: lines.join("\n") })));
    const mail = await parseDocument("eml", "m.eml", await bytesOf(emailEml()), opts);
    expect(mail.blocks[0]?.text).toMatch(/^From: /);
    expect(mail.blocks[0]?.text).toMatch(/Subject: Termin zur Impfung/);
    expect(mail.blocks.map((b) => b.text).join("\n")).toContain("Ihr Impftermin ist am Montag um 9 Uhr.");
    const xlsx = await parseDocument("xlsx", "s.xlsx", await bytesOf(workbookXlsx()), opts);
    expect(xlsx.tables?.map((table) => [table.name, table.headers, table.rows.length])).toEqual([
      ["Mannschaften", ["Mannschaft", "Stadt", "Titel"], 2],
      ["Spielzeiten", ["Jahr", "Meister"], 2],
    ]);
    const csv = await parseDocument("csv", "c.csv", await bytesOf(semicolonCsv()), opts);
    expect(csv.tables?.[0]?.headers).toEqual(["Name", "Alter", "Ort"]);
    expect(csv.tables?.[0]?.rows[0]).toEqual(["Anna, Dr.", "34", "Köln"]);
    const commas = await parseDocument("csv", "k.csv", await bytesOf(contactsCsv()), opts);
    expect(commas.tables?.[0]?.rows[2]).toEqual(["3", "Cem", "Yilmaz", 'Apotheke "Am Markt"', "Kiel"]);
    const json = await parseDocument("json", "s.json", await bytesOf(simpleJson()), opts);
    expect(json.blocks.map((b) => b.text).join("\n")).toContain("Praxis Berg");
  });

  it("turns HTML headings and tables into blocks and drops scripts", async () => {
    const parsed = await parseDocument(
      "html",
      "x.html",
      utf8(
        "<h1>Titel</h1><script>alert(1)</script><p>Text &amp; mehr</p><table><tr><th>A</th></tr><tr><td>1</td></tr></table>",
      ),
      opts,
    );
    expect(parsed.blocks).toEqual([
      { kind: "heading", level: 1, text: "Titel" },
      { kind: "text", text: "Text & mehr" },
      { kind: "table", text: "A: 1" },
    ]);
  });

  it("reads a spreadsheet's title row as its title and the row under it as the header, as in a CSV file", async () => {
    const cups = [
      ["Stanley Cups", "", ""],
      ["Team", "Location", "Stanley Cups"],
      ["Blues", "STL", 1],
      ["Maple Leafs", "", 13],
    ];
    const workbook = xlsxBytes({ "Stanley Cups": cups, Sheet2: cups.slice(1), Tabelle3: cups });
    const xlsx = await parseDocument("xlsx", "cups.xlsx", workbook, opts);
    expect(xlsx.tables?.map((table) => [table.title, table.headers])).toEqual([
      ["Stanley Cups", ["Team", "Location", "Stanley Cups"]],
      [undefined, ["Team", "Location", "Stanley Cups"]],
      ["Stanley Cups", ["Team", "Location", "Stanley Cups"]],
    ]);
    expect(xlsx.blocks.map((b) => b.text)).toEqual([
      "Team: Blues; Location: STL; Stanley Cups: 1 ——Stanley Cups",
      "Team: Maple Leafs; Stanley Cups: 13 ——Stanley Cups",
      // a default sheet name says nothing: no context
      "Team: Blues; Location: STL; Stanley Cups: 1",
      "Team: Maple Leafs; Stanley Cups: 13",
      "Team: Blues; Location: STL; Stanley Cups: 1 ——Stanley Cups",
      "Team: Maple Leafs; Stanley Cups: 13 ——Stanley Cups",
    ]);
    // a sheet a person named gives its rows their context
    const named = await parseDocument("xlsx", "n.xlsx", xlsxBytes({ Meister: cups.slice(1) }), opts);
    expect(named.blocks[0]?.text).toBe("Team: Blues; Location: STL; Stanley Cups: 1 ——Meister");
    const csv = await parseDocument(
      "csv",
      "cups.csv",
      utf8("Stanley Cups,,\nTeam,Location,Stanley Cups\nBlues,STL,1\nMaple Leafs,,13\n"),
      opts,
    );
    expect(csv.blocks.map((b) => b.text)).toEqual(xlsx.blocks.slice(0, 2).map((b) => b.text));
    const plainCsv = await parseDocument("csv", "cups.csv", utf8("Team,Location,Stanley Cups\nBlues,STL,1\n"), opts);
    expect(plainCsv.blocks.map((b) => b.text)).toEqual(["Team: Blues; Location: STL; Stanley Cups: 1"]);
    const html = await parseDocument("xlsx", "cups.xlsx", workbook, { ...opts, html4excel: true });
    expect(html.blocks[0]?.text).toMatch(/^<table><caption>Stanley Cups<\/caption><tr><th>Team<\/th>/);
  });

  it("keeps a one-column sheet's first row as its header", async () => {
    const parsed = await parseDocument("xlsx", "l.xlsx", xlsxBytes({ Liste: [["Name"], ["Anna"], ["Ben"]] }), opts);
    expect(parsed.tables?.[0]).toMatchObject({ headers: ["Name"], rows: [["Anna"], ["Ben"]] });
    expect(parsed.tables?.[0]?.title).toBeUndefined();
  });

  it("splits Excel-to-HTML tables at 256 rows", () => {
    const rows = Array.from({ length: 600 }, (_, i) => [String(i)]);
    const chunks = tableToHtmlChunks({ name: "Sheet1", headers: ["n"], rows });
    expect(chunks).toHaveLength(Math.ceil(600 / EXCEL_HTML_MAX_ROWS));
    expect(chunks[0]?.match(/<tr>/g)).toHaveLength(EXCEL_HTML_MAX_ROWS + 1);
  });

  it("explains files it cannot read", async () => {
    await expect(parseDocument("json", "b.json", utf8("{broken"), opts)).rejects.toThrow("The JSON is not valid");
    await expect(parseDocument("xyz", "a.xyz", utf8("x"), opts)).rejects.toThrow("Files of type .xyz cannot be parsed");
    await expect(parseDocument("txt", "e.txt", new Uint8Array(), opts)).rejects.toThrow("empty");
  });
});
