import { Box, Flex } from "@chakra-ui/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { PDFDocumentProxy } from "unpdf/pdfjs";
import { CitedPassageNote, type PreviewFocus } from "./cited-passage";
import { closePdf, loadPdf } from "./load-pdf";
import { PdfPageCanvas } from "./pdf-page-canvas";
import { MIN_ZOOM, PdfToolbar } from "./pdf-toolbar";
import { ReadState } from "./read-state";
import { useBlobRead } from "./use-blob-read";

// PDF points are 1/72 inch, CSS pixels 1/96: at 100 % a page has its printed size.
const CSS_PIXELS_PER_POINT = 96 / 72;
const PAGE_MARGIN_PX = 32;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

// Opened from a citation, the viewer starts at the chunk's first page and marks its regions (from the chunk's
// positions) and its text there and on the chunk's other pages.
const PdfPages = ({ pdf, focus }: { pdf: PDFDocumentProxy; focus?: PreviewFocus }) => {
  const pages = pdf.numPages;
  const citedPages = (focus?.pages ?? []).filter((cited) => cited >= 1 && cited <= pages);
  const [page, setPage] = useState(citedPages[0] ?? 1);
  const [found, setFound] = useState(false);
  const onHighlight = useCallback((onPage: boolean) => onPage && setFound(true), []);
  const [zoom, setZoom] = useState(1);
  const scrollRef = useRef<HTMLDivElement>(null);
  const regionRef = useRef<HTMLDivElement>(null);

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

  const showCited = () => {
    const [first] = citedPages;
    if (first !== undefined && !citedPages.includes(page)) turnTo(first);
    else if (regionRef.current) {
      regionRef.current.scrollIntoView({ block: "center" });
      regionRef.current.focus({ preventScroll: true });
    } else scrollRef.current?.querySelector("[data-testid=pdf-highlight]")?.scrollIntoView({ block: "center" });
  };

  return (
    <Flex direction="column" gap="2" h="full" minH="0">
      {focus && citedPages.length > 0 && (
        <CitedPassageNote state={{ status: found ? "found" : "none", show: showCited }} pages={citedPages} />
      )}
      <PdfToolbar page={page} pages={pages} zoom={zoom} onPage={turnTo} onZoom={setZoom} />
      <Box ref={scrollRef} flex="1" minH="60vh" overflow="auto" p="4" bg="bg.muted" rounded="md" tabIndex={0}>
        <PdfPageCanvas
          pdf={pdf}
          pageNumber={page}
          scale={zoom * CSS_PIXELS_PER_POINT}
          highlight={citedPages.includes(page) ? focus?.text : undefined}
          positions={focus?.positions}
          regionRef={regionRef}
          onHighlight={onHighlight}
        />
      </Box>
    </Flex>
  );
};

// PDF pages drawn to a canvas with pdf.js: works where the browser has no PDF plugin (headless, mobile).
export const PdfViewer = ({ blob, focus }: { blob: Blob; focus?: PreviewFocus }) => (
  <ReadState read={useBlobRead(blob, loadPdf, closePdf)}>{(pdf) => <PdfPages pdf={pdf} focus={focus} />}</ReadState>
);
