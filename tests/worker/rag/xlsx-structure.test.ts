import { describe, expect, it } from "vitest";
import { splitTable } from "../../../worker/rag/chunk/tables";
import { parseDocument } from "../../../worker/rag/parse";
import { xlsxBytes } from "../../helpers/fixtures/office";

const opts = { fromPage: 1, toPage: 1000, html4excel: false };

describe("XLSX structure", () => {
  it("gives each row of a merged area its value and reads a title merged across the columns as the title", async () => {
    const workbook = xlsxBytes(
      {
        Praxen: [
          ["Praxen im Bezirk", "", ""],
          ["Region", "Praxis", "Ärzte"],
          ["Nord", "Am Markt", 3],
          ["", "Hafen", 2],
          ["Süd", "Lindenhof", 4],
        ],
      },
      { Praxen: ["A1:C1", "A3:A4"] },
    );
    const parsed = await parseDocument("xlsx", "p.xlsx", workbook, opts);
    expect(parsed.tables?.[0]).toEqual({
      name: "Praxen",
      title: "Praxen im Bezirk",
      headers: ["Region", "Praxis", "Ärzte"],
      rows: [
        ["Nord", "Am Markt", "3"],
        ["Nord", "Hafen", "2"],
        ["Süd", "Lindenhof", "4"],
      ],
    });
    expect(parsed.blocks.map((b) => b.text)).toEqual([
      "Region: Nord; Praxis: Am Markt; Ärzte: 3 ——Praxen im Bezirk",
      "Region: Nord; Praxis: Hafen; Ärzte: 2 ——Praxen im Bezirk",
      "Region: Süd; Praxis: Lindenhof; Ärzte: 4 ——Praxen im Bezirk",
    ]);
    const html = await parseDocument("xlsx", "p.xlsx", workbook, { ...opts, html4excel: true });
    expect(html.blocks[0]?.text).toBe(
      "<table><caption>Praxen im Bezirk</caption><tr><th>Region</th><th>Praxis</th><th>Ärzte</th></tr>" +
        "<tr><td>Nord</td><td>Am Markt</td><td>3</td></tr><tr><td>Nord</td><td>Hafen</td><td>2</td></tr>" +
        "<tr><td>Süd</td><td>Lindenhof</td><td>4</td></tr></table>",
    );
  });

  it("joins a header merged across columns with the header row below it", async () => {
    const workbook = xlsxBytes(
      {
        Kontakte: [
          ["Name", "Kontakt", ""],
          ["", "Telefon", "E-Mail"],
          ["Anna", "0431 12", "anna@praxis.de"],
        ],
      },
      { Kontakte: ["B1:C1", "A1:A2"] },
    );
    const parsed = await parseDocument("xlsx", "k.xlsx", workbook, opts);
    expect(parsed.tables?.[0]).toMatchObject({
      headers: ["Name", "Kontakt Telefon", "Kontakt E-Mail"],
      rows: [["Anna", "0431 12", "anna@praxis.de"]],
    });
    expect(parsed.blocks.map((b) => b.text)).toEqual([
      "Name: Anna; Kontakt Telefon: 0431 12; Kontakt E-Mail: anna@praxis.de ——Kontakte",
    ]);
  });

  it("keeps a row with numbers under a merged header as data", async () => {
    const workbook = xlsxBytes(
      {
        Werte: [
          ["Ort", "Messung", ""],
          ["Kiel", "12", "14"],
          ["Lübeck", "13", "15"],
        ],
      },
      { Werte: ["B1:C1"] },
    );
    const parsed = await parseDocument("xlsx", "w.xlsx", workbook, opts);
    expect(parsed.tables?.[0]).toMatchObject({
      headers: ["Ort", "Messung", "Messung"],
      rows: [
        ["Kiel", "12", "14"],
        ["Lübeck", "13", "15"],
      ],
    });
  });

  it("fills merged areas only within the sheet's cells, however large they claim to be", async () => {
    const rows = [
      ["Name", "Ort"],
      ["Anna", "Kiel"],
      ["Ben", "Kiel"],
    ];
    const workbook = xlsxBytes({ Liste: rows }, { Liste: Array.from({ length: 5000 }, () => "B2:XFD1048576") });
    const started = Date.now();
    const parsed = await parseDocument("xlsx", "l.xlsx", workbook, opts);
    expect(parsed.tables?.[0]?.rows).toEqual([
      ["Anna", "Kiel"],
      ["Ben", "Kiel"],
    ]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("reads a first row of numbers as data, a first row of years as the header", async () => {
    const numbers = xlsxBytes({
      Messwerte: [
        [12, 14.5],
        [13, 15],
      ],
    });
    const parsed = await parseDocument("xlsx", "m.xlsx", numbers, opts);
    expect(parsed.tables?.[0]).toMatchObject({
      headers: [],
      rows: [
        ["12", "14.5"],
        ["13", "15"],
      ],
    });
    expect(parsed.blocks.map((b) => b.text)).toEqual(["12; 14.5 ——Messwerte", "13; 15 ——Messwerte"]);
    const html = await parseDocument("xlsx", "m.xlsx", numbers, { ...opts, html4excel: true });
    expect(html.blocks[0]?.text).toBe(
      "<table><caption>Messwerte</caption><tr><td>12</td><td>14.5</td></tr><tr><td>13</td><td>15</td></tr></table>",
    );
    const years = await parseDocument(
      "xlsx",
      "j.xlsx",
      xlsxBytes({
        Jahre: [
          [2024, 2025],
          [3, 4],
        ],
      }),
      opts,
    );
    expect(years.tables?.[0]).toMatchObject({ headers: ["2024", "2025"], rows: [["3", "4"]] });
  });

  it("splits a table without a header row by rows, repeating no row", () => {
    const rows = Array.from({ length: 40 }, (_, i) => `<tr><td>Zeile ${i} mit etwas mehr Text</td></tr>`);
    const parts = splitTable(`<table>${rows.join("")}</table>`, 60);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join("").match(/<tr>/g)).toHaveLength(40);
  });
});
