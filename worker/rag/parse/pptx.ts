import { strFromU8, unzipSync } from "fflate";
import { decodeEntities } from "../html-links";
import type { Block, ParsedDocument } from "./types";
import { UnreadableDocumentError } from "./types";

const SLIDE = /^ppt\/slides\/slide(\d+)\.xml$/;

// One block per slide: the text runs (<a:t>) of each paragraph, in slide order.
export const parsePptx = (bytes: Uint8Array): ParsedDocument => {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (file) => SLIDE.test(file.name) });
  } catch (error) {
    throw new UnreadableDocumentError(`The presentation cannot be read: ${(error as Error).message}`);
  }
  const slides = Object.entries(files)
    .map(([name, data]) => ({ number: Number(SLIDE.exec(name)?.[1] ?? 0), xml: strFromU8(data) }))
    .toSorted((a, b) => a.number - b.number);
  const blocks: Block[] = slides.map(({ number, xml }) => {
    const paragraphs = [...xml.matchAll(/<a:p>([\s\S]*?)<\/a:p>/g)].map((p) =>
      [...(p[1] ?? "").matchAll(/<a:t>([\s\S]*?)<\/a:t>/g)].map((t) => decodeEntities(t[1] ?? "")).join(""),
    );
    return { kind: "slide", page: number, text: paragraphs.filter((line) => line.trim()).join("\n") };
  });
  return { blocks: blocks.filter((block) => block.text.trim()), pageCount: slides.length };
};
