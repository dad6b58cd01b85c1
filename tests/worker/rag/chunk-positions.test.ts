import { describe, expect, it } from "vitest";
import type { ChunkMethod } from "../../../worker/contract/parser-config";
import { chunkDocument } from "../../../worker/rag/chunk";
import { answeredPositions, givenPlaces } from "../../../worker/rag/chunk/positions";
import type { Position } from "../../../worker/rag/chunk/types";
import { parseDocument } from "../../../worker/rag/parse";
import { type PlacedLine, POSITION_SECTIONS, positionsPdf } from "../../helpers/fixtures/positions-pdf";

const opts = { fromPage: 1, toPage: 10, html4excel: false };
const config = { chunkTokenNum: 512, delimiter: "\n", overlappedPercent: 0 };
const SLACK = 3;

// Whether one of the chunk's boxes holds the line (its start; the line's end depends on the font's widths).
const encloses = (positions: Position[], line: PlacedLine) =>
  positions.some(
    ([page, left, right, top, bottom]) =>
      page === line.page &&
      left <= line.left + SLACK &&
      right >= line.right - SLACK &&
      top <= line.top + SLACK &&
      bottom >= line.bottom - SLACK,
  );

describe("chunk positions from a PDF's block boxes", () => {
  it("each section's chunk points at its column on its page, enclosing its lines", { timeout: 60_000 }, async () => {
    const pdf = positionsPdf();
    const parsed = await parseDocument("pdf", "merkblatt.pdf", pdf.bytes, opts);
    for (const method of ["manual", "naive", "laws", "book", "paper"] as ChunkMethod[]) {
      // naive with a small budget: a chunk per section or less, so a chunk's boxes are its section's
      const chunks = chunkDocument(method, parsed, { ...config, chunkTokenNum: method === "naive" ? 60 : 512 });
      for (const section of POSITION_SECTIONS) {
        const lines = pdf.lines[section.heading] ?? [];
        const holding = chunks.filter((chunk) => lines.some((line) => chunk.content.includes(line.text)));
        expect(holding.length, `${method}: ${section.heading}`).toBeGreaterThan(0);
        for (const line of lines) {
          const chunk = holding.find((c) => c.content.includes(line.text));
          const positions = chunk?.positions ?? [];
          expect(encloses(positions, line), `${method}: "${line.text}" in ${JSON.stringify(positions)}`).toBe(true);
          expect(chunk?.pages).toContain(section.page);
        }
      }
      // the right column's lines are held by a box in the right column of page 1, not one across both columns
      for (const line of pdf.lines.Laborwerte ?? []) {
        const chunk = chunks.find((c) => c.content.includes(line.text));
        const holding = (chunk?.positions ?? []).filter((box) => encloses([box], line));
        expect(holding.length).toBeGreaterThan(0);
        for (const [page, left] of holding) expect([page, left > 300]).toEqual([1, true]);
      }
    }
  });

  it("one, presentation and qa keep the boxes of the blocks they are made of", { timeout: 60_000 }, async () => {
    const pdf = positionsPdf();
    const parsed = await parseDocument("pdf", "merkblatt.pdf", pdf.bytes, opts);
    const [whole] = chunkDocument("one", parsed, config);
    for (const line of Object.values(pdf.lines).flat()) expect(encloses(whole?.positions ?? [], line)).toBe(true);
    const slides = chunkDocument("presentation", parsed, config);
    expect(slides.map((slide) => [slide.pages, [...new Set(slide.positions?.map(([page]) => page))]])).toEqual([
      [[1], [1]],
      [[2], [2]],
    ]);
  });

  it("text formats have no boxes: their chunks answer pages only", async () => {
    const parsed = await parseDocument("txt", "a.txt", new TextEncoder().encode("Ein Absatz.\n\nNoch einer."), opts);
    const chunks = chunkDocument("naive", parsed, config);
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(chunk.positions).toBeUndefined();
  });

  it("the API answers a chunk's boxes page by page, and [page, 0, 0, 0, 0] for a page without one", () => {
    // a chunk of a text page (boxes) and a scanned page read by OCR (none)
    expect(answeredPositions([1, 2], [[1, 56, 280, 110, 150]])).toEqual([
      [1, 56, 280, 110, 150],
      [2, 0, 0, 0, 0],
    ]);
    expect(answeredPositions([4], [])).toEqual([[4, 0, 0, 0, 0]]);
    expect(answeredPositions([], [])).toEqual([]);
  });

  it("positions given through the API keep their boxes and name their pages", () => {
    expect(
      givenPlaces([
        [3, 10, 200, 40, 80],
        [3, 0, 0, 0, 0],
        [5, 20, 100, 300, 320],
      ]),
    ).toEqual({
      pages: [3, 5],
      positions: [
        [3, 10, 200, 40, 80],
        [5, 20, 100, 300, 320],
      ],
    });
  });
});
