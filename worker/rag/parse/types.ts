export type Block = {
  text: string;
  kind: "text" | "heading" | "table" | "slide";
  page?: number;
  level?: number;
};

export type Table = { name: string; headers: string[]; rows: string[][] };

export type ParsedDocument = {
  blocks: Block[];
  tables?: Table[];
  pageCount?: number;
};

// A parse failure the user should read (encrypted, empty, image-only …), not a crash to retry.
export class UnreadableDocumentError extends Error {}

export type ParseOptions = { fromPage: number; toPage: number; html4excel: boolean };
