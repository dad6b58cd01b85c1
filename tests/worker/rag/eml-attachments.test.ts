import { describe, expect, it } from "vitest";
import { chunkDocument } from "../../../worker/rag/chunk";
import { parseDocument } from "../../../worker/rag/parse";
import {
  EML_ATTACHMENT_MAX_BYTES,
  EML_MAX_ATTACHMENTS,
  EML_MAX_DEPTH,
  UNZIPPED_TOO_LARGE,
} from "../../../worker/rag/parse/limits";
import { type Mail, emlBytes } from "../../helpers/fixtures/mail";
import { docxBytes, pptxBytes, xlsxBytes } from "../../helpers/fixtures/office";
import { pdfFile } from "../../helpers/fixtures/pdf";
import { noisePng } from "../../helpers/fixtures/png";
import { DOCX_BODY, deflatedZeros, docxParts, writeZip } from "../../helpers/worker/hostile-files";

// Issue 34: an e-mail's attachments are read with the parser for their type, each under a heading that names it
// and the mail, within bounds on their number, size and nesting.
const opts = { fromPage: 1, toPage: 1_000_000, html4excel: false };
const utf8 = (text: string) => new TextEncoder().encode(text);
const parseMail = (mail: Mail, options = {}) => parseDocument("eml", "m.eml", emlBytes(mail), { ...opts, ...options });
const texts = (blocks: { text: string }[]) => blocks.map((block) => block.text);
const SUBJECT = "Unterlagen für Ihren Termin";
const heading = (name: string, subject = SUBJECT) => `Attachment "${name}" of the e-mail "${subject}"`;

describe("e-mail attachments", () => {
  // the first PDF read loads pdf.js
  it("reads each attachment with its own parser under a heading naming it and the mail", {
    timeout: 60_000,
  }, async () => {
    const parsed = await parseMail({
      subject: SUBJECT,
      text: "Guten Tag,\nanbei die Unterlagen.",
      attachments: [
        { name: "befund.pdf", type: "application/pdf", bytes: pdfFile([{ lines: ["Blutwerte im Normbereich"] }]) },
        {
          name: "plan.docx",
          bytes: docxBytes([
            { heading: 1, text: "Behandlungsplan" },
            {
              table: [
                ["Tag", "Termin"],
                ["Montag", "9 Uhr"],
              ],
            },
          ]),
        },
        {
          name: "preise.xlsx",
          bytes: xlsxBytes({
            Preise: [
              ["Leistung", "Preis"],
              ["Impfung", 30],
            ],
          }),
        },
        { name: "kontakte.csv", type: "text/csv", bytes: utf8("Name,Ort\nAnna,Köln\n") },
        { name: "notiz", type: "text/plain", bytes: utf8("Bitte nüchtern erscheinen.") },
        { name: "anfahrt.md", bytes: utf8("# Anfahrt\n\nBus 12 bis Marktplatz.") },
        { name: "hinweise.html", type: "text/html", bytes: utf8("<h1>Hinweise</h1><p>Maske tragen.</p>") },
        { name: "ablauf.pptx", bytes: pptxBytes([["Ablauf", "Anmeldung am Empfang"]]) },
      ],
    });
    const all = texts(parsed.blocks);
    expect(all[0]).toContain(`Subject: ${SUBJECT}`);
    expect(all[1]).toBe("Guten Tag,\nanbei die Unterlagen.");
    const after = (name: string) => all[all.indexOf(heading(name)) + 1];
    expect(after("befund.pdf")).toContain("Blutwerte im Normbereich");
    expect(after("plan.docx")).toBe("Behandlungsplan");
    expect(all).toContain("<table><tr><th>Tag</th><th>Termin</th></tr><tr><td>Montag</td><td>9 Uhr</td></tr></table>");
    expect(after("preise.xlsx")).toContain("Leistung: Impfung; Preis: 30");
    expect(after("kontakte.csv")).toContain("Name: Anna; Ort: Köln");
    expect(after("notiz")).toBe("Bitte nüchtern erscheinen.");
    expect(after("anfahrt.md")).toBe("Anfahrt");
    expect(after("hinweise.html")).toBe("Hinweise");
    expect(all.slice(all.indexOf(heading("ablauf.pptx")) + 1).join("\n")).toContain("Anmeldung am Empfang");
    // attachment headings sit below the attachment's own heading, and no block keeps the attachment's page
    const planHeading = parsed.blocks.find((block) => block.text === "Behandlungsplan");
    expect(planHeading).toEqual({ kind: "heading", level: 3, text: "Behandlungsplan" });
    expect(parsed.blocks.filter((block) => block.page !== undefined)).toEqual([]);
    expect(parsed.tables?.map((table) => table.name)).toContain("preise.xlsx: Preise");
    expect(parsed.notes).toEqual([]);
  });

  it("keeps the mail's name on the chunks of its attachments", async () => {
    const parsed = await parseMail({
      subject: SUBJECT,
      text: "Hallo",
      attachments: [{ name: "anfahrt.txt", bytes: utf8("Bus 12 bis Marktplatz.") }],
    });
    const chunks = chunkDocument("manual", parsed, { chunkTokenNum: 512, delimiter: "\n", overlappedPercent: 0 });
    expect(chunks.map((chunk) => chunk.content)).toContainEqual(`${heading("anfahrt.txt")}\nBus 12 bis Marktplatz.`);
  });

  it("reads attached mails up to the depth limit", async () => {
    const mail = (level: number): Mail => ({
      subject: `Ebene ${level}`,
      text: `Text der Ebene ${level}`,
      attachments:
        level < EML_MAX_DEPTH + 1
          ? [{ name: `ebene-${level + 1}.eml`, type: "message/rfc822", bytes: emlBytes(mail(level + 1)) }]
          : [],
    });
    const parsed = await parseMail(mail(1));
    const all = texts(parsed.blocks);
    for (let level = 1; level <= EML_MAX_DEPTH; level++) expect(all).toContain(`Text der Ebene ${level}`);
    expect(all).not.toContain(`Text der Ebene ${EML_MAX_DEPTH + 1}`);
    expect(all).toContain(heading("ebene-2.eml", "Ebene 1"));
    expect(all.find((text) => text.includes("Subject: Ebene 2"))).toBeDefined();
    expect(parsed.notes).toEqual([
      `Attachment "ebene-${EML_MAX_DEPTH + 1}.eml" of the e-mail "Ebene ${EML_MAX_DEPTH}" was not read: mails are read at most ${EML_MAX_DEPTH} levels deep inside each other.`,
    ]);
  });

  it("reads at most the bounded number of attachments and skips large ones", async () => {
    const many = Array.from({ length: EML_MAX_ATTACHMENTS + 2 }, (_, i) => ({
      name: `teil-${i + 1}.txt`,
      bytes: utf8(`Inhalt ${i + 1}`),
    }));
    const big = { name: "gross.txt", bytes: new Uint8Array(EML_ATTACHMENT_MAX_BYTES + 1).fill(0x61) };
    const parsed = await parseMail({ subject: SUBJECT, text: "Viele Anhänge", attachments: [big, ...many] });
    const all = texts(parsed.blocks);
    expect(all).toContain(`Inhalt ${EML_MAX_ATTACHMENTS}`);
    expect(all).not.toContain(`Inhalt ${EML_MAX_ATTACHMENTS + 1}`);
    expect(parsed.notes).toEqual([
      `Attachment "gross.txt" of the e-mail "${SUBJECT}" was not read: it is larger than 5 MB.`,
      ...[1, 2].map(
        (extra) =>
          `Attachment "teil-${EML_MAX_ATTACHMENTS + extra}.txt" of the e-mail "${SUBJECT}" was not read: a mail's attachments are read up to ${EML_MAX_ATTACHMENTS} (nested mails included).`,
      ),
    ]);
  });

  it("notes a zip bomb and unknown types, reads the mail and stops unpacking", { timeout: 60_000 }, async () => {
    const bomb = writeZip([...docxParts(), { name: DOCX_BODY, deflated: deflatedZeros(65 << 20), declaredSize: 1000 }]);
    const parsed = await parseMail({
      subject: SUBJECT,
      text: "Achtung",
      attachments: [
        { name: "archiv.zip", type: "application/zip", bytes: utf8("PK") },
        { name: "bombe.docx", bytes: bomb },
        { name: "danach.txt", bytes: utf8("Nach der Bombe") },
      ],
    });
    expect(texts(parsed.blocks)).toContain("Achtung");
    expect(texts(parsed.blocks)).not.toContain("Nach der Bombe");
    expect(parsed.notes).toEqual([
      `Attachment "archiv.zip" of the e-mail "${SUBJECT}" was not read: files of type .zip are not read.`,
      `Attachment "bombe.docx" of the e-mail "${SUBJECT}" was not read: ${UNZIPPED_TOO_LARGE}`,
      `Attachment "danach.txt" of the e-mail "${SUBJECT}" was not read: an earlier attachment unpacks to more than 64 MB.`,
    ]);
  });

  it("hands picture attachments to the image-to-text model as figures", async () => {
    const png = noisePng(64);
    const mail = {
      subject: SUBJECT,
      text: "Foto",
      attachments: [{ name: "roentgen.png", type: "image/png", bytes: png }],
    };
    const withFigures = await parseMail(mail, { figures: true });
    expect(withFigures.figures).toEqual([
      { page: 1, bytes: png, mimeType: "image/png", caption: heading("roentgen.png") },
    ]);
    expect((await parseMail(mail)).figures).toEqual([]);
  });
});
