import { HStack, IconButton, Input, Text } from "@chakra-ui/react";
import { ChevronLeft, ChevronRight, ZoomIn, ZoomOut } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";

export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 4;
const ZOOM_STEP = 1.25;

type Props = {
  page: number;
  pages: number;
  zoom: number;
  onPage: (page: number) => void;
  onZoom: (zoom: number) => void;
};

// The typed number is applied on Enter or when the field loses focus; anything out of range is clamped by onPage.
const PageInput = ({ page, pages, onPage }: Pick<Props, "page" | "pages" | "onPage">) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(String(page));
  const commit = () => {
    const typed = Number.parseInt(draft, 10);
    if (Number.isFinite(typed)) onPage(typed);
    else setDraft(String(page));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter") commit();
  };
  return (
    <Input
      size="sm"
      w="16"
      type="number"
      inputMode="numeric"
      min={1}
      max={pages}
      value={draft}
      aria-label={t("preview.pdf.pageNumber")}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={commit}
    />
  );
};

export const PdfToolbar = ({ page, pages, zoom, onPage, onZoom }: Props) => {
  const { t } = useTranslation();
  const percent = Math.round(zoom * 100);
  return (
    <HStack role="group" aria-label={t("preview.pdf.controls")} gap="1" flexWrap="wrap" justify="center">
      <IconButton
        size="sm"
        variant="ghost"
        aria-label={t("preview.pdf.previous")}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft />
      </IconButton>
      <Text
        fontSize="sm"
        minW="14"
        textAlign="center"
        fontVariantNumeric="tabular-nums"
        aria-live="polite"
        data-testid="pdf-page-indicator"
      >
        {page} / {pages}
      </Text>
      <IconButton
        size="sm"
        variant="ghost"
        aria-label={t("preview.pdf.next")}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        <ChevronRight />
      </IconButton>
      {/* keyed by page so the field shows the new page after every turn */}
      <PageInput key={page} page={page} pages={pages} onPage={onPage} />
      <IconButton
        size="sm"
        variant="ghost"
        ms="3"
        aria-label={t("preview.pdf.zoomOut")}
        disabled={zoom <= MIN_ZOOM}
        onClick={() => onZoom(Math.max(MIN_ZOOM, zoom / ZOOM_STEP))}
      >
        <ZoomOut />
      </IconButton>
      <Text
        fontSize="sm"
        minW="12"
        textAlign="center"
        fontVariantNumeric="tabular-nums"
        aria-label={t("preview.pdf.zoomLevel", { percent })}
      >
        {percent} %
      </Text>
      <IconButton
        size="sm"
        variant="ghost"
        aria-label={t("preview.pdf.zoomIn")}
        disabled={zoom >= MAX_ZOOM}
        onClick={() => onZoom(Math.min(MAX_ZOOM, zoom * ZOOM_STEP))}
      >
        <ZoomIn />
      </IconButton>
    </HStack>
  );
};
