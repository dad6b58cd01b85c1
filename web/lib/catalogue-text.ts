import i18n from "../i18n";
import {
  type CodedMessage,
  type MessageCode,
  type ProgressLine,
  progressLinesOf,
} from "../../worker/contract/message-catalogue";

// Values as i18next wants them: numbers where the text counts ("1 Aufgabe" / "2 Aufgaben").
const valuesOf = (params: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, key === "count" && /^\d+$/.test(value) ? Number(value) : value]),
  );

// The catalogue's text for a code in the user's language; null for a code this app has no text for (a newer server).
export const catalogueText = (
  coded: CodedMessage | { code: string; params: Record<string, string> },
): string | null => {
  const key = `messages.${coded.code as MessageCode}` as const;
  const values = valuesOf(coded.params);
  return i18n.exists(key, values) ? String(i18n.t(key, values)) : null;
};

// A progress line as the user reads it: translated where the catalogue knows it, else as the server wrote it.
export const progressLineText = (line: ProgressLine): string =>
  (line.code && catalogueText({ code: line.code, params: line.params })) || line.text;

// A whole log line: its time, its pages and the text, e.g. "12:00:03 Seiten 1–12: Fertig (0.07 s)."
export const progressLogLine = (line: ProgressLine) => {
  const pages = line.pages ? i18n.t("messages.pages", { from: line.pages[0], to: line.pages[1] }) : "";
  return `${line.time ? `${line.time} ` : ""}${pages}${progressLineText(line)}`;
};

// The lines of a progress log (the server's `progress_lines`, else worked out from `progress_msg`).
export const progressLines = (item: { progress_msg: string; progress_lines?: ProgressLine[] }) =>
  item.progress_lines ?? progressLinesOf(item.progress_msg);
