import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { encodePng, shrinkPixels } from "../../../worker/lib/png";
import { parseDocument } from "../../../worker/rag/parse";
import {
  FIGURE_CAPTIONS,
  FIGURE_PAGE,
  FIGURE_WIDTH,
  reportPdf,
  WORD_FIGURE_CAPTION,
  wordDocx,
} from "../../helpers/fixtures/documents";
// the fixtures' CRC-32 is independent of the encoder under test
import { crc32, noisePng } from "../../helpers/fixtures/png";

const inflate = async (bytes: Uint8Array) =>
  new Uint8Array(
    await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"))).arrayBuffer(),
  );

// The PNG's chunks by type (length, type, data, CRC); every CRC is checked.
const chunksOf = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset);
  const found = new Map<string, Uint8Array>();
  for (let offset = 8; offset < png.length; ) {
    const length = view.getUint32(offset);
    expect(view.getUint32(offset + 8 + length)).toBe(crc32(png.subarray(offset + 4, offset + 8 + length)));
    found.set(
      new TextDecoder().decode(png.subarray(offset + 4, offset + 8)),
      png.subarray(offset + 8, offset + 8 + length),
    );
    offset += 12 + length;
  }
  return found;
};

describe("figures", () => {
  it("encode pixels as a PNG whose rows inflate back to them", async () => {
    const pixels = new Uint8Array([255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 255, 9, 9, 9, 0]);
    const png = await encodePng(2, 2, 4, pixels);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const chunks = chunksOf(png);
    expect([...chunks.keys()]).toEqual(["IHDR", "IDAT", "IEND"]);
    const header = new DataView((chunks.get("IHDR") as Uint8Array).slice().buffer);
    expect([header.getUint32(0), header.getUint32(4), header.getUint8(8), header.getUint8(9)]).toEqual([2, 2, 8, 6]);
    // each row: filter byte 0, then the row's pixels
    expect([...(await inflate(chunks.get("IDAT") as Uint8Array))]).toEqual([
      0,
      ...pixels.slice(0, 8),
      0,
      ...pixels.slice(8),
    ]);
    // a grey image is colour type 0
    expect(
      new DataView(
        (chunksOf(await encodePng(1, 1, 1, new Uint8Array([7]))).get("IHDR") as Uint8Array).slice().buffer,
      ).getUint8(9),
    ).toBe(0);
  });

  it("shrink the longer side to the limit, keeping the proportions", () => {
    const pixels = new Uint8Array(Array.from({ length: 4 * 2 }, (_, i) => i));
    expect(shrinkPixels(4, 2, 1, pixels, 8)).toEqual({ width: 4, height: 2, pixels });
    expect(shrinkPixels(4, 2, 1, pixels, 2)).toEqual({ width: 2, height: 1, pixels: new Uint8Array([0, 2]) });
  });

  it("come out of a PDF's pages as PNG only when asked for, with the page's captions", async () => {
    const bytes = new Uint8Array(await reportPdf().arrayBuffer());
    const options = { fromPage: FIGURE_PAGE, toPage: FIGURE_PAGE, html4excel: false };
    const parsed = await parseDocument("pdf", "g.pdf", bytes, { ...options, figures: true });
    // RGB, grey, 1-bit and RGB with alpha; the 24-pixel icon is left out
    expect(parsed.figures?.map((figure) => figure.caption)).toEqual(FIGURE_CAPTIONS);
    const headers = (parsed.figures ?? []).map((figure) => {
      expect(figure).toMatchObject({ page: FIGURE_PAGE, mimeType: "image/png" });
      expect([...figure.bytes.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      const header = new DataView((chunksOf(figure.bytes).get("IHDR") as Uint8Array).slice().buffer);
      return [header.getUint32(0), header.getUint32(4), header.getUint8(9)];
    });
    // pdf.js hands grey over as RGB, 1-bit as grey
    expect(headers).toEqual([
      [FIGURE_WIDTH, 180, 2],
      [FIGURE_WIDTH, 200, 2],
      [FIGURE_WIDTH, 220, 0],
      [FIGURE_WIDTH, 240, 6],
    ]);
    expect((await parseDocument("pdf", "g.pdf", bytes, options)).figures).toEqual([]);
    // pages without images have none
    expect(
      (await parseDocument("pdf", "g.pdf", bytes, { ...options, fromPage: 10, toPage: 11, figures: true })).figures,
    ).toEqual([]);
  }, 20_000);

  it("come out of a Word file with their alt text as caption, icons left out", async () => {
    const bytes = new Uint8Array(await wordDocx().arrayBuffer());
    const options = { fromPage: 1, toPage: 1, html4excel: false };
    const parsed = await parseDocument("docx", "w.docx", bytes, { ...options, figures: true });
    expect(parsed.figures?.map((figure) => ({ ...figure, bytes: figure.bytes.length > 4096 }))).toEqual([
      { page: 1, mimeType: "image/png", caption: WORD_FIGURE_CAPTION, bytes: true },
    ]);
    expect([...(parsed.figures?.[0]?.bytes.subarray(1, 4) ?? [])]).toEqual([0x50, 0x4e, 0x47]);
    expect((await parseDocument("docx", "w.docx", bytes, options)).figures).toEqual([]);
  });

  it("come out of a presentation's slides with their alt text, each picture once, icons left out", async () => {
    const photo = noisePng(64);
    const icon = await encodePng(2, 2, 4, new Uint8Array(16));
    const pic = (id: string, descr: string) =>
      `<p:pic><p:nvPicPr><p:cNvPr id="4" name="Bild" descr="${descr}"/></p:nvPicPr><p:blipFill><a:blip r:embed="${id}"/></p:blipFill></p:pic>`;
    const slide = (text: string, pictures: string) =>
      strToU8(
        `<p:sld><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>${text}</a:t></a:r></a:p></p:txBody></p:sp>${pictures}</p:spTree></p:cSld></p:sld>`,
      );
    const rels = strToU8(
      '<Relationships><Relationship Id="rId2" Type="image" Target="../media/image1.png"/><Relationship Id="rId3" Type="image" Target="../media/image2.png"/></Relationships>',
    );
    const pptx = zipSync({
      "ppt/slides/slide1.xml": slide("Impfen", pic("rId2", "Ein Impfpass &amp; Stempel") + pic("rId3", "Symbol")),
      "ppt/slides/_rels/slide1.xml.rels": rels,
      "ppt/slides/slide2.xml": slide("Noch einmal", pic("rId2", "derselbe Pass")),
      "ppt/slides/_rels/slide2.xml.rels": rels,
      "ppt/media/image1.png": photo,
      "ppt/media/image2.png": icon,
    });
    const options = { fromPage: 1, toPage: 1, html4excel: false };
    const parsed = await parseDocument("pptx", "p.pptx", pptx, { ...options, figures: true });
    expect(parsed.blocks.map((block) => block.text)).toEqual(["Impfen", "Noch einmal"]);
    expect(parsed.figures).toEqual([
      { page: 1, bytes: photo, mimeType: "image/png", caption: "Ein Impfpass & Stempel" },
    ]);
    expect((await parseDocument("pptx", "p.pptx", pptx, options)).figures).toEqual([]);
  });
});
