import { chakra } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PDFDocumentProxy, RenderTask } from "unpdf/pdfjs";
import { ReadError } from "./read-state";

type Props = { pdf: PDFDocumentProxy; pageNumber: number; scale: number };

const isCancellation = (error: unknown) => (error as { name?: string } | null)?.name === "RenderingCancelledException";

// One page drawn at the screen's pixel density; a new page or zoom cancels the drawing still under way.
export const PdfPageCanvas = ({ pdf, pageNumber, scale }: Props) => {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let cancelled = false;
    let task: RenderTask | undefined;
    pdf
      .getPage(pageNumber)
      .then((page) => {
        if (cancelled) return;
        const viewport = page.getViewport({ scale });
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        task = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
        return task.promise;
      })
      .then(
        () => !cancelled && setFailed(false),
        (error: unknown) => !cancelled && !isCancellation(error) && setFailed(true),
      );
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber, scale]);

  return (
    <>
      {failed && <ReadError />}
      <chakra.canvas
        ref={canvasRef}
        role="img"
        aria-label={t("preview.pdf.pageOf", { page: pageNumber, pages: pdf.numPages })}
        display="block"
        mx="auto"
        bg="white"
        boxShadow="md"
        data-testid="pdf-page"
      />
    </>
  );
};
