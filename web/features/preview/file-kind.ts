export type PreviewKind = "pdf" | "image" | "markdown" | "text" | "docx" | "workbook" | "delimited" | "unsupported";

// <img> shows an SVG only when the blob carries its MIME type, so images get theirs from the extension.
export const IMAGE_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  bmp: "image/bmp",
  svg: "image/svg+xml",
};

const TEXT_EXTENSIONS = new Set([
  "txt",
  "log",
  "json",
  "jsonl",
  "js",
  "mjs",
  "cjs",
  "jsx",
  "ts",
  "tsx",
  "py",
  "html",
  "htm",
  "xml",
  "nxml",
  "yaml",
  "yml",
  "toml",
  "ini",
  "cfg",
  "conf",
  "env",
  "sql",
  "css",
  "scss",
  "sh",
  "bash",
  "ps1",
  "bat",
  "java",
  "kt",
  "c",
  "h",
  "cpp",
  "hpp",
  "cs",
  "go",
  "rs",
  "rb",
  "php",
  "swift",
  "r",
  "tex",
  "eml",
  "srt",
  "vtt",
]);

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
};

export const previewKindOf = (name: string): PreviewKind => {
  const extension = extensionOf(name);
  if (extension === "pdf") return "pdf";
  if (extension in IMAGE_TYPES) return "image";
  if (extension === "md" || extension === "markdown") return "markdown";
  if (extension === "docx") return "docx";
  if (extension === "xlsx" || extension === "xls") return "workbook";
  if (extension === "csv" || extension === "tsv") return "delimited";
  return TEXT_EXTENSIONS.has(extension) ? "text" : "unsupported";
};
