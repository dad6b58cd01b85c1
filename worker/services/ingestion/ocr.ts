import { parseText } from "../../rag/parse/text";
import type { Block, ParsedDocument } from "../../rag/parse/types";
import type { Deps } from "../context";
import { seconds } from "../progress/lines";
import { type ImageModel, imageText } from "./describe-image";

const OCR_PROMPT =
  "This is a scanned page. Transcribe all of its text exactly as written, in reading order and in its own language. " +
  "Write Markdown: # before headings, - before list items, tables as Markdown tables. Answer with the page's text only, no comments.";

// "1–3, 5, 7–8"
export const pageList = (pages: number[]) => {
  const runs: [number, number][] = [];
  for (const page of pages.toSorted((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && page === last[1] + 1) last[1] = page;
    else runs.push([page, page]);
  }
  return runs.map(([from, to]) => (from === to ? `${from}` : `${from}–${to}`)).join(", ");
};

export const ocrMissingLine = (pages: number[]) =>
  `[WARN] Pages without a text layer (scanned images) were not read: ${pageList(pages)}. Set an image-to-text model in the system model settings to read them by OCR.`;

export const scannedOnlyMessage = (pages: number[]) =>
  `No text found: ${pages.length === 1 ? "page" : "pages"} ${pageList(pages)} ${pages.length === 1 ? "is a scanned image" : "are scanned images"} without a text layer. Set an image-to-text model in the system model settings to read them by OCR.`;

// The task's end when no page gave text and OCR ran out of time before some scanned pages.
export const ocrStoppedMessage = (pages: number[]) =>
  `No text found: OCR stopped at the task's time budget; pages without text: ${pageList(pages)}.`;

const FENCE = /^```[\w-]*\n([\s\S]*?)\n?```$/;

// The page's text as blocks (Markdown headings kept), on its page.
const pageBlocks = (text: string, page: number): Block[] => {
  const plain = FENCE.exec(text.trim())?.[1] ?? text;
  return parseText(new TextEncoder().encode(plain), true).blocks.map((block) => ({ ...block, page }));
};

const pagesCount = (count: number) => `${count} ${count === 1 ? "page" : "pages"}`;

type Report = (progress: number, message?: string) => Promise<void>;

// Scanned pages (no text layer, an image drawn) get their text from the image-to-text model, page by page, within
// the configured time budget (OCR_BUDGET_SECONDS, from the first page on: that one is always read); a page read
// replaces what little text layer it had, the pages left are named in the log and in `ocrStopped`, the pages
// still without text stay in `textless`. Without a model the pages are named in the log.
export const readScannedPages = async (
  deps: Deps,
  tenantId: string,
  parsed: ParsedDocument,
  model: ImageModel | null,
  report: Report,
): Promise<ParsedDocument> => {
  const budgetMs = deps.config.ocrBudgetMs;
  const textless = parsed.textless ?? [];
  if (textless.length === 0) return parsed;
  if (!model) {
    await report(0.5, ocrMissingLine(textless));
    return parsed;
  }
  const started = Date.now();
  await report(0.5, `OCR of ${pagesCount(textless.length)} without a text layer with ${model.id}.`);
  const read = new Map<number, Block[]>();
  const left: number[] = [];
  for (const [index, page] of textless.entries()) {
    if (index > 0 && Date.now() - started > budgetMs) {
      left.push(page);
      continue;
    }
    const scans = (parsed.scans ?? []).filter((scan) => scan.page === page);
    const texts: string[] = [];
    for (const scan of scans) {
      const text = await imageText(deps, tenantId, model, scan.bytes, scan.mimeType, OCR_PROMPT).catch(
        async (error: Error) => {
          await report(0.5, `[WARN] OCR of page ${page} failed: ${error.message}`);
          return "";
        },
      );
      if (text) texts.push(text);
    }
    // a heartbeat per page: a stopped task stops here
    await report(0.5);
    if (texts.length)
      read.set(
        page,
        texts.flatMap((text) => pageBlocks(text, page)),
      );
  }
  if (left.length)
    await report(
      0.5,
      `[WARN] OCR stopped after ${Math.round(budgetMs / 1000)}s, the task's time budget; pages not read: ${pageList(left)}.`,
    );
  await report(0.5, `OCR: ${read.size} of ${pagesCount(textless.length)} read (${seconds(started)}).`);
  // pages keep their order; a page read by OCR loses its stray text-layer blocks
  const blocks = [...parsed.blocks.filter((block) => !read.has(block.page ?? 0)), ...[...read.values()].flat()];
  return {
    ...parsed,
    blocks: blocks.toSorted((a, b) => (a.page ?? 0) - (b.page ?? 0)),
    textless: textless.filter((page) => !read.has(page)),
    ...(left.length ? { ocrStopped: left } : {}),
  };
};
