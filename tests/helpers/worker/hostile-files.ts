import { Deflate, deflateSync, strToU8 } from "fflate";
import { expect } from "vitest";
import { callApi } from "./api";
import { concatBytes } from "../fixtures/pdf";
import { crc32 } from "../fixtures/png";

// Hostile files generated in the test: zip archives written byte by byte (zip64 records, declared sizes that
// lie), zip bombs, minimal XLSX/DOCX parts and a PDF with many text items.

const MB = 1 << 20;

// A raw deflate stream of `size` zero bytes, deflated a megabyte at a time (nothing that large is held).
export const deflatedZeros = (size: number) => {
  const parts: Uint8Array[] = [];
  const deflater = new Deflate({ level: 9 }, (part) => parts.push(part));
  const zeros = new Uint8Array(MB);
  for (let done = 0; done < size; done += MB) deflater.push(zeros.subarray(0, Math.min(MB, size - done)));
  deflater.push(new Uint8Array(0), true);
  return concatBytes(parts);
};

class Bytes {
  private parts: Uint8Array[] = [];
  length = 0;
  private push(part: Uint8Array) {
    this.parts.push(part);
    this.length += part.length;
    return this;
  }
  u16(value: number) {
    return this.push(new Uint8Array([value & 0xff, (value >>> 8) & 0xff]));
  }
  u32(value: number) {
    const part = new Uint8Array(4);
    new DataView(part.buffer).setUint32(0, value, true);
    return this.push(part);
  }
  u64(value: number) {
    return this.u32(value % 2 ** 32).u32(Math.floor(value / 2 ** 32));
  }
  bytes(part: Uint8Array) {
    return this.push(part);
  }
  done() {
    return concatBytes(this.parts);
  }
}

// An entry: its real content (deflated here), or an already deflated stream with the size to declare for it
// (which may lie).
export type ZipEntry =
  | { name: string; content: Uint8Array }
  | { name: string; deflated: Uint8Array; declaredSize: number };

const MAX32 = 0xffffffff;

// A zip archive; with `zip64` every entry carries its sizes and offset in a zip64 extra field and the directory
// ends with the zip64 end-of-central-directory record and locator (as large files or some tools write them).
export const writeZip = (entries: ZipEntry[], { zip64 = false } = {}) => {
  const out = new Bytes();
  const central = new Bytes();
  for (const entry of entries) {
    const name = strToU8(entry.name);
    const data = "content" in entry ? deflateSync(entry.content) : entry.deflated;
    const size = "content" in entry ? entry.content.length : entry.declaredSize;
    const crc = "content" in entry ? crc32(entry.content) : 0;
    const offset = out.length;
    const header = (signature: number) => {
      const record = signature === 0x04034b50 ? out : central;
      record.u32(signature);
      if (record === central) record.u16(45);
      record.u16(45).u16(0x800).u16(8).u16(0).u16(0x21).u32(crc);
      record
        .u32(zip64 ? MAX32 : data.length)
        .u32(zip64 ? MAX32 : size)
        .u16(name.length);
      const extra = zip64 ? (record === central ? 28 : 20) : 0;
      record.u16(extra);
      if (record === central)
        record
          .u16(0)
          .u16(0)
          .u16(0)
          .u32(0)
          .u32(zip64 ? MAX32 : offset);
      record.bytes(name);
      if (zip64) {
        record
          .u16(0x0001)
          .u16(extra - 4)
          .u64(size)
          .u64(data.length);
        if (record === central) record.u64(offset);
      }
    };
    header(0x04034b50);
    out.bytes(data);
    header(0x02014b50);
  }
  const directoryOffset = out.length;
  const directory = central.done();
  out.bytes(directory);
  if (zip64) {
    const record = out.length;
    out.u32(0x06064b50).u64(44).u16(45).u16(45).u32(0).u32(0);
    out.u64(entries.length).u64(entries.length).u64(directory.length).u64(directoryOffset);
    out.u32(0x07064b50).u32(0).u64(record).u32(1);
  }
  const count = zip64 ? 0xffff : entries.length;
  out.u32(0x06054b50).u16(0).u16(0).u16(count).u16(count);
  out
    .u32(zip64 ? MAX32 : directory.length)
    .u32(zip64 ? MAX32 : directoryOffset)
    .u16(0);
  return out.done();
};

const xml = (text: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${text}`);
const RELS = "http://schemas.openxmlformats.org/package/2006/relationships";
const OFFICE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

// The parts of a one-sheet workbook around the given worksheet XML (without it).
export const xlsxParts = (sheetName = "Daten"): ZipEntry[] => [
  {
    name: "[Content_Types].xml",
    content: xml(
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
        `</Types>`,
    ),
  },
  {
    name: "_rels/.rels",
    content: xml(
      `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
  },
  {
    name: "xl/workbook.xml",
    content: xml(
      `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${OFFICE}">` +
        `<sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
  },
  {
    name: "xl/_rels/workbook.xml.rels",
    content: xml(
      `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
  },
];

export const SHEET = "xl/worksheets/sheet1.xml";

// A worksheet of the given rows (cells as inline strings or numbers), optionally with a declared dimension.
export const worksheetXml = (rows: (string | number)[][], dimension = "") => {
  const cell = (value: string | number) =>
    typeof value === "number" ? `<c><v>${value}</v></c>` : `<c t="inlineStr"><is><t>${value}</t></is></c>`;
  const body = rows.map((row) => `<row>${row.map(cell).join("")}</row>`).join("");
  return `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${dimension}<sheetData>${body}</sheetData></worksheet>`;
};

// The parts of a Word document around word/document.xml (without it).
export const docxParts = (): ZipEntry[] => [
  {
    name: "[Content_Types].xml",
    content: xml(
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
        `</Types>`,
    ),
  },
  {
    name: "_rels/.rels",
    content: xml(
      `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
  },
];

export const DOCX_BODY = "word/document.xml";

export const docxDocumentXml = (paragraphs: string[]) =>
  `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs
    .map((text) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`)
    .join("")}</w:body></w:document>`;

// A one-page PDF showing `count` words, each its own text object (so pdf.js returns one text item per word).
export const pdfWithTextItems = (count: number) => {
  const operations: string[] = [];
  for (let i = 0; i < count; i++)
    operations.push(`BT /F1 4 Tf ${10 + (i % 100) * 5.8} ${780 - Math.floor(i / 100) * 7.6} Td (w${i % 10}) Tj ET`);
  const content = operations.join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return strToU8(pdf);
};

export const since = (start: number) => Math.round(performance.now() - start);

// Runs `work` while pinging the server; the slowest ping says whether requests were answered meanwhile.
export const whilePinging = async <T>(work: () => Promise<T>) => {
  const stop = new AbortController();
  let pings = 0;
  let slowest = 0;
  const pinger = (async () => {
    while (!stop.signal.aborted) {
      const start = performance.now();
      const res = await callApi("/system/ping");
      expect(res.body).toBe("pong");
      pings++;
      slowest = Math.max(slowest, since(start));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    return { result: await work(), pings: () => pings, slowest: () => slowest };
  } finally {
    stop.abort();
    await pinger;
  }
};
