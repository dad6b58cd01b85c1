import { getDocumentProxy } from "unpdf";
import type { Block, ParsedDocument } from "./types";
import { UnreadableDocumentError } from "./types";

type TextItem = { str: string; hasEOL?: boolean };

const openPdf = async (bytes: Uint8Array) => {
  if (bytes.byteLength === 0) throw new UnreadableDocumentError("The file is empty (0 bytes).");
  try {
    return await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch (error) {
    const name = (error as { name?: string }).name ?? "";
    if (name === "PasswordException") throw new UnreadableDocumentError("The PDF is password-protected. Remove the password and upload it again.");
    throw new UnreadableDocumentError(`The PDF cannot be read: ${(error as Error).message}`);
  }
};

export const countPdfPages = async (bytes: Uint8Array) => (await openPdf(bytes)).numPages;

// Text per page for the task's page range (1-based, inclusive).
export const parsePdf = async (bytes: Uint8Array, fromPage: number, toPage: number): Promise<ParsedDocument> => {
  const pdf = await openPdf(bytes);
  const last = Math.min(toPage, pdf.numPages);
  const blocks: Block[] = [];
  for (let number = Math.max(1, fromPage); number <= last; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    const text = (content.items as TextItem[])
      .map((item) => item.str + (item.hasEOL ? "\n" : ""))
      .join("")
      .replace(/[ \t]+/g, " ")
      .replace(/\n{3,}/g, "\n\n")
      .trim();
    for (const paragraph of text.split(/\n\s*\n/)) {
      if (paragraph.trim()) blocks.push({ kind: "text", page: number, text: paragraph.trim() });
    }
  }
  return { blocks, pageCount: pdf.numPages };
};
