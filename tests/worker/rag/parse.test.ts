import { describe, expect, it } from "vitest";
import { parseDocument } from "../../../worker/rag/parse";
import { EXCEL_HTML_MAX_ROWS, tableToHtmlChunks } from "../../../worker/rag/parse/xlsx";
import { sampleFile } from "../../helpers/worker/factories";

const opts = { fromPage: 1, toPage: 1_000_000, html4excel: false };
const bytesOf = async (name: string) => new Uint8Array(await (await sampleFile(name)).arrayBuffer());
const utf8 = (text: string) => new TextEncoder().encode(text);

describe("parsers on real samples", () => {
  it("reads UTF-16 and Windows-1252 text with umlauts", async () => {
    const utf16 = await parseDocument("txt", "x.txt", await bytesOf("fake-text-utf-16.txt"), opts);
    expect(utf16.blocks.map((b) => b.text).join(" ")).not.toContain("\u0000");
    const latin = await parseDocument("md", "x.md", await bytesOf("umlauts-non-utf8.md"), opts);
    const utf = await parseDocument("md", "x.md", await bytesOf("umlauts-utf8.md"), opts);
    expect(latin.blocks.map((b) => b.text)).toEqual(utf.blocks.map((b) => b.text));
    expect(utf.blocks.map((b) => b.text).join("")).toMatch(/[äöüß]/);
  });

  it("keeps markdown headings", async () => {
    const parsed = await parseDocument("md", "heilprg.md", await bytesOf("heilprg.md"), opts);
    expect(parsed.blocks.filter((b) => b.kind === "heading").length).toBeGreaterThan(2);
  });

  it("reads a PDF page range only", async () => {
    const parsed = await parseDocument("pdf", "g.pdf", await bytesOf("GeoTopo-komprimiert.pdf"), {
      ...opts,
      fromPage: 10,
      toPage: 12,
    });
    expect(parsed.pageCount).toBe(117);
    expect(new Set(parsed.blocks.map((b) => b.page))).toEqual(new Set([10, 11, 12]));
  });

  it("reads DOCX headings and tables", async () => {
    const headers = await parseDocument("docx", "h.docx", await bytesOf("unit_test_headers.docx"), opts);
    expect(headers.blocks.some((b) => b.kind === "heading")).toBe(true);
    const tables = await parseDocument("docx", "t.docx", await bytesOf("word_tables.docx"), opts);
    expect(tables.blocks.some((b) => b.kind === "table")).toBe(true);
  });

  it("reads slides, e-mails, spreadsheets, CSV with semicolons and JSON", async () => {
    const slides = await parseDocument("pptx", "p.pptx", await bytesOf("powerpoint_sample.pptx"), opts);
    expect(slides.blocks.every((b) => b.kind === "slide" && b.page)).toBe(true);
    const mail = await parseDocument("eml", "m.eml", await bytesOf("fake-email.eml"), opts);
    expect(mail.blocks[0]?.text).toMatch(/^From: /);
    expect(mail.blocks[0]?.text).toMatch(/Subject: /);
    const xlsx = await parseDocument("xlsx", "s.xlsx", await bytesOf("stanley-cups.xlsx"), opts);
    expect(xlsx.tables?.[0]?.rows.length).toBeGreaterThan(0);
    const csv = await parseDocument("csv", "c.csv", await bytesOf("semicolon-delimited.csv"), opts);
    expect(csv.tables?.[0]?.headers.length).toBeGreaterThan(1);
    const json = await parseDocument("json", "s.json", await bytesOf("simple.json"), opts);
    expect(json.blocks.length).toBeGreaterThan(0);
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
