import { newId } from "../../../lib/ids";
import { attachmentFilename, attachmentKey, attachmentPath } from "../attachments/keys";
import type { ComponentImpl } from "../engine/types";
import { checkParams } from "./checked-params";
import { writeDocx } from "./documents/docx-writer";
import { writeHtml } from "./documents/html-writer";
import { markdownBlocks } from "./documents/markdown-blocks";
import { writePdf } from "./documents/pdf-writer";

const MIME_TYPES = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  markdown: "text/markdown; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  html: "text/html; charset=utf-8",
} as const;
type Format = keyof typeof MIME_TYPES;
const EXTENSIONS: Record<Format, string> = { pdf: "pdf", docx: "docx", markdown: "md", txt: "txt", html: "html" };

const THINKING = /<think>[\s\S]*?<\/think>/g;
const encoder = new TextEncoder();

const stamp = (now: Date) => `Generated: ${now.toISOString().slice(0, 19).replace("T", " ")} UTC`;

const documentBytes = (format: Format, content: string, params: Record<string, unknown>, title: string, now: Date) => {
  const timestamp = params.add_timestamp === false ? "" : stamp(now);
  const header = String(params.header_text ?? "");
  const footer = String(params.footer_text ?? "");
  const fontSize = Number(params.font_size ?? 12);
  if (format === "markdown") return encoder.encode(timestamp ? `${timestamp}\n\n${content}` : content);
  if (format === "txt") return encoder.encode(content);
  const blocks = markdownBlocks(content);
  if (format === "html") return encoder.encode(writeHtml(blocks, title, { header, footer, timestamp }));
  const page = {
    fontSize,
    header,
    footer,
    timestamp,
    pageNumbers: params.add_page_numbers !== false,
    watermark: String(params.watermark_text ?? ""),
  };
  return format === "docx" ? writeDocx(blocks, page) : writePdf(blocks, page);
};

// DocGenerator (RAGFlow v0.27's "Docs generator"): the content, Markdown with variables, as a PDF, Word file,
// Markdown, text or HTML file in the team's R2, with RAGFlow's outputs and a download link that the team (signed
// in) and visitors of the shared flow can open. `link` is that link as Markdown, for a Message to show.
export const docGenerator: ComponentImpl = {
  name: "DocGenerator",
  run: async ({ ctx, agentId, params, render }) => {
    checkParams("DocGenerator", params);
    const content = render(params.content).replace(THINKING, "").trim();
    if (!content) throw new Error("DocGenerator: the content is empty.");
    const format = (params.output_format ?? "pdf") as Format;
    const now = new Date();
    const extension = EXTENSIONS[format];
    const filename =
      attachmentFilename(render(params.filename), extension) ||
      `document_${now.toISOString().slice(0, 19).replace(/\D/g, "")}.${extension}`;
    const bytes = documentBytes(format, content, params, filename, now);
    const docId = newId();
    const mimeType = MIME_TYPES[format];
    await ctx.storage.put(
      attachmentKey(ctx.actor.tenantId, agentId, docId, filename),
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      mimeType,
    );
    const url = attachmentPath(agentId, docId, filename);
    const download = { doc_id: docId, filename, mime_type: mimeType, size: bytes.length, url };
    return {
      outputs: {
        doc_id: docId,
        filename,
        mime_type: mimeType,
        size: bytes.length,
        download: JSON.stringify(download),
        link: `[${filename.replace(/[[\]]/g, "")}](${url})`,
      },
    };
  },
};
