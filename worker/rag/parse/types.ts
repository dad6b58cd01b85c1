// [left, top, right, bottom] in PDF points from the page's top left
export type BlockBox = [number, number, number, number];

// `toc`: a table of contents (PDF); `box`: where a PDF block sits on its page; `continued`: where a paragraph
// hyphenated at the end of a column or page goes on (its other places)
export type Block = {
  text: string;
  kind: "text" | "heading" | "table" | "toc";
  page?: number;
  level?: number;
  box?: BlockBox;
  continued?: { page: number; box: BlockBox }[];
};

// `title`: a spreadsheet's title rows above its header ("Stanley Cups"), where it has them; `page` and `box`: where
// a table was found in a PDF (its layout), absent for spreadsheets and HTML
export type Table = {
  name: string;
  headers: string[];
  rows: string[][];
  title?: string;
  page?: number;
  box?: BlockBox;
};

// An image inside a document (a figure of a PDF, Word file or presentation), with its page or slide and the
// caption found for it ("" if none).
export type Figure = { page: number; bytes: Uint8Array; mimeType: string; caption: string };

// A document has at most this many figures per task.
export const MAX_FIGURES = 20;
// Embedded pictures a vision model reads (Word files, presentations); smaller files are icons and bullets.
export const FIGURE_MIME_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
export const MIN_FIGURE_BYTES = 4096;

export type ParsedDocument = {
  blocks: Block[];
  tables?: Table[];
  pageCount?: number;
  figures?: Figure[];
  // PDF pages that draw an image but have (almost) no text layer: scans, read by OCR when a model is set
  textless?: number[];
  // the images of those pages (only when asked for), one or a few per page, the largest first
  scans?: Figure[];
  // scanned pages OCR did not get to within the task's time budget
  ocrStopped?: number[];
  // what the reader left out and why (a limit reached), for the progress log
  notes?: string[];
};

// A parse failure the user should read (encrypted, empty, image-only …), not a crash to retry.
export class UnreadableDocumentError extends Error {}

// `figures`: take the document's figures out too (only worth it when a model will describe them); `layout`:
// false reads a PDF's text top to bottom without looking for columns, tables and contents (layout_recognize
// "Plain Text"); `scans`: the images of PDF pages without a text layer too
export type ParseOptions = {
  fromPage: number;
  toPage: number;
  html4excel: boolean;
  figures?: boolean;
  layout?: boolean;
  // decode the images of PDF pages without a text layer, for OCR
  scans?: boolean;
};
