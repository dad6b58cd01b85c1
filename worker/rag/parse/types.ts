export type Block = {
  text: string;
  kind: "text" | "heading" | "table" | "slide";
  page?: number;
  level?: number;
};

export type Table = { name: string; headers: string[]; rows: string[][] };

// An image inside a document (a PDF's figure) as PNG, with its page and the caption found for it ("" if none).
export type Figure = { page: number; png: Uint8Array; caption: string };

export type ParsedDocument = {
  blocks: Block[];
  tables?: Table[];
  pageCount?: number;
  figures?: Figure[];
};

// A parse failure the user should read (encrypted, empty, image-only …), not a crash to retry.
export class UnreadableDocumentError extends Error {}

// `figures`: take a PDF's figures out as PNG too (only worth it when a model will describe them)
export type ParseOptions = { fromPage: number; toPage: number; html4excel: boolean; figures?: boolean };
