import PostalMime, { type Attachment, type Email } from "postal-mime";
import { contentTypeFor, imageTypeOf } from "../../lib/content-types";
import { parseHtmlString } from "./html";
import {
  EML_ATTACHMENT_MAX_BYTES,
  EML_ATTACHMENTS_MAX_BYTES,
  EML_MAX_ATTACHMENTS,
  EML_MAX_DEPTH,
  EML_PDF_MAX_PAGES,
  UNZIPPED_MAX_BYTES,
  UNZIPPED_TOO_LARGE,
} from "./limits";
import {
  type Block,
  FIGURE_MIME_TYPES,
  type Figure,
  MAX_FIGURES,
  MIN_FIGURE_BYTES,
  type ParsedDocument,
  type ParseOptions,
  type Table,
} from "./types";

// The reader for another file type (index.ts's parseDocument, passed in so that the two modules do not import
// each other).
export type ParseFile = (
  suffix: string,
  name: string,
  bytes: Uint8Array,
  options: ParseOptions,
) => Promise<ParsedDocument>;

// The attachment types read, by file extension; an attachment without a known extension is read by its MIME type.
const READABLE = ["pdf", "docx", "xlsx", "xls", "csv", "txt", "md", "html", "htm", "pptx", "eml"];
const MIME_SUFFIX = new Map(READABLE.map((suffix) => [contentTypeFor(suffix).split(";")[0], suffix]));

const MB = 1024 * 1024;

// What all attachments of one upload have used so far, nested mails included.
type Budget = { count: number; bytes: number; stopped: boolean };

const who = (a: { name?: string; address?: string } | undefined) =>
  a ? [a.name, a.address && `<${a.address}>`].filter(Boolean).join(" ") : "";

const headerBlock = (email: Email): Block => {
  const headers = [
    `From: ${who(email.from)}`,
    `To: ${(email.to ?? []).map(who).join(", ")}`,
    `Subject: ${email.subject ?? ""}`,
    email.date ? `Date: ${email.date}` : "",
  ].filter((line) => line && !line.endsWith(": "));
  return { kind: "heading", level: 1, text: headers.join("\n") };
};

const bytesOf = (content: Attachment["content"]) =>
  typeof content === "string" ? new TextEncoder().encode(content) : new Uint8Array(content);

const suffixOf = (attachment: Attachment) => {
  const extension = /\.([a-z0-9]+)$/i.exec(attachment.filename ?? "")?.[1]?.toLowerCase() ?? "";
  return READABLE.includes(extension) ? extension : (MIME_SUFFIX.get(attachment.mimeType) ?? extension);
};

// An attachment's blocks below the heading that names it: one heading level deeper, without the attachment's
// pages and boxes (a citation opens the mail, not the attached file).
const nested = (blocks: Block[]): Block[] =>
  blocks.map(({ page: _page, box: _box, ...block }) =>
    block.kind === "heading" ? { ...block, level: Math.min((block.level ?? 1) + 2, 6) } : block,
  );

const readMail = async (
  bytes: Uint8Array,
  options: ParseOptions,
  parseFile: ParseFile,
  depth: number,
  budget: Budget,
): Promise<ParsedDocument> => {
  // attached mails stay attachments, so that their text is read (and named) as one of them
  const email = await PostalMime.parse(bytes, { forceRfc822Attachments: true });
  const body = email.text?.trim()
    ? { blocks: [{ kind: "text" as const, text: email.text.trim() }] }
    : parseHtmlString(email.html ?? "");
  const blocks: Block[] = [headerBlock(email), ...body.blocks];
  const tables: Table[] = [];
  const figures: Figure[] = [];
  const notes: string[] = [];
  const subject = email.subject?.trim();
  const ofMail = subject ? `of the e-mail "${subject}"` : "of the e-mail";
  for (const [i, attachment] of email.attachments.entries()) {
    if (attachment.related) continue;
    const suffix = suffixOf(attachment);
    const name = attachment.filename?.trim() || `attachment ${i + 1}${suffix ? `.${suffix}` : ""}`;
    const data = bytesOf(attachment.content);
    const skip = (why: string) => notes.push(`Attachment "${name}" ${ofMail} was not read: ${why}`);
    const picture = imageTypeOf(data);
    if (picture && FIGURE_MIME_TYPES.has(picture)) {
      if (options.figures && data.length >= MIN_FIGURE_BYTES)
        figures.push({ page: 1, bytes: data, mimeType: picture, caption: `Attachment "${name}" ${ofMail}` });
      continue;
    }
    if (!READABLE.includes(suffix)) {
      skip(`files of type ${suffix ? `.${suffix}` : attachment.mimeType} are not read.`);
      continue;
    }
    if (suffix === "eml" && depth + 1 >= EML_MAX_DEPTH) {
      skip(`mails are read at most ${EML_MAX_DEPTH} levels deep inside each other.`);
      continue;
    }
    if (budget.stopped) {
      skip(`an earlier attachment unpacks to more than ${UNZIPPED_MAX_BYTES / MB} MB.`);
      continue;
    }
    if (budget.count >= EML_MAX_ATTACHMENTS) {
      skip(`a mail's attachments are read up to ${EML_MAX_ATTACHMENTS} (nested mails included).`);
      continue;
    }
    if (data.length > EML_ATTACHMENT_MAX_BYTES) {
      skip(`it is larger than ${EML_ATTACHMENT_MAX_BYTES / MB} MB.`);
      continue;
    }
    if (budget.bytes + data.length > EML_ATTACHMENTS_MAX_BYTES) {
      skip(`the attachments read before it hold ${EML_ATTACHMENTS_MAX_BYTES / MB} MB already.`);
      continue;
    }
    budget.count += 1;
    budget.bytes += data.length;
    try {
      const parsed =
        suffix === "eml"
          ? await readMail(data, options, parseFile, depth + 1, budget)
          : await parseFile(suffix, name, data, { ...options, fromPage: 1, toPage: EML_PDF_MAX_PAGES });
      blocks.push({ kind: "heading", level: 2, text: `Attachment "${name}" ${ofMail}` }, ...nested(parsed.blocks));
      tables.push(
        ...(parsed.tables ?? []).map((table) => ({ ...table, name: `${name}: ${table.name}`, page: undefined })),
      );
      figures.push(...(parsed.figures ?? []).map((figure) => ({ ...figure, page: 1 })));
      // an attached mail's notes name their own mail already
      notes.push(...(parsed.notes ?? []).map((note) => (suffix === "eml" ? note : `Attachment "${name}": ${note}`)));
      if (suffix === "pdf" && (parsed.pageCount ?? 0) > EML_PDF_MAX_PAGES)
        notes.push(`Attachment "${name}" ${ofMail}: only its first ${EML_PDF_MAX_PAGES} pages were read.`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      skip(message);
      // one zip bomb is inflated up to the bound once, not once per attachment
      if (message === UNZIPPED_TOO_LARGE) budget.stopped = true;
    }
  }
  return { blocks, tables, figures: figures.slice(0, MAX_FIGURES), notes };
};

// Headers first (From, To, Subject, Date), then the plain-text body (or the HTML body as text), then each
// attachment the parser for its type reads, under a heading that names it and the mail (docs/ingestion.md).
export const parseEml = (bytes: Uint8Array, options: ParseOptions, parseFile: ParseFile): Promise<ParsedDocument> =>
  readMail(bytes, options, parseFile, 0, { count: 0, bytes: 0, stopped: false });
