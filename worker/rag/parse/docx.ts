import mammoth from "mammoth";
import { base64ToBytes } from "../../lib/bytes";
import { DOCX_STYLE_MAP, parseDocxHtml } from "./docx-html";
import { FIGURE_MIME_TYPES, type Figure, MAX_FIGURES, MIN_FIGURE_BYTES, type ParsedDocument } from "./types";
import { UnreadableDocumentError } from "./types";
import { storedZip, unzipBounded } from "./zip";

// Word's own alt text ends with this line
const GENERATED = /\n*Description automatically generated\s*$/i;

type MammothImage = { contentType: string; altText?: string; read: (encoding: "base64") => Promise<string> };

const MEDIA = /^word\/media\//;

// DOCX → HTML with mammoth (headings by style, tables, lists) → blocks; with `withFigures` the embedded
// pictures too, their alt text as caption. The file is unpacked within the zip bounds first and mammoth given
// the unpacked parts (pictures only when wanted), so it inflates nothing itself.
export const parseDocx = async (bytes: Uint8Array, withFigures = false): Promise<ParsedDocument> => {
  const unpacked = storedZip(unzipBounded(bytes, (name) => withFigures || !MEDIA.test(name)));
  try {
    // wrangler bundles mammoth's browser build (reads `arrayBuffer`), the vitest pool its Node build
    // (reads `buffer`): give both so either one finds the file
    const arrayBuffer = unpacked.buffer as ArrayBuffer;
    const figures: Figure[] = [];
    const convertImage = mammoth.images.imgElement(async (image: MammothImage) => {
      if (withFigures && FIGURE_MIME_TYPES.has(image.contentType) && figures.length < MAX_FIGURES) {
        const data = base64ToBytes(await image.read("base64"));
        if (data.length >= MIN_FIGURE_BYTES)
          figures.push({
            page: 1,
            bytes: data,
            mimeType: image.contentType,
            caption: (image.altText ?? "").replace(GENERATED, "").trim(),
          });
      }
      return { src: "" };
    });
    const { value } = await mammoth.convertToHtml(
      { arrayBuffer, buffer: Buffer.from(unpacked) } as Parameters<typeof mammoth.convertToHtml>[0],
      { convertImage, styleMap: DOCX_STYLE_MAP },
    );
    return { ...parseDocxHtml(value), figures };
  } catch (error) {
    throw new UnreadableDocumentError(`The Word document cannot be read: ${(error as Error).message}`);
  }
};
