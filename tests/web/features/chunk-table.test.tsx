import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ChunkCard } from "../../../web/features/chunks/chunk-card";
import { contentParts } from "../../../web/features/chunks/chunk-content";
import { HighlightedText } from "../../../web/features/retrieval/highlight";
import type { Chunk } from "../../../worker/contract/chunks";
import { renderWithProviders } from "../helpers/render";

// Issue 34: a chunk holding an HTML table (PDF layout, Word, slides) shows the table drawn and sanitised.
const TABLE =
  '<table><tr><th>Leistung</th><th colspan="2">Dauer</th></tr>' +
  '<tr><td onclick="alert(1)">Beratung<script>alert(2)</script><img src="x" onerror="alert(3)"></td><td>20 min</td><td>35,00 €</td></tr></table>';
const CONTENT = `2 Leistungen\n${TABLE}\nNotes: Preise ab Mai`;

const chunk = (content: string): Chunk => ({
  id: "c1",
  content,
  document_id: "d1",
  docnm_kwd: "bericht.pdf",
  dataset_id: "ds",
  important_keywords: [],
  questions: [],
  tag_kwd: [],
  tag_feas: {},
  image_id: "",
  available: true,
  positions: [],
  page_num_int: [1],
  token_count: 40,
  doc_type_kwd: "",
  manual: false,
  create_time: "",
  create_timestamp: 0,
});

const card = (content: string, onActivate = () => {}) =>
  renderWithProviders(
    <ChunkCard
      chunk={chunk(content)}
      index={1}
      selected={false}
      active={false}
      onSelect={() => {}}
      onActivate={onActivate}
      onEdit={() => {}}
      onToggle={() => {}}
    />,
  );

const cellTexts = (table: HTMLElement, tag: string) => [...table.querySelectorAll(tag)].map((cell) => cell.textContent);

describe("chunks holding an HTML table", () => {
  it("split into the text around the tables and the tables", () => {
    expect(contentParts(CONTENT)).toEqual([
      { table: false, text: "2 Leistungen" },
      { table: true, text: TABLE },
      { table: false, text: "Notes: Preise ab Mai" },
    ]);
    expect(contentParts("Kein <table> hier")).toEqual([{ table: false, text: "Kein <table> hier" }]);
  });

  it("show the table in the chunk list, sanitised, and still open the chunk", () => {
    const onActivate = vi.fn();
    card(CONTENT, onActivate);
    const text = screen.getByTestId("chunk-text");
    const table = within(text).getByRole("table");
    expect(cellTexts(table, "th")).toEqual(["Leistung", "Dauer"]);
    expect(cellTexts(table, "td")).toEqual(["Beratung", "20 min", "35,00 €"]);
    expect(table.querySelector("th[colspan]")?.getAttribute("colspan")).toBe("2");
    expect(table.querySelector("script, [onclick], [onerror], img[src]")).toBeNull();
    expect(text.textContent).not.toContain("<table>");
    expect(text.textContent).toMatch(/^2 Leistungen.*Notes: Preise ab Mai$/);
    fireEvent.keyDown(text, { key: "Enter" });
    fireEvent.click(text);
    expect(onActivate).toHaveBeenCalledTimes(2);
  });

  it("keep a chunk without a table as the text button it was", () => {
    card("Nur Text <b>fett</b>");
    const text = screen.getByTestId("chunk-text");
    expect(text.tagName).toBe("BUTTON");
    expect(text.textContent).toBe("Nur Text <b>fett</b>");
  });

  it("show the table in retrieval testing too", () => {
    renderWithProviders(
      <HighlightedText content={CONTENT} highlight="2 &lt;table&gt;&lt;tr&gt;&lt;th&gt;<em>Leistung</em>" />,
    );
    const table = within(screen.getByTestId("retrieval-chunk-text")).getByRole("table");
    expect(cellTexts(table, "th")).toEqual(["Leistung", "Dauer"]);
  });
});
