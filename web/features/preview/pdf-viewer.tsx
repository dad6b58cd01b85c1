import { Box, Flex } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import type { PDFDocumentProxy } from "unpdf/pdfjs";
import { closePdf, loadPdf } from "./load-pdf";
import { PdfPageCanvas } from "./pdf-page-canvas";
import { MIN_ZOOM, PdfToolbar } from "./pdf-toolbar";
import { ReadState } from "./read-state";
import { useBlobRead } from "./use-blob-read";

// PDF points are 1/72 inch, CSS pixels 1/96: at 100 % a page has its printed size.
const CSS_PIXELS_PER_POINT = 96 / 72;
const PAGE_MARGIN_PX = 32;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

const PdfPages = ({ pdf }: { pdf: PDFDocumentProxy }) => {
  const pages = pdf.numPages;
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(1);
  const scrollRef = useRef<HTMLDivElement>(null);

  // a page wider than the preview starts zoomed out to fit its width
  useEffect(() => {
    const width = scrollRef.current?.clientWidth ?? 0;
    if (width === 0) return;
    let current = true;
    void pdf.getPage(1).then((first) => {
      const fit = (width - PAGE_MARGIN_PX) / first.getViewport({ scale: CSS_PIXELS_PER_POINT }).width;
      if (current && fit < 1) setZoom(Math.max(MIN_ZOOM, fit));
    });
    return () => {
      current = false;
    };
  }, [pdf]);

  const turnTo = (next: number) => {
    setPage(clamp(next, 1, pages));
    scrollRef.current?.scrollTo({ top: 0 });
  };

  return (
    <Flex direction="column" gap="2" h="full" minH="0">
      <PdfToolbar page={page} pages={pages} zoom={zoom} onPage={turnTo} onZoom={setZoom} />
      <Box ref={scrollRef} flex="1" minH="60vh" overflow="auto" p="4" bg="bg.muted" rounded="md" tabIndex={0}>
        <PdfPageCanvas pdf={pdf} pageNumber={page} scale={zoom * CSS_PIXELS_PER_POINT} />
      </Box>
    </Flex>
  );
};

// PDF pages drawn to a canvas with pdf.js: works where the browser has no PDF plugin (headless, mobile).
export const PdfViewer = ({ blob }: { blob: Blob }) => (
  <ReadState read={useBlobRead(blob, loadPdf, closePdf)}>{(pdf) => <PdfPages pdf={pdf} />}</ReadState>
);
