import { Box, chakra } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PDFDocumentProxy, PDFPageProxy, PageViewport, RenderTask } from "unpdf/pdfjs";
import { type Box as HighlightBox, chunkBoxes, type TextPiece } from "./pdf-highlight";
import { ReadError } from "./read-state";

// highlight: the cited chunk's text, marked where it is on this page; onHighlight (stable) says whether it was found.
type Props = {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  scale: number;
  highlight?: string;
  onHighlight?: (found: boolean) => void;
};

const isCancellation = (error: unknown) => (error as { name?: string } | null)?.name === "RenderingCancelledException";

const highlightBoxes = async (page: PDFPageProxy, viewport: PageViewport, chunk: string) => {
  const content = await page.getTextContent();
  const pieces = content.items.filter((item): item is TextPiece & (typeof content.items)[number] => "str" in item);
  return chunkBoxes(pieces, viewport, chunk);
};

// One page drawn at the screen's pixel density; a new page or zoom cancels the drawing still under way.
export const PdfPageCanvas = ({ pdf, pageNumber, scale, highlight, onHighlight }: Props) => {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const firstBoxRef = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [boxes, setBoxes] = useState<HighlightBox[]>([]);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let cancelled = false;
    let task: RenderTask | undefined;
    setBoxes([]);
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
        if (!highlight || cancelled) return;
        const found = await highlightBoxes(page, viewport, highlight);
        if (cancelled) return;
        setBoxes(found);
        onHighlight?.(found.length > 0);
      })
      .then(
        () => !cancelled && setFailed(false),
        (error: unknown) => !cancelled && !isCancellation(error) && setFailed(true),
      );
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber, scale, highlight, onHighlight]);

  useEffect(() => {
    if (boxes.length > 0) firstBoxRef.current?.scrollIntoView({ block: "center" });
  }, [boxes]);

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
      </Box>
    </>
  );
};
