import { describe, expect, it } from "vitest";
import {
  citedIndexes,
  insertCitations,
  keepValidCitations,
  repairCitations,
  termSimilarityOf,
} from "../../../worker/rag/chat/citations";
import { extractiveAnswer, pieces } from "../../../worker/rag/chat/extractive";
import { knowledgePrompt } from "../../../worker/rag/chat/knowledge";
import { fillPrompt, fitMessages } from "../../../worker/services/chats/messages";

const CHUNKS = [
  "Die Grippeimpfung wird ab 60 Jahren empfohlen.",
  "Erwachsene brauchen sieben bis neun Stunden Schlaf.",
];

describe("citations", () => {
  it("repairs RAGFlow's marker variants within range and drops markers pointing nowhere", () => {
    expect(repairCitations("a (ID: 1) b [ID: 0] c 【ID:1】 d ref0 e ref7", 2)).toBe(
      "a [ID:1] b [ID:0] c [ID:1] d [ID:0] e ref7",
    );
    expect(keepValidCitations("x [ID:0] y [ID:5].", 2)).toBe("x [ID:0] y .");
    expect(citedIndexes("a [ID:1] b [ID:1] c [ID:0]")).toEqual([1, 0]);
  });

  it("inserts a citation after each sentence that matches a chunk, each chunk once, never inside code", () => {
    const answer =
      "Ab 60 Jahren wird die Grippeimpfung empfohlen. Erwachsene brauchen sieben bis neun Stunden Schlaf.\n```\nGrippeimpfung Schlaf\n```\nDanke.";
    const cited = insertCitations(answer, 2, termSimilarityOf(CHUNKS));
    expect(cited).toBe(
      "Ab 60 Jahren wird die Grippeimpfung empfohlen. [ID:0] Erwachsene brauchen sieben bis neun Stunden Schlaf. [ID:1]\n```\nGrippeimpfung Schlaf\n```\nDanke.",
    );
  });

  it("leaves an answer alone when no sentence comes close to a chunk", () => {
    expect(insertCitations("Das Wetter ist heute schön.", 2, termSimilarityOf(CHUNKS))).toBe(
      "Das Wetter ist heute schön.",
    );
  });
});

describe("built-in extractive answers", () => {
  it("quotes the sentences that cover the question, cites their chunk, in chunk order", () => {
    const chunks = ["Vorwort ohne Bezug. Die Grippeimpfung wird ab 60 Jahren empfohlen.", "Schlaf ist wichtig."];
    expect(extractiveAnswer("Ab wann Grippeimpfung?", chunks)).toBe(
      "Die Grippeimpfung wird ab 60 Jahren empfohlen. [ID:0]",
    );
  });

  it("streams a text in pieces that add up to it", () => {
    const text = "eins zwei drei vier fünf sechs sieben";
    expect([...pieces(text)].join("")).toBe(text);
    expect([...pieces(text)].length).toBe(2);
  });
});

describe("prompt building", () => {
  it("renders chunks as RAGFlow's tree within the token budget", () => {
    const prompt = knowledgePrompt(
      CHUNKS.map((content, i) => ({ content, document_name: `d${i}.txt` })),
      25,
    );
    expect(prompt.count).toBe(1);
    expect(prompt.text).toBe("ID: 0\n├── Title: d0.txt\n└── Content:\nDie Grippeimpfung wird ab 60 Jahren empfohlen.");
  });

  it("adds the document's URL and metadata under the title, one line each", () => {
    const chunk = {
      content: "Text",
      document_name: "seite.html",
      url: "https://example.org/a",
      meta: { Quelle: "RKI", Themen: ["Impfung", "Alter"], Notiz: "zwei\nZeilen", Leer: "" },
    };
    expect(knowledgePrompt([chunk], 1000).text).toBe(
      "ID: 0\n├── Title: seite.html\n├── URL: https://example.org/a\n├── Quelle: RKI\n├── Themen: Impfung, Alter\n├── Notiz: zwei Zeilen\n└── Content:\nText",
    );
  });

  it("fills variables and keeps unknown braces; fits history, dropping the opener and old turns first", () => {
    expect(fillPrompt("In {stadt} {unbekannt}", { stadt: "Köln" })).toBe("In Köln {unbekannt}");
    const history = [
      { role: "assistant" as const, content: "Hallo!" },
      { role: "user" as const, content: "alt ".repeat(200) },
      { role: "assistant" as const, content: "alte Antwort" },
      { role: "user" as const, content: "neue Frage" },
    ];
    const fitted = fitMessages("System", history, 50);
    expect(fitted.map((m) => m.content)).toEqual(["System", "alte Antwort", "neue Frage"]);
  });
});
