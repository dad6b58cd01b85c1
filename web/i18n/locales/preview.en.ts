import type { previewDe } from "./preview.de";

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

// Strings of the file preview and the full-page document viewer (English).
export const previewEn: Shape<typeof previewDe> = {
  loading: "Loading preview …",
  downloadError: "Error downloading file, try again later",
  retry: "Try again",
  download: "Download",
  readError: "The file could not be read. Download it to open it in a suitable program.",
  chunkLoadError: "The preview could not be loaded: the connection failed or took too long. Reload the page.",
  reload: "Reload page",
  unsupported: "No preview for this file type",
  unsupportedHint: "Download the file to open it.",
  truncated: "Only the start of the file is shown (the first {{size}}).",
  missingDataset: "The address lacks the document's knowledge base.",
  table: {
    sheets: "Sheets",
    rowsShown: "Showing {{shown}} of {{total}} rows",
    empty: "This sheet is empty.",
  },
  pdf: {
    controls: "PDF controls",
    previous: "Previous page",
    next: "Next page",
    pageNumber: "Go to page",
    pageOf: "Page {{page}} of {{pages}}",
    region: "Cited passage on page {{page}}",
    zoomIn: "Zoom in",
    zoomOut: "Zoom out",
    zoomLevel: "Zoom {{percent}} %",
    pages: "PDF pages; use the arrow keys to turn pages",
  },
  cited: {
    found: "The cited passage is highlighted.",
    foundOnPages: "The cited passage is highlighted on page {{pages}}.",
    onPages: "The cited passage is on page {{pages}}.",
    missing: "The cited passage was not found in this preview.",
    show: "Go to passage",
  },
};
