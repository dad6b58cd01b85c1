import mammoth from "mammoth";
import { parseHtmlString } from "./html";
import type { ParsedDocument } from "./types";
import { UnreadableDocumentError } from "./types";

// DOCX → HTML with mammoth (headings and tables kept) → the HTML reader.
export const parseDocx = async (bytes: Uint8Array): Promise<ParsedDocument> => {
  try {
    // mammoth's Node build (used under nodejs_compat) reads `buffer`, not `arrayBuffer`
    const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
    return parseHtmlString(value);
  } catch (error) {
    throw new UnreadableDocumentError(`The Word document cannot be read: ${(error as Error).message}`);
  }
};
