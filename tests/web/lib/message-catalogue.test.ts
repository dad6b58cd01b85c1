import { describe, expect, it } from "vitest";
import { ApiError, apiError } from "../../../web/api/client";
import { errorMessage } from "../../../web/components/notify";
import { changeLanguage } from "../../../web/i18n";
import { messagesDe } from "../../../web/i18n/locales/messages.de";
import { progressLines, progressLineText, progressLogLine } from "../../../web/lib/catalogue-text";
import { MESSAGE_CODES, messageCodeOf, progressLinesOf } from "../../../worker/contract/message-catalogue";

const LOG = [
  "1 task(s) are ahead in the queue...",
  "18:02:11 Page(1~12): Task done (0.07s).",
  "18:02:12 [ERROR] The PDF is password-protected. Remove the password and upload it again.",
  "18:02:13 [ERROR] The file is empty (0 bytes).",
  "18:02:14 Something the catalogue does not know.",
].join("\n");

describe("the message catalogue", () => {
  it("has a German and an English text for every code", () => {
    for (const code of MESSAGE_CODES) {
      const [group, name] = code.split(".") as [keyof typeof messagesDe, string];
      const texts = messagesDe[group] as Record<string, string>;
      expect(texts[name] ?? texts[`${name}_other`], code).toBeTruthy();
    }
  });

  it("shows the parse progress the issue found in English in German, and unknown lines as written", async () => {
    const lines = progressLinesOf(LOG);
    expect(lines.map((line) => line.code)).toEqual([
      "progress.queueAhead",
      "progress.taskDone",
      "progress.passwordProtected",
      "progress.emptyFile",
      null,
    ]);
    expect(lines[1]).toMatchObject({ time: "18:02:11", pages: [1, 12], params: { seconds: "0.07" } });
    expect(lines.map(progressLineText)).toEqual([
      "1 Aufgabe ist in der Warteschlange vor dieser.",
      "Fertig (0.07 s).",
      "Fehler: Das PDF ist passwortgeschützt. Entfernen Sie das Passwort und laden Sie die Datei erneut hoch.",
      "Fehler: Die Datei ist leer (0 Byte).",
      "Something the catalogue does not know.",
    ]);
    expect(progressLogLine(lines[1] as (typeof lines)[number])).toBe("18:02:11 Seiten 1–12: Fertig (0.07 s).");
    expect(progressLineText(progressLinesOf("3 task(s) are ahead in the queue...")[0] as (typeof lines)[number])).toBe(
      "3 Aufgaben sind in der Warteschlange vor dieser.",
    );
    await changeLanguage("en");
    expect(lines.map(progressLineText).slice(0, 4)).toEqual([
      "1 task is ahead of this one in the queue.",
      "Done (0.07 s).",
      "Error: the PDF is password-protected. Remove the password and upload the file again.",
      "Error: the file is empty (0 bytes).",
    ]);
    await changeLanguage("de");
  });

  it("prefers the server's progress_lines and works them out from progress_msg where they are missing", () => {
    const sent = [{ time: null, pages: null, text: "x", code: "progress.canceled" as const, params: {} }];
    expect(progressLines({ progress_msg: "[Canceled]", progress_lines: sent })).toBe(sent);
    expect(progressLines({ progress_msg: "[Canceled]" }).map(progressLineText)).toEqual(["Abgebrochen."]);
  });

  it("translates an error envelope by its message_code, and says what to do about an internal error", async () => {
    const stop = apiError(
      { status: 200, statusText: "OK" },
      {
        code: 102,
        message: "Can't stop parsing document with progress at 0 or 1",
        message_code: "error.stopNotRunning",
        message_params: {},
      },
    );
    expect(errorMessage(stop)).toBe(
      "Das Parsen lässt sich nur anhalten, solange es läuft – dieses Dokument wartet noch nicht oder ist schon fertig.",
    );
    const providerText =
      "Connection test failed: Cannot reach the provider at http://127.0.0.1:9/v1/chat/completions: internal error; reference = 8f3kq0abc";
    const coded = messageCodeOf(providerText);
    expect(coded).toEqual({
      code: "error.providerInternal",
      params: { url: "http://127.0.0.1:9/v1/chat/completions", reference: "8f3kq0abc" },
    });
    const provider = new ApiError(102, providerText, 200, true, coded);
    expect(errorMessage(provider)).toBe(
      "Der Anbieter unter http://127.0.0.1:9/v1/chat/completions ist nicht erreichbar (interner Fehler). Prüfen Sie Basis-URL und API-Schlüssel in den Modelleinstellungen und versuchen Sie es erneut; tritt er wieder auf, nennen Sie Ihrer Administration die Referenz 8f3kq0abc.",
    );
    const crawl = progressLinesOf("Crawl failed: example.org: internal error; reference = r42")[0];
    expect(crawl?.code).toBe("progress.crawlInternal");
    await changeLanguage("en");
    expect(errorMessage(stop)).toBe(
      "Parsing can only be stopped while it runs: this document has not started or is already done.",
    );
    expect(progressLineText(crawl as NonNullable<typeof crawl>)).toBe(
      "Fetching the website failed (internal error). Check the address and try again; if it happens again, give your administrator the reference r42.",
    );
    await changeLanguage("de");
    // a code this app has no text for (a newer server) falls back to the server's words
    expect(errorMessage(new ApiError(102, "Neu", 200, true, { code: "error.future", params: {} }))).toBe("Neu");
  });
});
