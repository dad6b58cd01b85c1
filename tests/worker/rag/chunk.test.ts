import { describe, expect, it } from "vitest";
import { chunkDocument } from "../../../worker/rag/chunk";
import { naiveMerge } from "../../../worker/rag/chunk/merge";
import type { Block, ParsedDocument } from "../../../worker/rag/parse/types";
import { countTokens } from "../../../worker/rag/tokens";

const config = { chunkTokenNum: 32, delimiter: "\n", overlappedPercent: 0 };
const text = (t: string, page?: number): Block => ({ kind: "text", text: t, page });
const heading = (t: string, level = 1): Block => ({ kind: "heading", text: t, level });
const doc = (blocks: Block[], tables?: ParsedDocument["tables"]): ParsedDocument => ({ blocks, tables });
const sentence = (i: number) => `Satz Nummer ${i} über Gesundheit und Pflege im Alltag.`;

describe("naive merge", () => {
  it("packs sections up to the token budget and keeps page numbers", () => {
    const blocks = Array.from({ length: 10 }, (_, i) => text(sentence(i), 1 + Math.floor(i / 5)));
    const chunks = naiveMerge(blocks, config);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect(countTokens(chunk.content)).toBeLessThanOrEqual(32 + 16);
    expect(chunks.map((c) => c.content).join("\n")).toBe(blocks.map((b) => b.text).join("\n"));
    expect(chunks[0]?.pages).toEqual([1]);
    expect(chunks.at(-1)?.pages).toEqual([2]);
  });

  it("splits a section that is larger than the budget at the delimiters", () => {
    const long = Array.from({ length: 20 }, (_, i) => sentence(i)).join("\n");
    const chunks = naiveMerge([text(long)], config);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(countTokens(chunk.content)).toBeLessThanOrEqual(32 + 16);
  });

  it("cuts at backtick delimiters only, each piece its own chunk without the delimiter", () => {
    const chunks = naiveMerge([text("Teil eins##Teil zwei##Teil drei##")], { ...config, delimiter: "`##`" });
    expect(chunks.map((c) => c.content)).toEqual(["Teil eins", "Teil zwei", "Teil drei"]);
  });

  it("starts the next chunk with the tail of the previous one when overlap is set", () => {
    const blocks = Array.from({ length: 8 }, (_, i) => text(sentence(i)));
    const chunks = naiveMerge(blocks, { ...config, overlappedPercent: 30 });
    const [first, second] = chunks;
    expect(
      second?.content.startsWith(first?.content.slice(-10) ?? "x") ||
        second?.content.includes(first?.content.slice(-10) ?? "x"),
    ).toBe(true);
  });

  it("keeps tables as chunks of their own", () => {
    const chunks = naiveMerge(
      [text("Vorher."), { kind: "table", text: "Wirkstoff: A; Dosis: 5 mg" }, text("Nachher.")],
      config,
    );
    expect(chunks.map((c) => c.content)).toEqual(["Vorher.", "Wirkstoff: A; Dosis: 5 mg", "Nachher."]);
  });
});

describe("chunk methods", () => {
  it("qa: rows of a question/answer table, question stored for matching", () => {
    const chunks = chunkDocument(
      "qa",
      doc(
        [],
        [
          {
            name: "faq",
            headers: ["Was ist Fieber?", "Erhöhte Körpertemperatur."],
            rows: [["Wann zum Arzt?", "Über 39 °C."]],
          },
        ],
      ),
      config,
    );
    expect(chunks).toEqual([
      {
        content: "Question: Was ist Fieber?\tAnswer: Erhöhte Körpertemperatur.",
        pages: [],
        questions: ["Was ist Fieber?"],
      },
      { content: "Question: Wann zum Arzt?\tAnswer: Über 39 °C.", pages: [], questions: ["Wann zum Arzt?"] },
    ]);
  });

  it("qa: markdown headings are questions, the text below is the answer", () => {
    const chunks = chunkDocument(
      "qa",
      doc([
        heading("Was hilft bei Husten?"),
        text("Viel trinken."),
        heading("Wie lange dauert eine Erkältung?"),
        text("Etwa eine Woche."),
      ]),
      config,
    );
    expect(chunks.map((c) => c.questions)).toEqual([["Was hilft bei Husten?"], ["Wie lange dauert eine Erkältung?"]]);
  });

  it("table: one chunk per row with column names", () => {
    const chunks = chunkDocument(
      "table",
      doc(
        [],
        [
          {
            name: "t",
            headers: ["Wirkstoff", "Dosis"],
            rows: [
              ["Metformin", "500 mg"],
              ["Ibuprofen", "400 mg"],
            ],
          },
        ],
      ),
      config,
    );
    expect(chunks.map((c) => c.content)).toEqual([
      "Wirkstoff: Metformin; Dosis: 500 mg",
      "Wirkstoff: Ibuprofen; Dosis: 400 mg",
    ]);
  });

  it("tag: content and comma-separated tags", () => {
    const chunks = chunkDocument(
      "tag",
      doc([], [{ name: "t", headers: ["content", "tags"], rows: [["Blutdruck senken", "Herz, Kreislauf"]] }]),
      config,
    );
    expect(chunks).toEqual([{ content: "Blutdruck senken", pages: [], tags: ["Herz", "Kreislauf"] }]);
  });

  it("one: the whole document as one chunk", () => {
    expect(chunkDocument("one", doc([text("a", 1), text("b", 2)]), config)).toEqual([
      { content: "a\nb", pages: [1, 2] },
    ]);
  });

  it("presentation: one chunk per slide with its title, text, tables and notes", () => {
    const table = "<table><tr><th>Tag</th></tr><tr><td>Montag</td></tr></table>";
    const chunks = chunkDocument(
      "presentation",
      doc([
        { kind: "heading", level: 1, page: 1, text: "Titel" },
        { kind: "text", page: 1, text: "- Punkt" },
        { kind: "table", page: 1, text: table },
        { kind: "text", page: 1, text: "Notes: Langsam sprechen" },
        { kind: "text", page: 2, text: "Inhalt" },
      ]),
      config,
    );
    expect(chunks).toEqual([
      { content: `Titel\n- Punkt\n${table}\nNotes: Langsam sprechen`, pages: [1] },
      { content: "Inhalt", pages: [2] },
    ]);
  });

  it("laws: each § starts a chunk", () => {
    const blocks = [
      text("§ 1 Zweck des Gesetzes\nDieses Gesetz regelt die Heilkunde."),
      text("Weitere Bestimmungen."),
      text("§ 2 Erlaubnis\nDie Erlaubnis wird erteilt."),
    ];
    const chunks = chunkDocument("laws", doc(blocks), { ...config, chunkTokenNum: 512 });
    expect(chunks.map((c) => c.content.split("\n")[0])).toEqual(["§ 1 Zweck des Gesetzes", "§ 2 Erlaubnis"]);
    expect(chunks[0]?.content).toContain("Weitere Bestimmungen.");
  });

  it("manual and book: sections follow the headings", () => {
    const blocks = [heading("Installation"), text("Schritt eins."), heading("Wartung"), text("Filter reinigen.")];
    for (const method of ["manual", "book"] as const) {
      expect(chunkDocument(method, doc(blocks), { ...config, chunkTokenNum: 512 }).map((c) => c.content)).toEqual([
        "Installation\nSchritt eins.",
        "Wartung\nFilter reinigen.",
      ]);
    }
  });

  it("paper: title, authors and abstract stay together", () => {
    const blocks = [
      heading("Impfquoten in Europa"),
      text("A. Autorin, B. Autor"),
      heading("Abstract", 2),
      text("Wir untersuchen …"),
      heading("1 Einleitung", 2),
      text("Impfungen sind …"),
    ];
    const chunks = chunkDocument("paper", doc(blocks), { ...config, chunkTokenNum: 512 });
    expect(chunks[0]?.content).toBe("Impfquoten in Europa\nA. Autorin, B. Autor\nAbstract\nWir untersuchen …");
    expect(chunks[1]?.content).toBe("1 Einleitung\nImpfungen sind …");
  });
});
