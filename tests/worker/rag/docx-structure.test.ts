import { describe, expect, it } from "vitest";
import { chunkDocument } from "../../../worker/rag/chunk";
import { parseDocument } from "../../../worker/rag/parse";
import { type DocxBlock, docxBytes } from "../../helpers/fixtures/office";

const opts = { fromPage: 1, toPage: 1000, html4excel: false };
const parse = (blocks: DocxBlock[], headingName?: (level: number) => string) =>
  parseDocument("docx", "d.docx", docxBytes(blocks, headingName), opts);

describe("DOCX structure", () => {
  it("takes heading levels from Word's heading styles, English and German, down to level 9", async () => {
    const blocks: DocxBlock[] = [1, 2, 3, 7].map((level) => ({ heading: level, text: `Ebene ${level}` }));
    for (const name of [(level: number) => `heading ${level}`, (level: number) => `Überschrift ${level}`]) {
      const parsed = await parse([...blocks, { text: "Text" }], name);
      expect(parsed.blocks).toEqual([
        { kind: "heading", level: 1, text: "Ebene 1" },
        { kind: "heading", level: 2, text: "Ebene 2" },
        { kind: "heading", level: 3, text: "Ebene 3" },
        // HTML ends at h6
        { kind: "heading", level: 6, text: "Ebene 7" },
        { kind: "text", text: "Text" },
      ]);
    }
  });

  it("keeps a table as one HTML table with its header row, merged cells spanning", async () => {
    const parsed = await parse([
      {
        table: [
          ["Name", "Raum"],
          ["Jörg & Anna", "<A 1>"],
        ],
        headerRows: 1,
      },
      {
        table: [
          ["Leistung", "Preis"],
          ["Impfung", "18,50 €"],
        ],
      },
      { table: [[{ text: "Sprechzeiten", span: 2 }], ["Tag", "Uhrzeit"], ["Montag", "8–12"]] },
    ]);
    expect(parsed.blocks).toEqual([
      {
        kind: "table",
        text: "<table><tr><th>Name</th><th>Raum</th></tr><tr><td>Jörg &amp; Anna</td><td>&lt;A 1&gt;</td></tr></table>",
      },
      // no row marked as header: the first one is
      {
        kind: "table",
        text: "<table><tr><th>Leistung</th><th>Preis</th></tr><tr><td>Impfung</td><td>18,50 €</td></tr></table>",
      },
      {
        kind: "table",
        text:
          '<table><tr><th colspan="2">Sprechzeiten</th></tr><tr><td>Tag</td><td>Uhrzeit</td></tr>' +
          "<tr><td>Montag</td><td>8–12</td></tr></table>",
      },
    ]);
    expect(parsed.tables?.map((table) => [table.headers, table.rows])).toEqual([
      [["Name", "Raum"], [["Jörg & Anna", "<A 1>"]]],
      [["Leistung", "Preis"], [["Impfung", "18,50 €"]]],
      [
        ["Sprechzeiten"],
        [
          ["Tag", "Uhrzeit"],
          ["Montag", "8–12"],
        ],
      ],
    ]);
  });

  it("keeps a list as one block of items, bullets and numbers, nested items indented", async () => {
    const parsed = await parse([
      { heading: 1, text: "Ablauf" },
      {
        list: [
          { text: "Anmeldung" },
          { text: "Versichertenkarte" },
          { text: "Überweisung", level: 1 },
          { text: "Wartezimmer" },
        ],
      },
      { list: [{ text: "Hände waschen" }, { text: "Flächen wischen" }], ordered: true },
      { text: "Danach" },
    ]);
    expect(parsed.blocks).toEqual([
      { kind: "heading", level: 1, text: "Ablauf" },
      { kind: "text", text: "- Anmeldung\n- Versichertenkarte\n  - Überweisung\n- Wartezimmer" },
      { kind: "text", text: "1. Hände waschen\n2. Flächen wischen" },
      { kind: "text", text: "Danach" },
    ]);
  });

  it("chunks with Manual into headed sections holding their lists and tables", async () => {
    const parsed = await parse([
      { heading: 1, text: "Praxis" },
      { heading: 2, text: "Ablauf" },
      { list: [{ text: "Anmeldung" }, { text: "Wartezimmer" }] },
      { heading: 2, text: "Preise" },
      {
        table: [
          ["Leistung", "Preis"],
          ["Impfung", "18,50 €"],
        ],
      },
    ]);
    const chunks = chunkDocument("manual", parsed, { chunkTokenNum: 512, delimiter: "\n", overlappedPercent: 0 });
    const contents = chunks.map((chunk) => chunk.content);
    // the heading right above the table is no chunk of its own: the table's chunk leads with it
    expect(contents).not.toContain("Preise");
    expect(contents.some((c) => c.startsWith("Ablauf") && c.includes("- Anmeldung\n- Wartezimmer"))).toBe(true);
    expect(
      contents.some((c) => /^Preise\n<table><tr><th>Leistung<\/th><th>Preis<\/th><\/tr>.*<\/table>$/s.test(c)),
    ).toBe(true);
  });
});
