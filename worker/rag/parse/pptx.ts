import { strFromU8 } from "fflate";
import { decodeEntities } from "../html-links";
import { contentTypeFor } from "../../lib/content-types";
import {
  type Block,
  FIGURE_MIME_TYPES,
  type Figure,
  MAX_FIGURES,
  MIN_FIGURE_BYTES,
  type ParsedDocument,
} from "./types";
import { enclosed } from "./markup";
import { unzipBounded } from "./zip";

const SLIDE = /^ppt\/slides\/slide(\d+)\.xml$/;
const SLIDE_RELS = /^ppt\/slides\/_rels\/slide(\d+)\.xml\.rels$/;
const MEDIA = /^ppt\/media\//;

const attribute = (xml: string, name: string) =>
  decodeEntities(new RegExp(`\\b${name}="([^"]*)"`).exec(xml)?.[1] ?? "");

// The slide's pictures in order (<p:pic>: alt text in cNvPr's descr, the image by relationship id), each media
// file once in the whole presentation.
const slideFigures = (
  slide: { number: number; xml: string },
  rels: string,
  files: Record<string, Uint8Array>,
  seen: Set<string>,
): Figure[] => {
  const targets = new Map(
    [...rels.matchAll(/<Relationship\b[^>]*>/g)].map(([tag]) => [attribute(tag, "Id"), attribute(tag, "Target")]),
  );
  return [...enclosed(slide.xml, /<p:pic>/g, () => /<\/p:pic>/g)].flatMap(({ inner: pic }): Figure[] => {
    const target = targets.get(attribute(/<a:blip\b[^>]*>/.exec(pic ?? "")?.[0] ?? "", "r:embed")) ?? "";
    const path = `ppt/${target.replace(/^\.\.\//, "")}`;
    const mimeType = contentTypeFor(path.split(".").pop()?.toLowerCase() ?? "");
    const bytes = files[path];
    if (!FIGURE_MIME_TYPES.has(mimeType) || !bytes || bytes.length < MIN_FIGURE_BYTES || seen.has(path)) return [];
    seen.add(path);
    return [
      {
        page: slide.number,
        bytes,
        mimeType,
        caption: attribute(/<p:cNvPr\b[^>]*>/.exec(pic ?? "")?.[0] ?? "", "descr").trim(),
      },
    ];
  });
};

// One block per slide: the text runs (<a:t>) of each paragraph, in slide order; with `withFigures` the slides'
// pictures too, their alt text as caption.
export const parsePptx = (bytes: Uint8Array, withFigures = false): ParsedDocument => {
  const files = unzipBounded(
    bytes,
    (name) => SLIDE.test(name) || (withFigures && (SLIDE_RELS.test(name) || MEDIA.test(name))),
  );
  const slides = Object.entries(files)
    .filter(([name]) => SLIDE.test(name))
    .map(([name, data]) => ({ number: Number(SLIDE.exec(name)?.[1] ?? 0), xml: strFromU8(data) }))
    .toSorted((a, b) => a.number - b.number);
  const blocks: Block[] = slides.map(({ number, xml }) => {
    const paragraphs = [...enclosed(xml, /<a:p>/g, () => /<\/a:p>/g)].map((p) =>
      [...enclosed(p.inner, /<a:t>/g, () => /<\/a:t>/g)].map((t) => decodeEntities(t.inner)).join(""),
    );
    return { kind: "slide", page: number, text: paragraphs.filter((line) => line.trim()).join("\n") };
  });
  const seen = new Set<string>();
  const figures = withFigures
    ? slides
        .flatMap((slide) =>
          slideFigures(
            slide,
            strFromU8(files[`ppt/slides/_rels/slide${slide.number}.xml.rels`] ?? new Uint8Array()),
            files,
            seen,
          ),
        )
        .slice(0, MAX_FIGURES)
    : [];
  return { blocks: blocks.filter((block) => block.text.trim()), pageCount: slides.length, figures };
};
