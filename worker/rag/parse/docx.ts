import mammoth from "mammoth";
import { parseHtmlString } from "./html";
import type { ParsedDocument } from "./types";
import { UnreadableDocumentError } from "./types";

// DOCX → HTML with mammoth (headings and tables kept) → the HTML reader.
export const parseDocx = async (bytes: Uint8Array): Promise<ParsedDocument> => {
  try {
    // wrangler bundles mammoth's browser build (reads `arrayBuffer`), the vitest pool its Node build
    // (reads `buffer`): give both so either one finds the file
    const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const { value } = await mammoth.convertToHtml({ arrayBuffer, buffer: Buffer.from(bytes) } as Parameters<typeof mammoth.convertToHtml>[0]);
    return parseHtmlString(value);
  } catch (error) {
    throw new UnreadableDocumentError(`The Word document cannot be read: ${(error as Error).message}`);
  }
};
