import { Alert, Button } from "@chakra-ui/react";
import { type RefObject, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { chunkRangeIn } from "./text-range";

// What a citation opens the preview at: the chunk's pages (PDF, 1-based) and its text, to highlight; `positions`
// (PDF) the regions it covers, [page, left, right, top, bottom] in points from the page's top left.
export type PreviewFocus = { pages: number[]; text: string; positions?: number[][] };

export const HIGHLIGHT_NAME = "buddy-chunk";

// The CSS Custom Highlight API paints a range without changing the DOM, so React's nodes stay untouched.
// The colours work on both themes' surfaces.
export const highlightCss = {
  [`&::highlight(${HIGHLIGHT_NAME}), & *::highlight(${HIGHLIGHT_NAME})`]: {
    backgroundColor: { base: "yellow.200", _dark: "yellow.700" },
    color: { base: "gray.950", _dark: "white" },
  },
};

const registry = () => (typeof CSS !== "undefined" && "highlights" in CSS ? CSS.highlights : undefined);

export const clearHighlight = () => {
  registry()?.delete(HIGHLIGHT_NAME);
};

const scrollToRange = (range: Range) => {
  const start = range.startContainer;
  const element = start instanceof Element ? start : start.parentElement;
  element?.scrollIntoView({ block: "center" });
};

export type PassageState = { status: "none" | "found" | "missing"; show: () => void };

// Highlights the focus text inside the element (once it holds the rendered document) and scrolls to it.
export const useTextHighlight = (ref: RefObject<HTMLElement | null>, focus: PreviewFocus | undefined) => {
  const [range, setRange] = useState<Range | null | undefined>(undefined);
  useEffect(() => {
    const root = ref.current;
    if (!root || !focus?.text) return;
    const found = chunkRangeIn(root, focus.text);
    setRange(found);
    if (!found) return;
    registry()?.set(HIGHLIGHT_NAME, new Highlight(found));
    scrollToRange(found);
    return clearHighlight;
  }, [ref, focus?.text]);
  const show = useCallback(() => range && scrollToRange(range), [range]);
  const status: PassageState["status"] = range === undefined ? "none" : range ? "found" : "missing";
  return { status, show };
};

const pageList = (pages: number[]) => {
  const first = pages[0];
  const last = pages.at(-1);
  return first === last || last === undefined ? String(first) : `${first}–${last}`;
};

// The line above a preview opened from a citation: whether the passage is marked, and a button back to it.
export const CitedPassageNote = ({ state, pages = [] }: { state: PassageState; pages?: number[] }) => {
  const { t } = useTranslation();
  if (state.status === "none" && pages.length === 0) return null;
  const onPages = { pages: pages.length ? pageList(pages) : "" };
  const text =
    state.status === "missing" && pages.length === 0
      ? t("preview.cited.missing")
      : state.status === "found"
        ? pages.length
          ? t("preview.cited.foundOnPages", onPages)
          : t("preview.cited.found")
        : t("preview.cited.onPages", onPages);
  return (
    <Alert.Root status={state.status === "missing" && pages.length === 0 ? "warning" : "info"} size="sm" mb="3">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description data-testid="cited-passage-note">{text}</Alert.Description>
      </Alert.Content>
      {(state.status === "found" || pages.length > 0) && (
        <Button size="xs" variant="outline" onClick={state.show} data-testid="cited-passage-show">
          {t("preview.cited.show")}
        </Button>
      )}
    </Alert.Root>
  );
};
