import { getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { encodePng, shrinkPixels } from "../../lib/png";
import { PDF_LAYOUT_MAX_RULINGS, PDF_LAYOUT_MAX_TEXT_ITEMS } from "./limits";
import { layoutPages } from "./pdf-layout/layout";
import { type PageContent, rulingsOf, runsOf } from "./pdf-layout/page-content";
import { type Figure, MAX_FIGURES, type ParsedDocument } from "./types";
import { UnreadableDocumentError } from "./types";

type TextItem = { str: string; hasEOL?: boolean; width: number; height: number; transform: number[]; fontName: string };
type Operators = { fnArray: number[]; argsArray: unknown[] };

// A figure is decoded only up to this many pixels (a 300-dpi scan would take tens of MB of a Worker's 128).
const MAX_DECODED_PIXELS = 4_000_000;
// A scanned page is decoded up to an A4 or Letter page at 300 dpi (about 8.7 million pixels), only for OCR.
const MAX_SCAN_PIXELS = 9_000_000;

const openPdf = async (bytes: Uint8Array, maxImageSize = MAX_DECODED_PIXELS) => {
  if (bytes.byteLength === 0) throw new UnreadableDocumentError("The file is empty (0 bytes).");
  try {
    return await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, maxImageSize });
  } catch (error) {
    const name = (error as { name?: string }).name ?? "";
    if (name === "PasswordException")
      throw new UnreadableDocumentError("The PDF is password-protected. Remove the password and upload it again.");
    throw new UnreadableDocumentError(`The PDF cannot be read: ${(error as Error).message}`);
  }
};

export const countPdfPages = async (bytes: Uint8Array) => (await openPdf(bytes)).numPages;

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<typeof openPdf>>["getPage"]>>;
type DecodedImage = { width: number; height: number; kind?: number; data?: Uint8Array | Uint8ClampedArray } | null;

// pdf.js's ImageKind.GRAYSCALE_1BPP: rows of packed bits, a set bit white
const GRAYSCALE_1BPP = 1;

const pixelsOf = (image: {
  width: number;
  height: number;
  kind?: number;
  data: Uint8Array | Uint8ClampedArray;
}): { channels: 1 | 3 | 4; pixels: Uint8Array } | null => {
  const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.length);
  if (image.kind === GRAYSCALE_1BPP) {
    const rowBytes = Math.ceil(image.width / 8);
    const pixels = new Uint8Array(image.width * image.height);
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++)
        pixels[y * image.width + x] = ((data[y * rowBytes + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1 ? 255 : 0;
    }
    return { channels: 1, pixels };
  }
  const channels = data.length / (image.width * image.height);
  return channels === 1 || channels === 3 || channels === 4 ? { channels, pixels: data } : null;
};

// Smaller images are icons, bullets and rules, not figures; a figure is stored at most this large.
const MIN_FIGURE_SIDE = 100;
const MAX_FIGURE_SIDE = 1024;
const CAPTION = /^(?:Abbildung|Abb\.|Figure|Fig\.|Grafik|Bild|Diagramm|Chart)\s*\d*[.:]?\s+\S/i;

// an image pdf.js could not decode never resolves: given up after this long
const DECODE_WAIT_MS = 5000;

const isFigureSize = (width: unknown, height: unknown) =>
  typeof width !== "number" ||
  typeof height !== "number" ||
  (width >= MIN_FIGURE_SIDE && height >= MIN_FIGURE_SIDE && width * height <= MAX_DECODED_PIXELS);

// An image of the page as PNG of at most `maxSide` pixels a side (pdf.js decodes it: 1-bit, grey, RGB or RGBA), or
// null when it is smaller than a figure or cannot be decoded.
const imagePng = async (page: PdfPage, key: string, maxSide: number) => {
  const store = key.startsWith("g_") ? page.commonObjs : page.objs;
  const image = await new Promise<DecodedImage>((resolve) => {
    const timer = setTimeout(() => resolve(null), DECODE_WAIT_MS);
    store.get(key, (decoded: DecodedImage) => {
      clearTimeout(timer);
      resolve(decoded);
    });
  });
  if (!image?.data || image.width < MIN_FIGURE_SIDE || image.height < MIN_FIGURE_SIDE) return null;
  const decoded = pixelsOf({ ...image, data: image.data });
  if (!decoded) return null;
  const small = shrinkPixels(image.width, image.height, decoded.channels, decoded.pixels, maxSide);
  return encodePng(small.width, small.height, decoded.channels, small.pixels);
};

// The page's images large enough to be figures, up to `quota`, as PNG. An image drawn again (a logo on every page)
// is taken once: `seen` holds the keys taken so far.
const pageFigures = async (
  page: PdfPage,
  operators: Operators,
  pageNumber: number,
  captions: string[],
  seen: Set<string>,
  quota: number,
): Promise<Figure[]> => {
  const { OPS } = await getResolvedPDFJS();
  const figures: Figure[] = [];
  for (const [i, operator] of operators.fnArray.entries()) {
    if (figures.length >= quota) break;
    // the paint arguments carry the size: icons and oversized scans are not decoded at all
    const [name, width, height] = (operators.argsArray[i] ?? []) as unknown[];
    if (operator !== OPS.paintImageXObject || !isFigureSize(width, height)) continue;
    const key = String(name ?? "");
    const seenKey = key.startsWith("g_") ? key : `${pageNumber}:${key}`;
    if (seen.has(seenKey)) continue;
    seen.add(seenKey);
    const png = await imagePng(page, key, MAX_FIGURE_SIDE);
    if (png)
      figures.push({ page: pageNumber, bytes: png, mimeType: "image/png", caption: captions[figures.length] ?? "" });
  }
  return figures;
};

// A page with fewer characters than this in its text layer is read as a scan (a page number or a stamp aside).
const MIN_TEXT_LAYER_CHARS = 20;
// A scan is sent to the image-to-text model at most this large (vision models scale larger images down anyway),
// and at most this many images of one page (the largest: a scan is usually one image, sometimes a few strips).
const MAX_SCAN_SIDE = 2048;
const MAX_SCANS_PER_PAGE = 4;

const textLayerChars = (items: TextItem[]) => items.reduce((sum, item) => sum + item.str.replace(/\s/g, "").length, 0);

// The images of a page without a text layer, largest first (none: a blank page, not a scan).
const scanImages = async (operators: Operators) => {
  const { OPS } = await getResolvedPDFJS();
  const images = new Map<string, number>();
  for (const [i, operator] of operators.fnArray.entries()) {
    const [name, width, height] = (operators.argsArray[i] ?? []) as unknown[];
    if (operator !== OPS.paintImageXObject || typeof width !== "number" || typeof height !== "number") continue;
    if (width >= MIN_FIGURE_SIDE && height >= MIN_FIGURE_SIDE) images.set(String(name ?? ""), width * height);
  }
  return [...images].toSorted((a, b) => b[1] - a[1]).slice(0, MAX_SCANS_PER_PAGE);
};

// The scan(s) of the page as PNG for OCR; an image over the decoding bound is left out (pdf.js does not decode it).
const pageScans = async (page: PdfPage, images: [string, number][], pageNumber: number): Promise<Figure[]> => {
  const scans: Figure[] = [];
  for (const [key, pixels] of images) {
    const png = pixels <= MAX_SCAN_PIXELS ? await imagePng(page, key, MAX_SCAN_SIDE) : null;
    if (png) scans.push({ page: pageNumber, bytes: png, mimeType: "image/png", caption: "" });
  }
  return scans;
};

// A font pdf.js loaded for the page (its name and weight), once the operator list has been built.
const fontOf = (page: PdfPage) => (name: string) => {
  try {
    return page.commonObjs.get(name) as { name?: string; bold?: boolean; black?: boolean } | undefined;
  } catch {
    return undefined;
  }
};

// The blocks of the task's page range (1-based, inclusive) laid out from the text layer (pdf-layout/layout.ts:
// headings, columns, tables, running headers left out; without `layout` each page top to bottom), and (`withFigures`) the figures on those pages with the
// captions ("Abbildung 2: …") of the page in order. Pages that draw an image but have (almost) no text layer are
// `textless`; with `withScans` their images come along as `scans`, for OCR.
export const parsePdf = async (
  bytes: Uint8Array,
  fromPage: number,
  toPage: number,
  withFigures = false,
  layout = true,
  withScans = false,
): Promise<ParsedDocument> => {
  const pdf = await openPdf(bytes, withScans ? MAX_SCAN_PIXELS : MAX_DECODED_PIXELS);
  try {
    const { OPS } = await getResolvedPDFJS();
    const last = Math.min(toPage, pdf.numPages);
    const pages: PageContent[] = [];
    const figures: Figure[] = [];
    const scans: Figure[] = [];
    const textless: number[] = [];
    const seen = new Set<string>();
    for (let number = Math.max(1, fromPage); number <= last; number++) {
      const page = await pdf.getPage(number);
      // the operator list has the ruling lines and loads the fonts (bold or not); plain text needs neither
      const content = await page.getTextContent();
      const items = content.items as TextItem[];
      const scanned = textLayerChars(items) < MIN_TEXT_LAYER_CHARS;
      // the images show whether a page without text is a scan; plain text needs the operator list for nothing else
      const operators: Operators =
        layout || withFigures || scanned
          ? ((await page.getOperatorList()) as Operators)
          : { fnArray: [], argsArray: [] };
      const images = scanned ? await scanImages(operators) : [];
      if (images.length) {
        textless.push(number);
        if (withScans) scans.push(...(await pageScans(page, images, number)));
      }
      const rulings = rulingsOf(operators, OPS, page.view, PDF_LAYOUT_MAX_RULINGS + 1);
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
      pages.push({ number, width: x1 - x0, height: y1 - y0, runs: runsOf(items, page.view, fontOf(page)), rulings });
      // a scan is the page itself, not a figure on it
      if (withFigures && figures.length < MAX_FIGURES && !images.length) {
        const captions = items
          .map((item) => item.str + (item.hasEOL ? "\n" : ""))
          .join("")
          .split("\n")
          .map((line) => line.trim())
          .filter((line) => CAPTION.test(line));
        figures.push(...(await pageFigures(page, operators, number, captions, seen, MAX_FIGURES - figures.length)));
      }
      // decoded images and fonts of the page go before the next one
      page.cleanup();
    }
    const { blocks, tables } = layoutPages(pages, {
      maxRuns: layout ? PDF_LAYOUT_MAX_TEXT_ITEMS : -1,
      maxRulings: PDF_LAYOUT_MAX_RULINGS,
    });
    return { blocks, tables, pageCount: pdf.numPages, figures, textless, scans };
  } finally {
    await pdf.cleanup();
  }
};
