import type { messagesDe } from "./messages.de";

// The message catalogue's texts (worker/contract/message-catalogue.ts), keyed by its stable codes (English).
export const messagesEn: typeof messagesDe = {
  pages: "Pages {{from}}–{{to}}: ",
  progress: {
    queued: "Queued for parsing.",
    queueAhead_one: "{{count}} task is ahead of this one in the queue.",
    queueAhead_other: "{{count}} tasks are ahead of this one in the queue.",
    parseStarted: "Parsing started.",
    parseFinished: "Parsing finished ({{seconds}} s).",
    chunks: "{{count}} chunks generated.",
    chunksWithChildren: "{{count}} chunks with {{children}} child chunks generated.",
    indexing: "{{count}} chunks embedded and indexed ({{seconds}} s).",
    taskDone: "Done ({{seconds}} s).",
    canceled: "Cancelled.",
    stalled: "Parsing stopped responding; trying once more.",
    passwordProtected: "Error: the PDF is password-protected. Remove the password and upload the file again.",
    emptyFile: "Error: the file is empty (0 bytes).",
    scannedPdf:
      "Error: no text found – scanned pages without a text layer: {{pages}}. Set an image-to-text model in the system model settings to read them by text recognition (OCR).",
    noPageText: "Error: no text found on these pages.",
    ocrMissing:
      "Pages without a text layer (scanned images) were not read: {{pages}}. Set an image-to-text model in the system model settings to read them by text recognition (OCR).",
    ocrStarted_one: "Text recognition (OCR) of {{count}} page without a text layer with {{model}}.",
    ocrStarted_other: "Text recognition (OCR) of {{count}} pages without a text layer with {{model}}.",
    ocrDone_one: "Text recognition: {{read}} of {{count}} page read ({{seconds}} s).",
    ocrDone_other: "Text recognition: {{read}} of {{count}} pages read ({{seconds}} s).",
    ocrPageFailed: "Text recognition of page {{page}} failed: {{reason}}",
    ocrBudget: "Text recognition stopped after {{seconds}} s (the task's time budget); pages not read: {{pages}}.",
    ocrStopped:
      "Error: no text found – text recognition stopped at the task's time budget; pages without text: {{pages}}.",
    noText: "Error: no text found in the file.",
    errorInternal:
      "Error: an internal error stopped parsing. Parse again; if it happens again, give your administrator the reference {{reference}}.",
    error: "Error: {{reason}}",
    crawlInternal:
      "Fetching the website failed (internal error). Check the address and try again; if it happens again, give your administrator the reference {{reference}}.",
    crawlFailed: "Fetching the website failed: {{reason}}",
  },
  error: {
    emptyUpload: '"{{name}}" is empty (0 bytes) and was not uploaded.',
    stopNotRunning: "Parsing can only be stopped while it runs: this document has not started or is already done.",
    providerInternal:
      "The provider at {{url}} cannot be reached (internal error). Check the base URL and API key in the model settings and try again; if it happens again, give your administrator the reference {{reference}}.",
    providerUnreachable:
      "The provider at {{url}} cannot be reached: {{reason}}. Check the base URL and API key in the model settings.",
    internal: "Internal error. Try again; if it happens again, give your administrator the reference {{reference}}.",
  },
};
