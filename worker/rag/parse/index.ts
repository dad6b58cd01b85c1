import { parseCsv } from "./csv";
import { parseDocx } from "./docx";
import { parseEml } from "./eml";
import { parseHtml } from "./html";
import { parseJson } from "./json";
import { parsePdf } from "./pdf";
import { parsePptx } from "./pptx";
import { parseText } from "./text";
import { type ParsedDocument, type ParseOptions, UnreadableDocumentError } from "./types";
import { parseXlsx } from "./xlsx";

// Picks the reader by file extension. Every reader returns blocks of text in reading order.
export const parseDocument = async (
  suffix: string,
  name: string,
  bytes: Uint8Array,
  options: ParseOptions,
): Promise<ParsedDocument> => {
  if (bytes.byteLength === 0 && suffix !== "pdf") throw new UnreadableDocumentError("The file is empty (0 bytes).");
  switch (suffix) {
    case "pdf":
      return parsePdf(
        bytes,
        options.fromPage,
        options.toPage,
        options.figures ?? false,
        options.layout ?? true,
        options.scans ?? false,
      );
    case "docx":
      return parseDocx(bytes, options.figures ?? false);
    case "xlsx":
    case "xls":
      return parseXlsx(bytes, options.html4excel);
    case "csv":
      return parseCsv(bytes, name);
    case "txt":
      return parseText(bytes);
    case "md":
    case "mdx":
      return parseText(bytes, true);
    case "html":
    case "htm":
      return parseHtml(bytes);
    case "json":
      return parseJson(bytes, false);
    case "jsonl":
      return parseJson(bytes, true);
    case "pptx":
      return parsePptx(bytes, options.figures ?? false);
    case "eml":
      return parseEml(bytes, options, parseDocument);
    case "doc":
      throw new UnreadableDocumentError(
        "Old binary Word files (.doc) cannot be read. Save the file as .docx and upload it again.",
      );
    default:
      throw new UnreadableDocumentError(`Files of type .${suffix} cannot be parsed.`);
  }
};

export { UnreadableDocumentError };
export type { ParsedDocument };
