import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { insertCitations, placedCitations, termSimilarityOf } from "../../../worker/rag/chat/citations";
import { extractiveAnswer } from "../../../worker/rag/chat/extractive";
import { chunkDocument } from "../../../worker/rag/chunk";
import { decodeEntities } from "../../../worker/rag/html-links";
import { outlineToNodes } from "../../../worker/rag/mindmap";
import { parseHtmlString } from "../../../worker/rag/parse/html";
import { parsePptx } from "../../../worker/rag/parse/pptx";
import { parseText } from "../../../worker/rag/parse/text";
import { highlight } from "../../../worker/rag/query";

// Issue 30: every text path is linear. Inputs that made a regex rescan the rest of the text from each position
// (unclosed tags, long white-space runs) each finish well inside a generous budget; durations are printed.
const MB = 1 << 20;
const BUDGET_MS = 10_000;

const within = <T>(label: string, work: () => T): T => {
  const start = performance.now();
  const result = work();
  const ms = Math.round(performance.now() - start);
  console.warn(`${label}: ${ms} ms`);
  expect(ms).toBeLessThan(BUDGET_MS);
  return result;
};

const config = { chunkTokenNum: 512, delimiter: "\n!?;。；！？", overlappedPercent: 10 };

describe("hostile text in the pure text paths", () => {
  it("parses HTML full of unclosed tags, comments and scripts", { timeout: 60_000 }, () => {
    for (const unit of ["<", "<p>", "<script>", "<!--", "<table><tr><td>", "<h1>", "<head>"]) {
      const html = `<p>Anfang</p>${unit.repeat(MB / unit.length)}<p>Ende</p>`;
      const parsed = within(`parseHtml 1 MB of ${unit}`, () => parseHtmlString(html));
      expect(parsed.blocks[0]?.text).toBe("Anfang");
    }
  });

  it("still reads ordinary HTML the same way", () => {
    const parsed = parseHtmlString(
      `<head><title>T</title></head><header>Kopf</header><h2 class="x">Titel</h2><p>Text <b>fett</b></p>` +
        `<pre>code</pre><!-- weg --><script>var p = "<p>nein</p>";</script>` +
        `<table><tr><th>Name</th><th>Wert</th></tr><TR><TD>a</TD><TD>1</TD></TR></table>`,
    );
    expect(parsed.blocks).toEqual([
      { kind: "text", text: "Kopf" },
      { kind: "heading", level: 2, text: "Titel" },
      { kind: "text", text: "Text fett" },
      { kind: "text", text: "code" },
      { kind: "table", text: "Name: a; Wert: 1" },
    ]);
  });

  it("reads slides with unclosed paragraphs", { timeout: 60_000 }, () => {
    // text is read from a slide's shapes (<p:sp>), as PowerPoint writes it
    const paragraphs = `<a:p><a:t>Folie</a:t></a:p>${"<a:p><a:t>".repeat(MB / 10)}`;
    const slide = `<p:sld><p:cSld><p:spTree><p:sp><p:txBody>${paragraphs}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`;
    const pptx = zipSync({ "ppt/slides/slide1.xml": strToU8(slide) });
    const parsed = within("parsePptx 1 MB of unclosed <a:p><a:t>", () => parsePptx(pptx));
    expect(parsed.blocks[0]?.text).toBe("Folie");
  });

  it("chunks text without white space or delimiters", { timeout: 120_000 }, () => {
    for (const [name, text] of Object.entries({
      letters: "A".repeat(MB),
      sentences: "a.".repeat(MB / 2),
      umlauts: "ä".repeat(200_000),
      newlines: `x${"\n".repeat(100_000)}y`,
      brackets: "[".repeat(MB / 2) + "]".repeat(MB / 2),
    })) {
      const chunks = within(`chunk naive ${name}`, () =>
        chunkDocument("naive", { blocks: [{ kind: "text", text }] }, config),
      );
      expect(chunks.length).toBeGreaterThan(0);
      within(`parseText ${name}`, () => parseText(new TextEncoder().encode(text)));
    }
  });

  it("answers, cites and highlights over hostile chunks", { timeout: 60_000 }, () => {
    const spaces = `Impfung${" ".repeat(MB)}schützt.`;
    const source = (content: string) => [{ content, similarity: 1 }];
    within("extractiveAnswer 1 MB of <", () => extractiveAnswer("Impfung", source("<".repeat(MB)), "German"));
    within("extractiveAnswer 1 MB of spaces", () => extractiveAnswer("Impfung", source(spaces), "German"));
    within("extractiveAnswer 1 MB of '. A'", () => extractiveAnswer("Impfung", source(". A".repeat(MB / 3)), "German"));
    expect(within("placedCitations 1 MB of spaces", () => placedCitations(spaces, `${spaces} [ID:0]`, 1))).toBe(
      `${spaces} [ID:0]`,
    );
    within("insertCitations 1 MB of spaces", () => insertCitations(spaces, 1, termSimilarityOf(["Impfung"])));
    within("highlight 1 MB of A", () => highlight("A".repeat(MB), ["aaaa"]));
    within("outlineToNodes heading of spaces", () => outlineToNodes(`#${" ".repeat(MB)}\r`));
    expect(parseText(new TextEncoder().encode(`#${" ".repeat(MB)}Titel\u2028mehr`)).blocks[0]?.kind).toBe("heading");
  });

  it("keeps citation markers and headings as before on ordinary text", () => {
    expect(placedCitations("Masern sind gefährlich.", "Masern sind gefährlich [ID:0].", 1)).toBe(
      "Masern sind gefährlich [ID:0].",
    );
    expect(placedCitations("Masern sind gefährlich.", "Masern sind  gefährlich. [ID:0]", 1)).toBe(
      "Masern sind  gefährlich. [ID:0]",
    );
    expect(placedCitations("Masern sind gefährlich.", "Röteln sind gefährlich. [ID:0]", 1)).toBeNull();
    expect(outlineToNodes("# Titel\r\n## Teil\r\n- Punkt")).toEqual([
      { id: "Titel", children: [{ id: "Teil", children: [{ id: "Punkt", children: [] }] }] },
    ]);
  });

  it("leaves numeric entities past U+10FFFF as written instead of throwing", () => {
    expect(decodeEntities("a &#99999999; b &#x110000; c &#x41;")).toBe("a &#99999999; b &#x110000; c A");
  });
});
