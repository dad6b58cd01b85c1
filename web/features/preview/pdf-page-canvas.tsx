import { Box, chakra } from "@chakra-ui/react";
import { type RefObject, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PDFDocumentProxy, PDFPageProxy, PageViewport, RenderTask } from "unpdf/pdfjs";
import { type Box as HighlightBox, chunkBoxes, type TextPiece } from "./pdf-highlight";
import { type ChunkPosition, regionBoxes } from "./pdf-region";
import { ReadError } from "./read-state";

// highlight: the cited chunk's text, marked where it is on this page; positions: the chunk's regions (drawn
// over the page where they are on it); onHighlight (stable) says whether the text or a region was found.
type Props = {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  scale: number;
  highlight?: string;
  positions?: ChunkPosition[];
  onHighlight?: (found: boolean) => void;
  // the element to scroll to and focus when the reader asks for the cited passage
  regionRef?: RefObject<HTMLDivElement | null>;
};

const isCancellation = (error: unknown) => (error as { name?: string } | null)?.name === "RenderingCancelledException";

const highlightBoxes = async (page: PDFPageProxy, viewport: PageViewport, chunk: string) => {
  const content = await page.getTextContent();
  const pieces = content.items.filter((item): item is TextPiece & (typeof content.items)[number] => "str" in item);
  return chunkBoxes(pieces, viewport, chunk);
};

// One page drawn at the screen's pixel density; a new page or zoom cancels the drawing still under way.
export const PdfPageCanvas = ({ pdf, pageNumber, scale, highlight, positions, onHighlight, regionRef }: Props) => {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const firstBoxRef = useRef<HTMLDivElement>(null);
  const ownRegionRef = useRef<HTMLDivElement>(null);
  const firstRegionRef = regionRef ?? ownRegionRef;
  const [failed, setFailed] = useState(false);
  const [boxes, setBoxes] = useState<HighlightBox[]>([]);
  const [regions, setRegions] = useState<HighlightBox[]>([]);
  // a new array of the same positions does not draw the page again
  const positionsKey = JSON.stringify(positions ?? []);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let cancelled = false;
    let task: RenderTask | undefined;
    setBoxes([]);
    setRegions([]);
    pdf
      .getPage(pageNumber)
      .then(async (page) => {
        if (cancelled) return;
        const viewport = page.getViewport({ scale });
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        task = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
        await task.promise;
        if (cancelled) return;
        const marked = regionBoxes(JSON.parse(positionsKey) as ChunkPosition[], pageNumber, viewport);
        setRegions(marked);
        if (!highlight) {
          if (marked.length > 0) onHighlight?.(true);
          return;
        }
        const found = await highlightBoxes(page, viewport, highlight);
        if (cancelled) return;
        setBoxes(found);
        onHighlight?.(found.length > 0 || marked.length > 0);
      })
      .then(
        () => !cancelled && setFailed(false),
        (error: unknown) => !cancelled && !isCancellation(error) && setFailed(true),
      );
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber, scale, highlight, positionsKey, onHighlight]);

  // the region is where the chunk is; without one, its text
  useEffect(() => {
    if (regions.length > 0) firstRegionRef.current?.scrollIntoView({ block: "center" });
    else if (boxes.length > 0) firstBoxRef.current?.scrollIntoView({ block: "center" });
  }, [boxes, regions, firstRegionRef]);

  return (
    <>
      {failed && <ReadError />}
      <Box position="relative" w="fit-content" mx="auto">
        <chakra.canvas
          ref={canvasRef}
          role="img"
          aria-label={t("preview.pdf.pageOf", { page: pageNumber, pages: pdf.numPages })}
          display="block"
          bg="white"
          boxShadow="md"
          data-testid="pdf-page"
        />
        {boxes.map((box, index) => (
          <Box
            // boxes have no identity but their place, and are replaced all at once
            key={index}
            ref={index === 0 ? firstBoxRef : undefined}
            position="absolute"
            pointerEvents="none"
            bg="yellow.300"
            opacity="0.45"
            mixBlendMode="multiply"
            rounded="xs"
            style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
            data-testid="pdf-highlight"
          />
        ))}
        {regions.map((region, index) => (
          <Box
            key={`region-${index}`}
            ref={index === 0 ? firstRegionRef : undefined}
            // the reader reaches the cited region from the keyboard ("Zur Stelle springen" focuses it too)
            as="mark"
            tabIndex={0}
            aria-label={t("preview.pdf.region", { page: pageNumber })}
            position="absolute"
            pointerEvents="none"
            borderWidth="2px"
            borderColor={{ base: "orange.500", _dark: "orange.400" }}
            bg={{ base: "orange.300/20", _dark: "orange.400/25" }}
            rounded="sm"
            outline="none"
            _focusVisible={{ boxShadow: "0 0 0 3px var(--chakra-colors-blue-500)" }}
            style={{ left: region.left - 3, top: region.top - 3, width: region.width + 6, height: region.height + 6 }}
            data-testid="pdf-region"
          />
        ))}
      </Box>
    </>
  );
};
