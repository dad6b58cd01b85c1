import { describe, expect, it } from "vitest";
import {
  citedIndexes,
  insertCitations,
  keepValidCitations,
  repairCitations,
  termSimilarityOf,
} from "../../../worker/rag/chat/citations";
import { answerLanguage, extractiveAnswer, pieces } from "../../../worker/rag/chat/extractive";
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

const source = (content: string, similarity = 0.5) => ({ content, similarity });

describe("built-in extractive answers", () => {
  it("quotes the sentences that cover the question, cites their chunk, says it is a quote", () => {
    const chunks = [
      source("Vorwort ohne Bezug. Die Grippeimpfung wird ab 60 Jahren empfohlen."),
      source("Schlaf ist wichtig."),
    ];
    expect(extractiveAnswer("Ab wann Grippeimpfung?", chunks, "German")).toBe(
      "Aus den Quellen:\n\n> Die Grippeimpfung wird ab 60 Jahren empfohlen. [ID:0]",
    );
    expect(extractiveAnswer("Ab wann Grippeimpfung?", chunks, "English")).toMatch(/^From the sources:\n\n> /);
  });

  it("introduces the quote in the question's language, else the assistant's", () => {
    expect(answerLanguage("When is the flu vaccine given?", "German")).toBe("English");
    expect(answerLanguage("Wann wird die Grippeimpfung empfohlen?", "English")).toBe("German");
    expect(answerLanguage("Grippeimpfung 60", "English")).toBe("English");
  });

  it("quotes the heilprg penalty whole, not the fragments around it", () => {
    const chunk = source(
      "## § 5\n\nWer, ohne zur Ausübung des ärztlichen Berufs berechtigt zu sein und\nohne eine Erlaubnis nach § 1 zu besitzen, die Heilkunde ausübt, wird\nmit Freiheitsstrafe bis zu einem Jahr oder mit Geldstrafe bestraft.\n\n## § 6\n\n(1) Die Ausübung der Zahnheilkunde fällt nicht unter die Bestimmungen\ndieses Gesetzes.",
    );
    const permit = source(
      "## § 3\n\nDie Erlaubnis nach § 1 berechtigt nicht zur Ausübung der Heilkunde im\nUmherziehen.",
      0.4,
    );
    const answer = extractiveAnswer(
      "Welche Strafe droht, wenn jemand ohne Erlaubnis die Heilkunde ausübt?",
      [permit, chunk],
      "German",
    );
    expect(answer).toContain(
      "> Wer, ohne zur Ausübung des ärztlichen Berufs berechtigt zu sein und ohne eine Erlaubnis nach § 1 zu besitzen, die Heilkunde ausübt, wird mit Freiheitsstrafe bis zu einem Jahr oder mit Geldstrafe bestraft. [ID:1]",
    );
    // every quoted line is made of whole sentences of its chunk
    for (const line of answer.split("\n").filter((l) => l.startsWith("> "))) {
      expect(line).toMatch(/[.!?] \[ID:\d\]$/);
    }
  });

  it("scores by IDF-weighted coverage: a rare question word outweighs one every chunk has", () => {
    const chunks = [
      source("Die Behörde prüft den Antrag. Die Behörde erteilt die Erlaubnis schriftlich."),
      source("Die Behörde kann die Zulassung widerrufen."),
      source("Die Behörde meldet den Fall."),
    ];
    const answer = extractiveAnswer("Wann widerruft die Behörde die Zulassung?", chunks, "German");
    expect(answer).toBe("Aus den Quellen:\n\n> Die Behörde kann die Zulassung widerrufen. [ID:1]");
  });

  it("keeps source order within a chunk, marks a gap with …, and orders chunks by retrieval rank", () => {
    const chunks = [
      source("Impfstoffe werden gekühlt gelagert. Das Wetter war gut. Gekühlte Impfstoffe halten lange.", 0.6),
      source("Gekühlt gelagerte Impfstoffe halten ein Jahr.", 0.5),
    ];
    const answer = extractiveAnswer("Wie werden Impfstoffe gelagert, gekühlt?", chunks, "German");
    expect(answer).toBe(
      "Aus den Quellen:\n\n> Impfstoffe werden gekühlt gelagert. … Gekühlte Impfstoffe halten lange. [ID:0]\n\n> Gekühlt gelagerte Impfstoffe halten ein Jahr. [ID:1]",
    );
  });

  it("drops whole sentences to stay within the length limit, never cuts one", () => {
    const long = (n: number) => `Der Impfstoff Nummer ${n} ${"wirkt sehr gut gegen Grippe und ".repeat(12)}schützt.`;
    const chunks = [1, 2, 3, 4, 5].map((n) => source(long(n)));
    const answer = extractiveAnswer("Welcher Impfstoff wirkt gegen Grippe?", chunks, "German");
    const quoted = answer.split("\n").filter((line) => line.startsWith("> "));
    expect(quoted.length).toBeGreaterThan(0);
    expect(quoted.length).toBeLessThan(5);
    for (const line of quoted) expect(chunks.map((c) => c.content)).toContain(line.replace(/^> | \[ID:\d\]$/g, ""));
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
