import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { documentHref } from "../../../web/features/conversation/answer-markdown";
import { chunkWordText, findChunkSpan, rowInChunk } from "../../../web/features/preview/chunk-match";
import { FilePreview } from "../../../web/features/preview/file-preview";
import { chunkBoxes } from "../../../web/features/preview/pdf-highlight";
import { chunkRangeIn } from "../../../web/features/preview/text-range";
import { MULTI_PAGE_PDF_PAGES, multiPagePdf } from "../../helpers/fixtures/documents";
import { renderWithProviders } from "../helpers/render";

const spanText = (text: string, chunk: string) => {
  const span = findChunkSpan(text, chunk);
  return span && text.slice(span.start, span.end);
};

const LAW = [
  "# Heilpraktikergesetz",
  "",
  "## § 1",
  "",
  "(1) Wer die Heilkunde, ohne als Arzt bestallt zu sein, ausüben will, bedarf dazu der **Erlaubnis**.",
  "",
  "## § 5",
  "",
  "Wer, ohne zur Ausübung des ärztlichen Berufs berechtigt zu sein und ohne eine Erlaubnis nach § 1 zu besitzen,",
  "die Heilkunde ausübt, wird mit Freiheitsstrafe bis zu einem Jahr oder mit Geldstrafe bestraft.",
].join("\n");

describe("documentHref", () => {
  const chunk = { document_id: "doc 1", dataset_id: "ds-1", id: "c/1" };

  it("opens the viewer at the chunk's first page", () => {
    expect(
      documentHref({
        ...chunk,
        positions: [
          [11, 0, 0, 0, 0],
          [12, 0, 0, 0, 0],
        ],
      }),
    ).toBe("/document/doc%201?source=document&dataset=ds-1&chunk=c%2F1&page=11");
  });

  it("names no page for a chunk without one (text files; positions of page 0)", () => {
    expect(documentHref({ ...chunk, positions: [] })).toBe(
      "/document/doc%201?source=document&dataset=ds-1&chunk=c%2F1",
    );
    expect(documentHref({ ...chunk, positions: [[0, 0, 0, 0, 0]] })).not.toContain("page=");
  });
});

describe("findChunkSpan", () => {
  it("finds a chunk whose whitespace and line breaks were collapsed", () => {
    const chunk =
      "Wer, ohne zur Ausübung des ärztlichen Berufs berechtigt zu sein und ohne eine Erlaubnis nach § 1 zu besitzen, die Heilkunde ausübt, wird mit Freiheitsstrafe bis zu einem Jahr oder mit Geldstrafe bestraft.";
    expect(spanText(LAW, chunk)).toBe(chunk.replace("besitzen, die", "besitzen,\ndie").replace(/\.$/, ""));
  });

  it("finds markdown source text in the rendered page, without its syntax", () => {
    const rendered =
      "Heilpraktikergesetz § 1 (1) Wer die Heilkunde, ohne als Arzt bestallt zu sein, ausüben will, bedarf dazu der Erlaubnis. § 5 Wer, ohne …";
    const chunk =
      "## § 1\n\n(1) Wer die Heilkunde, ohne als Arzt bestallt zu sein, ausüben will, bedarf dazu der **Erlaubnis**.";
    expect(spanText(rendered, chunk)).toBe(
      "1 (1) Wer die Heilkunde, ohne als Arzt bestallt zu sein, ausüben will, bedarf dazu der Erlaubnis",
    );
  });

  it("ignores case and Unicode compatibility forms (PDF ligatures)", () => {
    expect(spanText("Die Oﬃzin der APOTHEKE ist geöffnet.", "die offizin der Apotheke ist")).toBe(
      "Die Oﬃzin der APOTHEKE ist",
    );
  });

  it("finds the part of a chunk that is on a page: its start on one, its end on the next", () => {
    const chunk = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda my";
    expect(spanText("Kopfzeile. alpha beta gamma delta epsilon zeta", chunk)).toBe(
      "alpha beta gamma delta epsilon zeta",
    );
    expect(spanText("eta theta iota kappa lambda my. Fußzeile", chunk)).toBe("eta theta iota kappa lambda my");
  });

  it("picks the place where most of the chunk agrees, not an earlier repeat of its opening words", () => {
    const text =
      "Allgemeine Hinweise zur Einnahme. Text. Allgemeine Hinweise zur Einnahme der Tabletten mit Wasser vor dem Essen.";
    const span = findChunkSpan(text, "Allgemeine Hinweise zur Einnahme der Tabletten mit Wasser vor dem Essen");
    expect(span?.start).toBe(text.lastIndexOf("Allgemeine"));
  });

  it("tolerates a few words that differ", () => {
    const text = "Die Erlaubnis wird durch die zuständige Behörde nach Anhörung des Gesundheitsamtes erteilt.";
    expect(
      spanText(text, "Die Erlaubnis wird durch die untere Behörde nach Anhörung des Gesundheitsamtes erteilt"),
    ).toBe(text.slice(0, -1));
  });

  it("finds nothing for text that is not there, or a single stray shared run", () => {
    expect(findChunkSpan(LAW, "Elefanten haben einen hohen Blutdruck und große Ohren")).toBeNull();
    expect(findChunkSpan(LAW, "der Erlaubnis nach Elefanten Blutdruck große Ohren hohe Werte")).toBeNull();
    expect(findChunkSpan(LAW, "")).toBeNull();
  });

  it("finds an HTML table chunk in the page's plain text (a table from a PDF's layout)", () => {
    const page = "2.1 Personal Name Rolle Raum Jörg Müller Leitung A 1.04 Anna Schäfer Empfang A 0.01 Danach weiter";
    const chunk =
      "<table><tr><th>Name</th><th>Rolle</th><th>Raum</th></tr><tr><td>Jörg Müller</td><td>Leitung</td><td>A 1.04</td></tr><tr><td>Anna Schäfer</td><td>Empfang</td><td>A 0.01</td></tr></table>";
    const span = findChunkSpan(page, chunk);
    expect(span && page.slice(span.start, span.end)).toBe(
      "Name Rolle Raum Jörg Müller Leitung A 1.04 Anna Schäfer Empfang A 0.01",
    );
  });

  it("finds a chunk of one or two words", () => {
    expect(spanText("Inhalt: Anhang A", "anhang a")).toBe("Anhang A");
  });
});

describe("chunkRangeIn", () => {
  it("ranges over the cited text across elements, without running paragraphs together", () => {
    const root = document.createElement("div");
    root.innerHTML =
      "<h2>§ 5</h2><p>Wer ohne Erlaubnis die <strong>Heilkunde</strong> ausübt,</p><p>wird mit Freiheitsstrafe bestraft.</p><p>Ende</p>";
    const range = chunkRangeIn(root, "die Heilkunde ausübt, wird mit Freiheitsstrafe bestraft");
    expect(range?.toString()).toBe("die Heilkunde ausübt,wird mit Freiheitsstrafe bestraft");
    expect(range?.startContainer.parentElement?.localName).toBe("p");
    expect(range?.endContainer.textContent).toBe("wird mit Freiheitsstrafe bestraft.");
  });

  it("is null when the text is not in the element", () => {
    const root = document.createElement("div");
    root.innerHTML = "<p>Ganz anderer Inhalt dieser Seite</p>";
    expect(chunkRangeIn(root, "Freiheitsstrafe bis zu einem Jahr")).toBeNull();
  });
});

describe("rowInChunk", () => {
  it("matches the rows a table chunk was made from, with or without column names", () => {
    const pairs = chunkWordText("Team: St. Louis Blues; Kürzel: STL; Titel: 1");
    expect(rowInChunk(["St. Louis Blues", "STL", "1"], pairs)).toBe(true);
    expect(rowInChunk(["Boston Bruins", "BOS", "6"], pairs)).toBe(false);
    expect(rowInChunk(["St. Louis Blues", "STL", "1"], chunkWordText("Stanley Cups: St. Louis Blues; STL; 1"))).toBe(
      true,
    );
  });

  it("does not match a row of one short value that happens to be in the chunk", () => {
    expect(rowInChunk(["1", ""], chunkWordText("Titel: 1"))).toBe(false);
  });
});

describe("chunkBoxes", () => {
  // pdf.js: a viewport at scale 2 flips the y axis of a 800-point-high page
  const viewport = { transform: [2, 0, 0, -2, 0, 1600], scale: 2 };
  const piece = (str: string, y: number) => ({ str, transform: [12, 0, 0, 12, 72, y], width: str.length * 6 });

  it("boxes only the text pieces that hold the chunk, in viewport pixels", () => {
    const pieces = [
      piece("Kopfzeile", 780),
      piece("Wer ohne Erlaubnis die Heilkunde", 700),
      piece("ausübt, wird bestraft.", 684),
      piece("Ende", 600),
    ];
    const boxes = chunkBoxes(pieces, viewport, "Wer ohne Erlaubnis die Heilkunde ausübt, wird bestraft");
    expect(boxes).toEqual([
      { left: 144, top: 1600 - 1400 - 24, width: 32 * 6 * 2, height: 24 * 1.2 },
      { left: 144, top: 1600 - 1368 - 24, width: 22 * 6 * 2, height: 24 * 1.2 },
    ]);
  });

  it("boxes nothing on a page without the chunk", () => {
    expect(chunkBoxes([piece("Ganz andere Seite mit anderem Text", 700)], viewport, "Wer ohne Erlaubnis")).toEqual([]);
  });
});

const fileResponse = (body: BodyInit, name: string) =>
  new Response(body, {
    headers: { "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(name)}` },
  });

describe("FilePreview opened from a citation", () => {
  it("says the cited passage of a markdown file is marked, and offers to go back to it", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(fileResponse(LAW, "heilprg.md"));
    renderWithProviders(
      <FilePreview
        url="/api/v1/files/f1"
        focus={{ pages: [], text: "die Heilkunde ausübt, wird mit Freiheitsstrafe" }}
      />,
    );
    expect((await screen.findByTestId("cited-passage-note")).textContent).toBe("Die zitierte Stelle ist markiert.");
    expect(screen.getByRole("button", { name: "Zur Stelle springen" })).toBeTruthy();
  });

  it("says when the cited passage is not in the previewed text", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(fileResponse(LAW, "heilprg.md"));
    renderWithProviders(
      <FilePreview url="/api/v1/files/f1" focus={{ pages: [], text: "Elefanten haben große Ohren" }} />,
    );
    expect((await screen.findByTestId("cited-passage-note")).textContent).toBe(
      "Die zitierte Stelle wurde in dieser Vorschau nicht gefunden.",
    );
    expect(screen.queryByRole("button", { name: "Zur Stelle springen" })).toBeNull();
  });

  it("marks the cited rows of a table", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(
      fileResponse("Team;Kürzel;Titel\nBoston Bruins;BOS;6\nSt. Louis Blues;STL;1\n", "cups.csv"),
    );
    renderWithProviders(
      <FilePreview
        url="/api/v1/files/f1"
        focus={{ pages: [], text: "Team: St. Louis Blues; Kürzel: STL; Titel: 1" }}
      />,
    );
    await screen.findByTestId("table-preview");
    const cited = document.querySelectorAll("[data-cited]");
    expect([...cited].map((row) => row.textContent)).toEqual(["St. Louis BluesSTL1"]);
    expect(screen.getByTestId("cited-passage-note").textContent).toBe("Die zitierte Stelle ist markiert.");
  });

  it("opens a PDF at the chunk's first page and names its pages", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(
      fileResponse(new Uint8Array(await multiPagePdf().arrayBuffer()), "mehrseitig.pdf"),
    );
    renderWithProviders(
      <FilePreview url="/api/v1/files/f1" focus={{ pages: [3, 4], text: "Kapitel 3 beschreibt Gesteine" }} />,
    );
    const indicator = await screen.findByTestId("pdf-page-indicator", {}, { timeout: 15_000 });
    expect(indicator.textContent).toBe(`3 / ${MULTI_PAGE_PDF_PAGES}`);
    expect(screen.getByTestId("cited-passage-note").textContent).toMatch(/Seite 3–4/);
  }, 20_000);
});
