// What the parsers read at most, so that no upload can keep the Worker busy for minutes or exhaust its 128 MB
// (docs/ingestion.md, "Limits"). Uploads themselves are at most 10 MB (UPLOAD_FILE_MAX_BYTES).

const MB = 1024 * 1024;

// A zip-based file (DOCX, XLSX, PPTX) unpacks to at most this much: the sizes its directory declares, all entries
// together, and the bytes actually inflated (a declared size can lie).
export const UNZIPPED_MAX_BYTES = 64 * MB;
export const UNZIPPED_TOO_LARGE = `The file unpacks to more than ${UNZIPPED_MAX_BYTES / MB} MB; Buddy does not read files this large.`;

// A spreadsheet (all sheets of a workbook, or a CSV) is read up to this many cells; the rows after are left out.
// Each sheet counts its used range (rows × columns, empty cells inside it included), which is what becomes text.
// 1,000,000 cells took about 10 s to read and a minute to chunk locally, past a Worker's default 30 s of CPU.
export const SHEET_MAX_CELLS = 200_000;

// JSON nested deeper than this is refused (real data stays far below; a path per level would grow without end).
export const JSON_MAX_DEPTH = 100;

// A PDF page with more text items than this is read top to bottom without the layout analysis (columns, tables,
// headings by position); more ruling lines than this and its tables are not looked for in them. Real pages hold
// a few thousand items and a few hundred lines; the analysis is linear in both below these bounds.
export const PDF_LAYOUT_MAX_TEXT_ITEMS = 20_000;
export const PDF_LAYOUT_MAX_RULINGS = 800;

// An e-mail's attachments (EML, `worker/rag/parse/eml.ts`): at most this many are read, the mails attached to it
// and their attachments counted too; one larger than EML_ATTACHMENT_MAX_BYTES is skipped, and reading stops once
// the attachments read so far hold EML_ATTACHMENTS_MAX_BYTES (a mail attached to a mail counts at each level).
// Mails are read this many levels deep inside each other. A PDF attachment is read up to EML_PDF_MAX_PAGES pages:
// it is parsed in the mail's one task, not split into page tasks as an uploaded PDF is.
export const EML_MAX_ATTACHMENTS = 20;
export const EML_ATTACHMENT_MAX_BYTES = 5 * MB;
export const EML_ATTACHMENTS_MAX_BYTES = 10 * MB;
export const EML_MAX_DEPTH = 3;
export const EML_PDF_MAX_PAGES = 100;
