import fc from "fast-check";
import { HOSTILE_TEXT } from "./hostile";

// Multipart uploads built byte by byte, so that a part's header carries exactly the generated name (a NUL,
// a CR/LF, a quote), which FormData would escape or refuse before the request left the test.

export type Part = { field: string; filename?: string; contentType?: string; content: string };

export type MultipartCase = {
  label: string;
  parts: Part[];
  // the Content-Type header; "" sends none
  contentType: "multipart" | "multipart without boundary" | "url-encoded" | "";
  // the body cut off before its closing boundary
  truncated?: boolean;
};

const BOUNDARY = "----buddy-fuzz-boundary-7d1f";

export const encodeMultipart = (parts: Part[]): string =>
  parts
    .map((part) => {
      const filename = part.filename === undefined ? "" : `; filename="${part.filename}"`;
      const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : "";
      return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.field}"${filename}${type}\r\n\r\n${part.content}\r\n`;
    })
    .join("")
    .concat(`--${BOUNDARY}--\r\n`);

export const contentTypeHeader = (kind: MultipartCase["contentType"]) =>
  ({
    multipart: `multipart/form-data; boundary=${BOUNDARY}`,
    "multipart without boundary": "multipart/form-data",
    "url-encoded": "application/x-www-form-urlencoded",
    "": "",
  })[kind];

const HOSTILE_NAMES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(HOSTILE_TEXT).map(([label, text]) => [label, `${text}.txt`])),
  bare: "",
  noExtension: "README",
  unsupported: "payload.exe",
  nulInExtension: "a.t\u0000xt",
  crlf: "a\r\nContent-Type: text/html.txt",
  quote: 'a".txt',
  traversalWithSlash: "../../../../tmp/evil.txt",
  dotsOnly: "...txt",
  hugeName: `${"n".repeat(100_000)}.txt`,
  longName: `${"ä".repeat(300)}.txt`,
};

const name = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .constantFrom(...Object.keys(HOSTILE_NAMES))
      .map((label) => ({ label, value: HOSTILE_NAMES[label] as string })),
  },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: "binary", maxLength: 40 })
      .map((text) => ({ label: "randomName", value: `${text}.txt` })),
  },
);

const content = fc.constantFrom(
  { label: "text", value: "Ein kurzer Absatz zum Hochladen." },
  { label: "empty file", value: "" },
  { label: "NUL bytes", value: "\u0000\u0000\u0000" },
);

const goodPart = (field = "file"): Part => ({
  field,
  filename: "fuzz.txt",
  contentType: "text/plain",
  content: "Ein kurzer Absatz zum Hochladen.",
});

// One mutation of an otherwise good one-file upload; `fields` are the route's text fields (parent_id …).
export const multipartArbitrary = (fields: Record<string, string>): fc.Arbitrary<MultipartCase> => {
  const textParts = Object.entries(fields).map(([field, value]) => ({ field, content: value }));
  const upload = (label: string, parts: Part[], contentType: MultipartCase["contentType"] = "multipart") => ({
    label,
    parts,
    contentType,
  });
  return fc.oneof(
    fc.constant(upload("good", [goodPart(), ...textParts])),
    fc.constant(upload("missing file", textParts)),
    fc.constant(upload("no parts at all", [])),
    fc
      .constantFrom("files", "upload", "", "file[]", "FILE")
      .map((field) => upload(`file under the field ${JSON.stringify(field)}`, [goodPart(field), ...textParts])),
    fc
      .tuple(name, content)
      .map(([n, c]) =>
        upload(`file named ${n.label}, ${c.label}`, [
          { ...goodPart(), filename: n.value, content: c.value },
          ...textParts,
        ]),
      ),
    fc.constant(upload("file part without a file name", [{ field: "file", content: "no name" }, ...textParts])),
    fc.constantFrom(129, 400).map((count) =>
      upload(
        `${count} file parts`,
        Array.from({ length: count }, (_, i) => ({ ...goodPart(), filename: `many-${i}.txt` })),
      ),
    ),
    fc
      .constantFrom(...Object.keys(HOSTILE_TEXT), "strangerId")
      .chain((label) =>
        fc.constant(
          upload(`text fields set to ${label}`, [
            goodPart(),
            ...Object.keys(fields).map((field) => ({ field, content: HOSTILE_TEXT[label] ?? "0".repeat(32) })),
          ]),
        ),
      ),
    fc
      .constantFrom<MultipartCase["contentType"]>("multipart without boundary", "url-encoded", "")
      .map((type) => upload(`sent as ${type || "no content type"}`, [goodPart(), ...textParts], type)),
    fc.constant({ ...upload("truncated body", [goodPart()]), truncated: true }),
  );
};
