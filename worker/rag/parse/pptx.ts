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
  type Table,
} from "./types";
import { enclosed } from "./markup";
import { notesText, slideBlocks } from "./pptx-slide";
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

const PRESENTATION = "ppt/presentation.xml";
const PRESENTATION_RELS = "ppt/_rels/presentation.xml.rels";
const NOTES = /^ppt\/notesSlides\/notesSlide\d+\.xml$/;

const relationships = (rels: string) =>
  [...rels.matchAll(/<Relationship\b[^>]*>/g)].map(([tag]) => ({
    id: attribute(tag, "Id"),
    type: attribute(tag, "Type"),
    target: attribute(tag, "Target"),
  }));

// ppt/slides/… from a target relative to ppt/slides/ or ppt/ ("../notesSlides/notesSlide1.xml", "slides/slide1.xml")
const partPath = (target: string, from: "ppt/" | "ppt/slides/") =>
  target.startsWith("/") ? target.slice(1) : from === "ppt/" ? `ppt/${target}` : `ppt/${target.replace(/^\.\.\//, "")}`;

// The slide files in the order of the show (presentation.xml's slide list), else by their file number.
const slideOrder = (files: Record<string, Uint8Array>) => {
  const byNumber = Object.keys(files)
    .filter((name) => SLIDE.test(name))
    .toSorted((a, b) => Number(SLIDE.exec(a)?.[1]) - Number(SLIDE.exec(b)?.[1]));
  const targets = new Map(
    relationships(strFromU8(files[PRESENTATION_RELS] ?? new Uint8Array())).map((rel) => [
      rel.id,
      partPath(rel.target, "ppt/"),
    ]),
  );
  const listed = [...strFromU8(files[PRESENTATION] ?? new Uint8Array()).matchAll(/<p:sldId\b[^<>]*>/g)]
    .map(([tag]) => targets.get(attribute(tag, "r:id")) ?? "")
    .filter((path) => files[path]);
  return listed.length ? [...listed, ...byNumber.filter((name) => !listed.includes(name))] : byNumber;
};

// Per slide, its number in the show as page: the title (a heading), the text shapes (lists as "- " lines), the
// tables as HTML (also kept as tables for the table and qa methods) and the speaker notes ("Notes: …"); with
// `withFigures` the slides' pictures too, their alt text as caption.
export const parsePptx = (bytes: Uint8Array, withFigures = false): ParsedDocument => {
  const files = unzipBounded(
    bytes,
    (name) =>
      SLIDE.test(name) ||
      SLIDE_RELS.test(name) ||
      NOTES.test(name) ||
      name === PRESENTATION ||
      name === PRESENTATION_RELS ||
      (withFigures && MEDIA.test(name)),
  );
  const slides = slideOrder(files).map((path, i) => {
    const rels = strFromU8(files[path.replace(SLIDE, "ppt/slides/_rels/slide$1.xml.rels")] ?? new Uint8Array());
    return { number: i + 1, xml: strFromU8(files[path] ?? new Uint8Array()), rels };
  });
  const blocks: Block[] = [];
  const tables: Table[] = [];
  for (const slide of slides) {
    const { title, body, tables: slideTables } = slideBlocks(slide.xml, slide.number, tables.length);
    const notesPath = relationships(slide.rels).find((rel) => rel.type.endsWith("/notesSlide"))?.target;
    const notes = notesPath ? notesText(strFromU8(files[partPath(notesPath, "ppt/slides/")] ?? new Uint8Array())) : "";
    blocks.push(...title, ...body);
    if (notes) blocks.push({ kind: "text", page: slide.number, text: `Notes: ${notes}` });
    tables.push(...slideTables);
  }
  const seen = new Set<string>();
  const figures = withFigures
    ? slides.flatMap((slide) => slideFigures(slide, slide.rels, files, seen)).slice(0, MAX_FIGURES)
    : [];
  return { blocks, tables, pageCount: slides.length, figures };
};
