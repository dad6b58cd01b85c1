import { deflateSync, strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../../worker/rag/parse";
import { JSON_MAX_DEPTH, SHEET_MAX_CELLS, UNZIPPED_TOO_LARGE } from "../../../worker/rag/parse/limits";
import { boundSheetXml } from "../../../worker/rag/parse/sheet-bounds";
import {
  DOCX_BODY,
  deflatedZeros,
  docxDocumentXml,
  docxParts,
  pdfWithTextItems,
  SHEET,
  worksheetXml,
  writeZip,
  xlsxParts,
} from "../../helpers/worker/hostile-files";

// Issue 30: hostile files end within a fixed budget, as DONE or with a sentence that says why.
const MB = 1 << 20;
const BUDGET_MS = 20_000;
const opts = { fromPage: 1, toPage: 1_000_000, html4excel: false };

const within = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const start = performance.now();
  try {
    return await work();
  } finally {
    const ms = Math.round(performance.now() - start);
    console.warn(`${label}: ${ms} ms`);
    expect(ms).toBeLessThan(BUDGET_MS);
  }
};

const sheetEntry = (rows: (string | number)[][], dimension = "") => ({
  name: SHEET,
  content: strToU8(worksheetXml(rows, dimension)),
});

describe("zip-based files within the unpacking bound", () => {
  // one stream for the whole file: just over the bound
  const zeros = deflatedZeros(65 * MB);

  it("refuses an XLSX that declares 1 GB before inflating anything", async () => {
    const bomb = writeZip([
      ...xlsxParts(),
      { name: SHEET, deflated: deflateSync(new Uint8Array(MB)), declaredSize: 2 ** 30 },
    ]);
    await expect(within("xlsx declaring 1 GB", () => parseDocument("xlsx", "b.xlsx", bomb, opts))).rejects.toThrow(
      UNZIPPED_TOO_LARGE,
    );
  });

  it("stops inflating an entry whose declared size lies", { timeout: 60_000 }, async () => {
    const liar = writeZip([...xlsxParts(), { name: SHEET, deflated: zeros, declaredSize: 1000 }]);
    expect(liar.length).toBeLessThan(MB);
    await expect(
      within("xlsx inflating past 64 MB", () => parseDocument("xlsx", "l.xlsx", liar, opts)),
    ).rejects.toThrow(UNZIPPED_TOO_LARGE);
  });

  it("refuses a DOCX and a PPTX bomb with the same sentence", { timeout: 60_000 }, async () => {
    const docx = writeZip([...docxParts(), { name: DOCX_BODY, deflated: zeros, declaredSize: 65 * MB }]);
    await expect(within("docx bomb", () => parseDocument("docx", "b.docx", docx, opts))).rejects.toThrow(
      UNZIPPED_TOO_LARGE,
    );
    const pptx = writeZip([{ name: "ppt/slides/slide1.xml", deflated: zeros, declaredSize: 100 }]);
    await expect(within("pptx liar", () => parseDocument("pptx", "b.pptx", pptx, opts))).rejects.toThrow(
      UNZIPPED_TOO_LARGE,
    );
  });

  it("reads zip64 spreadsheets, Word files and presentations", async () => {
    const xlsx = writeZip(
      [
        ...xlsxParts(),
        sheetEntry([
          ["Name", "Wert"],
          ["Äpfel", 3],
        ]),
      ],
      { zip64: true },
    );
    expect((await parseDocument("xlsx", "z.xlsx", xlsx, opts)).blocks).toEqual([
      { kind: "text", text: "Name: Äpfel; Wert: 3 ——Daten" },
    ]);
    const docx = writeZip([...docxParts(), { name: DOCX_BODY, content: strToU8(docxDocumentXml(["Grüß Gott"])) }], {
      zip64: true,
    });
    expect((await parseDocument("docx", "z.docx", docx, opts)).blocks).toEqual([{ kind: "text", text: "Grüß Gott" }]);
    const slide = `<p:sld><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>Folie eins</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`;
    const pptx = writeZip([{ name: "ppt/slides/slide1.xml", content: strToU8(slide) }], { zip64: true });
    expect((await parseDocument("pptx", "z.pptx", pptx, opts)).blocks[0]?.text).toBe("Folie eins");
  });

  it("says a damaged archive is damaged", async () => {
    const xlsx = writeZip([...xlsxParts(), sheetEntry([["a"]])]);
    await expect(parseDocument("docx", "d.docx", xlsx.subarray(0, xlsx.length - 30), opts)).rejects.toThrow(
      "not a valid zip archive",
    );
  });
});

describe("spreadsheets within the cell bound", () => {
  it("ignores a declared dimension of the whole sheet", async () => {
    const xlsx = writeZip([
      ...xlsxParts(),
      sheetEntry(
        [
          ["Name", "Wert"],
          ["a", 1],
        ],
        `<dimension ref="A1:XFD1048576"/>`,
      ),
    ]);
    const parsed = await within("xlsx declaring A1:XFD1048576", () => parseDocument("xlsx", "d.xlsx", xlsx, opts));
    expect(parsed.tables?.[0]).toEqual({ name: "Daten", headers: ["Name", "Wert"], rows: [["a", "1"]] });
    expect(parsed.notes).toEqual([]);
  });

  it("cuts a used range of 17 billion cells to whole rows within the bound, with a note", async () => {
    const far = `<row r="1048576"><c r="XFD1048576"><v>9</v></c></row>`;
    const sheet = worksheetXml([["Kopf"], ["erste Zeile"]]).replace("</sheetData>", `${far}</sheetData>`);
    const xlsx = writeZip([...xlsxParts(), { name: SHEET, content: strToU8(sheet) }]);
    const parsed = await within("xlsx with cells at A1 and XFD1048576", () =>
      parseDocument("xlsx", "w.xlsx", xlsx, opts),
    );
    expect(parsed.tables?.[0]?.headers[0]).toBe("Kopf");
    expect(parsed.tables?.[0]?.rows.map((row) => row[0])).toEqual(["erste Zeile"]);
    expect(parsed.notes?.[0]).toMatch(/more than 200,000 cells: only the first 200,000 were read/);
  });

  it("cuts the worksheet XML after the last whole row within the bound", () => {
    const row = `<row>${"<c><v>1</v></c>".repeat(1000)}</row>`;
    const xml = worksheetXml([]).replace(
      "<sheetData></sheetData>",
      `<sheetData>${row.repeat(SHEET_MAX_CELLS / 1000 + 1)}</sheetData>`,
    );
    const bounded = boundSheetXml(xml, SHEET_MAX_CELLS);
    expect(bounded).toMatchObject({ cells: SHEET_MAX_CELLS, cut: true });
    expect(bounded.xml.endsWith(`${row}</sheetData></worksheet>`)).toBe(true);
    expect(bounded.xml.length).toBe(xml.length - row.length);
    expect(boundSheetXml(xml, SHEET_MAX_CELLS + 1000)).toMatchObject({ cells: SHEET_MAX_CELLS + 1000, cut: false });
  });

  it("reads a CSV up to the bound, with a note", { timeout: 60_000 }, async () => {
    const csv = `a,b,c,d,e\n${"1,2,3,4,5\n".repeat(SHEET_MAX_CELLS / 5 + 10)}`;
    const parsed = await within("csv of 1,000,055 cells", () => parseDocument("csv", "c.csv", strToU8(csv), opts));
    expect(parsed.tables?.[0]?.rows.length).toBe(SHEET_MAX_CELLS / 5 - 1);
    expect(parsed.notes?.[0]).toMatch(/The CSV file has more than 200,000 cells/);
  });

  it("reads 1 MB single-line CSV files of quotes and delimiters within the budget", { timeout: 120_000 }, async () => {
    for (const unit of ['"', '",', "a,", '\t"', "a;b,"]) {
      const parsed = await within(`csv of one line of ${JSON.stringify(unit)}`, () =>
        parseDocument("csv", "l.csv", strToU8(unit.repeat(MB / unit.length)), opts),
      );
      expect(parsed.tables?.[0]?.rows).toEqual([]);
    }
    const twoLines = await parseDocument("csv", "s.csv", strToU8(`Name;Wert\n${"x".repeat(MB)};1`), opts);
    expect(twoLines.tables?.[0]?.headers).toEqual(["Name", "Wert"]);
  });
});

describe("deep JSON and busy PDFs", () => {
  it("refuses JSON nested 100,000 levels deep with a sentence, not a stack overflow", async () => {
    const deep = strToU8(`${"[".repeat(100_000)}${"]".repeat(100_000)}`);
    const message = `nested more than ${JSON_MAX_DEPTH} levels deep`;
    await expect(within("json 100k levels", () => parseDocument("json", "d.json", deep, opts))).rejects.toThrow(
      message,
    );
    const objects = strToU8(`${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`);
    await expect(parseDocument("jsonl", "d.jsonl", objects, opts)).rejects.toThrow(message);
  });

  it("still reads JSON as deep as the bound, and brackets inside strings do not count", async () => {
    const atBound = `${'{"a":'.repeat(JSON_MAX_DEPTH)}"[[[[{{"${"}".repeat(JSON_MAX_DEPTH)}`;
    const parsed = await parseDocument("json", "ok.json", strToU8(atBound), opts);
    expect(parsed.blocks[0]?.text).toBe(`${Array(JSON_MAX_DEPTH).fill("a").join(".")}: [[[[{{`);
    const lines = `${"[".repeat(60)}1${"]".repeat(60)}\n`.repeat(3);
    expect((await parseDocument("jsonl", "ok.jsonl", strToU8(lines), opts)).blocks).toHaveLength(3);
  });

  it("reads a PDF of 10,000 tiny text items", { timeout: 60_000 }, async () => {
    // pdf.js compiles once per isolate (seconds): not part of the file's budget
    await parseDocument("pdf", "warm.pdf", pdfWithTextItems(1), opts);
    const parsed = await within("pdf with 10,000 text items", () =>
      parseDocument("pdf", "p.pdf", pdfWithTextItems(10_000), opts),
    );
    expect(parsed.pageCount).toBe(1);
    expect(
      parsed.blocks
        .map((block) => block.text)
        .join(" ")
        .split(/\s+/),
    ).toHaveLength(10_000);
  });
});
