import { describe, expect, it } from "vitest";
import { chunkDocument } from "../../../worker/rag/chunk";
import { parseDocument } from "../../../worker/rag/parse";
import { pptxBytes } from "../../helpers/fixtures/office";

// Issue 34: a presentation's slides keep their title, lists, tables and speaker notes, the slide number as page.
const opts = { fromPage: 1, toPage: 1_000_000, html4excel: false };
const config = { chunkTokenNum: 128, delimiter: "\n", overlappedPercent: 0 };

const TABLE =
  '<table><tr><th colspan="2">Impfplan</th></tr><tr><td>Impfung</td><td>Alter</td></tr>' +
  "<tr><td>Masern</td><td>11 Monate</td></tr></table>";

const deck = () =>
  pptxBytes([
    {
      title: "Impfen in der Praxis",
      bullets: [
        { text: "Vor der Impfung" },
        { text: "Aufklärung & Einwilligung", level: 1 },
        { text: "Impfpass prüfen", level: 1 },
        { text: "Nach der Impfung" },
      ],
      notes: "15 Minuten Beobachtung erwähnen.\nFragen sammeln.",
    },
    {
      title: "Impfkalender",
      table: [[{ text: "Impfplan", span: 2 }], ["Impfung", "Alter"], ["Masern", "11 Monate"]],
    },
    {
      title: "Ablauf",
      bullets: [
        { text: "Anmelden", numbered: true },
        { text: "Warten", numbered: true },
        { text: "Impfen", numbered: true },
      ],
      lines: ["Stand: Mai 2024"],
    },
  ]);

describe("presentations", () => {
  it("reads each slide's title, bulleted and numbered lists, text boxes, tables and notes", async () => {
    const parsed = await parseDocument("pptx", "impfen.pptx", deck(), opts);
    expect(parsed.pageCount).toBe(3);
    expect(parsed.blocks).toEqual([
      { kind: "heading", level: 1, page: 1, text: "Impfen in der Praxis" },
      {
        kind: "text",
        page: 1,
        text: "- Vor der Impfung\n  - Aufklärung & Einwilligung\n  - Impfpass prüfen\n- Nach der Impfung",
      },
      { kind: "text", page: 1, text: "Notes: 15 Minuten Beobachtung erwähnen.\nFragen sammeln." },
      { kind: "heading", level: 1, page: 2, text: "Impfkalender" },
      { kind: "table", page: 2, text: TABLE },
      { kind: "heading", level: 1, page: 3, text: "Ablauf" },
      { kind: "text", page: 3, text: "1. Anmelden\n2. Warten\n3. Impfen" },
      { kind: "text", page: 3, text: "Stand: Mai 2024" },
    ]);
    // the slide numbers of the footer placeholder are not text
    expect(parsed.blocks.map((block) => block.text)).not.toContain("2");
    expect(parsed.tables).toEqual([
      {
        name: "Slide 2 table 1",
        headers: ["Impfplan"],
        rows: [
          ["Impfung", "Alter"],
          ["Masern", "11 Monate"],
        ],
        page: 2,
      },
    ]);
  });

  it("numbers the slides in the order of the show, not of their files", async () => {
    const moved = pptxBytes([{ title: "Erste Datei" }, { title: "Zweite Datei" }], [2, 1]);
    const parsed = await parseDocument("pptx", "p.pptx", moved, opts);
    expect(parsed.blocks).toEqual([
      { kind: "heading", level: 1, page: 1, text: "Zweite Datei" },
      { kind: "heading", level: 1, page: 2, text: "Erste Datei" },
    ]);
  });

  it("presentation: one chunk per slide with all of it", async () => {
    const parsed = await parseDocument("pptx", "impfen.pptx", deck(), opts);
    const chunks = chunkDocument("presentation", parsed, config);
    expect(chunks.map((chunk) => chunk.pages)).toEqual([[1], [2], [3]]);
    expect(chunks[0]?.content).toBe(
      "Impfen in der Praxis\n- Vor der Impfung\n  - Aufklärung & Einwilligung\n  - Impfpass prüfen\n- Nach der Impfung\nNotes: 15 Minuten Beobachtung erwähnen.\nFragen sammeln.",
    );
    expect(chunks[1]?.content).toBe(`Impfkalender\n${TABLE}`);
    expect(chunks[2]?.content).toBe("Ablauf\n1. Anmelden\n2. Warten\n3. Impfen\nStand: Mai 2024");
  });
});
