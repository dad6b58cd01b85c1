import { describe, expect, it } from "vitest";
import { closePdf, loadPdf } from "../../../web/features/preview/load-pdf";
import { regionBoxes, regionsOnPage } from "../../../web/features/preview/pdf-region";
import { multiPagePdf } from "../../helpers/fixtures/documents";

describe("regionBoxes", () => {
  // [page, left, right, top, bottom] in points from the page's top left
  const position = [2, 56, 280, 110, 150];

  it("scales a chunk's region to the page as pdf.js draws it (y flipped, viewport scale)", () => {
    // pdf.js: an A4 page (842 points high) at scale 2 flips the y axis
    const viewport = { transform: [2, 0, 0, -2, 0, 1684], viewBox: [0, 0, 595, 842] };
    expect(regionBoxes([position], 2, viewport)).toEqual([{ left: 112, top: 220, width: 448, height: 80 }]);
  });

  it("counts from the view box's top left when the page's box does not start at 0", () => {
    // a page whose media box is [10 20 605 862], at scale 1: pdf.js moves its origin by the view box
    const viewport = { transform: [1, 0, 0, -1, -10, 862], viewBox: [10, 20, 605, 862] };
    expect(regionBoxes([position], 2, viewport)).toEqual([{ left: 56, top: 110, width: 224, height: 40 }]);
  });

  it("marks only the positions on this page that have an area", () => {
    const positions = [position, [2, 0, 0, 0, 0], [3, 10, 20, 10, 20]];
    expect(regionsOnPage(positions, 2)).toEqual([position]);
    expect(regionsOnPage(positions, 1)).toEqual([]);
  });

  it("matches a real pdf.js viewport, zoomed and rotated", { timeout: 20_000 }, async () => {
    const pdf = await loadPdf(multiPagePdf());
    try {
      const page = await pdf.getPage(1);
      const [, , width = 0, height = 0] = page.view;
      const whole = [1, 0, width, 0, height];
      const zoomed = page.getViewport({ scale: 1.5 });
      expect(regionBoxes([whole], 1, zoomed)).toEqual([
        { left: 0, top: 0, width: zoomed.width, height: zoomed.height },
      ]);
      // the top left quarter of the page, on a page turned a quarter clockwise, is its top right quarter
      const turned = page.getViewport({ scale: 1, rotation: 90 });
      const [box] = regionBoxes([[1, 0, width / 2, 0, height / 2]], 1, turned);
      expect(box?.left).toBeCloseTo(turned.width / 2);
      expect(box?.top).toBeCloseTo(0);
      expect(box?.width).toBeCloseTo(turned.width / 2);
      expect(box?.height).toBeCloseTo(turned.height / 2);
    } finally {
      closePdf(pdf);
    }
  });
});
