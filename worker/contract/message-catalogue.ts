// Stable codes for the messages people meet: the API keeps RAGFlow's English wording in `message` and
// `progress_msg` and carries the code and its values beside the text (`message_code`, `progress_lines`), so a
// client shows the text in its own language (the web app's texts: web/i18n/locales/messages.*.ts). A code never
// changes its meaning; a message the catalogue does not know has none and is shown as written.
const CATALOGUE = [
  // parse progress (worker/services/ingestion)
  ["progress.queued", /^Queued for parsing\.$/],
  ["progress.queueAhead", /^(?<count>\d+) task\(s\) are ahead in the queue\.\.\.$/],
  ["progress.parseStarted", /^Start to parse\.$/],
  ["progress.parseFinished", /^Finish parsing \((?<seconds>[\d.]+)s\)\.$/],
  ["progress.chunks", /^Generate (?<count>\d+) chunks\.$/],
  ["progress.chunksWithChildren", /^Generate (?<count>\d+) chunks with (?<children>\d+) child chunks\.$/],
  ["progress.indexing", /^Embedding and indexing (?<count>\d+) chunks \((?<seconds>[\d.]+)s\)\.$/],
  ["progress.taskDone", /^Task done \((?<seconds>[\d.]+)s\)\.$/],
  ["progress.canceled", /^\[Canceled\]$/],
  ["progress.stalled", /^\[WARN\] Parsing stopped responding; trying once more\.$/],
  [
    "progress.passwordProtected",
    /^\[ERROR\] The PDF is password-protected\. Remove the password and upload it again\.$/,
  ],
  ["progress.emptyFile", /^\[ERROR\] The file is empty \(0 bytes\)\.$/],
  [
    "progress.scannedPdf",
    /^\[ERROR\] No text found: pages? (?<pages>[\d–, ]+) (?:is a scanned image|are scanned images) without a text layer\. Set an image-to-text model in the system model settings to read them by OCR\.$/,
  ],
  ["progress.noPageText", /^\[ERROR\] No text found on these pages\.$/],
  [
    "progress.ocrMissing",
    /^\[WARN\] Pages without a text layer \(scanned images\) were not read: (?<pages>[\d–, ]+)\. Set an image-to-text model in the system model settings to read them by OCR\.$/,
  ],
  ["progress.ocrStarted", /^OCR of (?<count>\d+) pages? without a text layer with (?<model>.+)\.$/s],
  ["progress.ocrDone", /^OCR: (?<read>\d+) of (?<count>\d+) pages? read \((?<seconds>[\d.]+)s\)\.$/],
  ["progress.ocrPageFailed", /^\[WARN\] OCR of page (?<page>\d+) failed: (?<reason>.+)$/s],
  [
    "progress.ocrBudget",
    /^\[WARN\] OCR stopped after (?<seconds>\d+)s, the task's time budget; pages not read: (?<pages>[\d–, ]+)\.$/,
  ],
  [
    "progress.ocrStopped",
    /^\[ERROR\] No text found: OCR stopped at the task's time budget; pages without text: (?<pages>[\d–, ]+)\.$/,
  ],
  ["progress.noText", /^\[ERROR\] No text found in the file\.$/],
  ["progress.errorInternal", /^\[ERROR\] .*internal error; reference = (?<reference>[\w-]+)\s*$/s],
  ["progress.error", /^\[ERROR\] (?<reason>.+)$/s],
  // a site crawl that failed (its document's progress_msg), where the runtime said only "internal error; reference"
  ["progress.crawlInternal", /^Crawl failed[.:] .*internal error; reference = (?<reference>[\w-]+)\s*$/s],
  ["progress.crawlFailed", /^Crawl failed[.:] (?<reason>.+)$/s],
  // error envelopes
  ["error.stopNotRunning", /^Can't stop parsing document with progress at 0 or 1$/],
  ["error.emptyUpload", /^The file "(?<name>.+)" is empty \(0 bytes\)\.$/s],
  [
    "error.providerInternal",
    /^(?:Connection test failed: )?Cannot reach the provider at (?<url>\S+?): .*internal error; reference = (?<reference>[\w-]+)\s*$/s,
  ],
  [
    "error.providerUnreachable",
    /^(?:Connection test failed: )?Cannot reach the provider at (?<url>\S+?): (?<reason>.+)$/s,
  ],
  // the runtime's own words when a connection fails in a way it does not explain
  ["error.internal", /internal error; reference = (?<reference>[\w-]+)/],
] as const satisfies readonly (readonly [string, RegExp])[];

export type MessageCode = (typeof CATALOGUE)[number][0];
export const MESSAGE_CODES = CATALOGUE.map(([code]) => code);

export type CodedMessage = { code: MessageCode; params: Record<string, string> };

// The catalogue's code for a message and the values it names, or null.
export const messageCodeOf = (text: string): CodedMessage | null => {
  for (const [code, pattern] of CATALOGUE) {
    const match = pattern.exec(text);
    if (match) {
      const params = Object.entries(match.groups ?? {}).filter((entry): entry is [string, string] => !!entry[1]);
      return { code, params: Object.fromEntries(params) };
    }
  }
  return null;
};

// One line of a progress log: RAGFlow's "HH:MM:SS Page(1~12): message", the time and pages taken apart.
export type ProgressLine = {
  time: string | null;
  pages: [number, number] | null;
  text: string;
  code: MessageCode | null;
  params: Record<string, string>;
};

const LINE = /^(?:(?<time>\d{2}:\d{2}:\d{2}) )?(?:Page\((?<from>\d+)~(?<to>\d+)\): )?(?<text>.*)$/s;

export const progressLinesOf = (log: string): ProgressLine[] =>
  log
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => {
      const groups = LINE.exec(line)?.groups ?? {};
      const text = groups.text ?? line;
      const coded = messageCodeOf(text);
      return {
        time: groups.time ?? null,
        pages: groups.from && groups.to ? [Number(groups.from), Number(groups.to)] : null,
        text,
        code: coded?.code ?? null,
        params: coded?.params ?? {},
      };
    });
