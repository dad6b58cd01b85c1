import type { PDFDocumentProxy } from "unpdf/pdfjs";
import { loadChunk } from "../../lib/load-chunk";

// pdf.js (bundled by unpdf) is loaded only when a PDF is opened, so it stays out of the main bundle.
// unpdf's build runs pdf.js's worker code on the main thread: no worker file to serve.
export const loadPdf = async (blob: Blob): Promise<PDFDocumentProxy> => {
  const { getDocumentProxy } = await loadChunk(() => import("unpdf"));
  return getDocumentProxy(new Uint8Array(await blob.arrayBuffer()), { verbosity: 0 });
};

export const closePdf = (pdf: PDFDocumentProxy) => {
  void pdf.loadingTask.destroy();
};
