import { strToU8, zipSync } from "fflate";
import type { DocBlock } from "./markdown-blocks";

// A Word file of the blocks: WordprocessingML with the built-in heading styles (Heading1–6, which Word, LibreOffice
// and mammoth read as headings), bullet and numbered lists through numbering definitions, ruled tables with a bold
// header row, and page breaks. The header and footer texts go into the page's header and footer parts.
export type DocxOptions = { fontSize: number; header: string; footer: string; timestamp: string };

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

// control characters other than tab and line breaks are not allowed in XML 1.0
const withoutControls = (text: string) =>
  [...text].filter((char) => char.charCodeAt(0) >= 32 || char === "\t" || char === "\n" || char === "\r").join("");

const escapeXml = (text: string) =>
  withoutControls(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const run = (text: string, bold = false) =>
  `<w:r>${bold ? "<w:rPr><w:b/></w:rPr>" : ""}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
const paragraph = (text: string, properties = "", bold = false) =>
  `<w:p>${properties ? `<w:pPr>${properties}</w:pPr>` : ""}${run(text, bold)}</w:p>`;

const BULLETS = 1;
const NUMBERS = 2;

const border = (side: string) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="808080"/>`;
const borders = ["top", "left", "bottom", "right", "insideH", "insideV"].map(border).join("");
const tableRow = (cells: string[], header: boolean) =>
  `<w:tr>${header ? "<w:trPr><w:tblHeader/></w:trPr>" : ""}${cells
    .map((cell) => `<w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr>${paragraph(cell, "", header)}</w:tc>`)
    .join("")}</w:tr>`;

const table = (block: Extract<DocBlock, { kind: "table" }>) => {
  return (
    `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="5000" w:type="pct"/><w:tblBorders>${borders}` +
    `</w:tblBorders></w:tblPr><w:tblGrid>${block.header.map(() => "<w:gridCol/>").join("")}</w:tblGrid>` +
    `${tableRow(block.header, true)}${block.rows.map((cells) => tableRow(cells, false)).join("")}</w:tbl>`
  );
};

const body = (blocks: DocBlock[], options: DocxOptions) => {
  const parts: string[] = [];
  if (options.timestamp) parts.push(paragraph(options.timestamp));
  // each list gets its own numbering instance, so a second numbered list starts at 1 again
  let nextList = 3;
  const instances: string[] = [];
  for (const block of blocks) {
    if (block.kind === "heading")
      parts.push(paragraph(block.text, `<w:pStyle w:val="Heading${Math.min(block.level, 6)}"/>`));
    else if (block.kind === "paragraph") parts.push(paragraph(block.text));
    else if (block.kind === "pagebreak") parts.push('<w:p><w:r><w:br w:type="page"/></w:r></w:p>');
    else if (block.kind === "table") parts.push(table(block), paragraph(""));
    else {
      const id = nextList++;
      instances.push(
        `<w:num w:numId="${id}"><w:abstractNumId w:val="${block.ordered ? NUMBERS : BULLETS}"/>` +
          '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>',
      );
      for (const item of block.items)
        parts.push(
          paragraph(
            item,
            `<w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="${id}"/></w:numPr>`,
          ),
        );
    }
  }
  return { parts, instances };
};

const listLevel = (format: "bullet" | "decimal") =>
  `<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="${format}"/><w:lvlText w:val="${
    format === "bullet" ? "•" : "%1."
  }"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl>`;

const numbering = (instances: string[]) =>
  `${XML}<w:numbering ${W}>` +
  `<w:abstractNum w:abstractNumId="${BULLETS}">${listLevel("bullet")}</w:abstractNum>` +
  `<w:abstractNum w:abstractNumId="${NUMBERS}">${listLevel("decimal")}</w:abstractNum>` +
  `${instances.join("")}</w:numbering>`;

const headingStyle = (level: number, size: number) =>
  `<w:style w:type="paragraph" w:styleId="Heading${level}"><w:name w:val="heading ${level}"/>` +
  `<w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="240" w:after="120"/>` +
  `<w:outlineLvl w:val="${level - 1}"/></w:pPr><w:rPr><w:b/><w:sz w:val="${size * 2}"/></w:rPr></w:style>`;

const styles = (fontSize: number) =>
  `${XML}<w:styles ${W}><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:cs="Calibri"/>` +
  `<w:sz w:val="${fontSize * 2}"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120"/></w:pPr></w:pPrDefault></w:docDefaults>` +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
  [1, 2, 3, 4, 5, 6].map((level) => headingStyle(level, fontSize + Math.max(6 - (level - 1) * 2, 0))).join("") +
  '<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normal"/>' +
  '<w:pPr><w:ind w:left="720"/></w:pPr></w:style>' +
  '<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/></w:style></w:styles>';

const marginPart = (kind: "hdr" | "ftr", text: string) => `${XML}<w:${kind} ${W}>${paragraph(text)}</w:${kind}>`;

export const writeDocx = (blocks: DocBlock[], options: DocxOptions): Uint8Array => {
  const { parts, instances } = body(blocks, options);
  const relations = [
    `<Relationship Id="rIdStyles" Type="${RELS}/styles" Target="styles.xml"/>`,
    `<Relationship Id="rIdNumbering" Type="${RELS}/numbering" Target="numbering.xml"/>`,
    ...(options.header ? [`<Relationship Id="rIdHeader" Type="${RELS}/header" Target="header1.xml"/>`] : []),
    ...(options.footer ? [`<Relationship Id="rIdFooter" Type="${RELS}/footer" Target="footer1.xml"/>`] : []),
  ];
  const section =
    "<w:sectPr>" +
    (options.header ? '<w:headerReference w:type="default" r:id="rIdHeader"/>' : "") +
    (options.footer ? '<w:footerReference w:type="default" r:id="rIdFooter"/>' : "") +
    '<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1417" w:right="1417" w:bottom="1134" w:left="1417" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>';
  const overrides = [
    ["/word/document.xml", "document.main"],
    ["/word/styles.xml", "styles"],
    ["/word/numbering.xml", "numbering"],
    ...(options.header ? [["/word/header1.xml", "header"]] : []),
    ...(options.footer ? [["/word/footer1.xml", "footer"]] : []),
  ]
    .map(
      ([name, type]) =>
        `<Override PartName="${name}" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.${type}+xml"/>`,
    )
    .join("");
  const files: Record<string, Uint8Array> = {
    "[Content_Types].xml": strToU8(
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        `<Default Extension="xml" ContentType="application/xml"/>${overrides}</Types>`,
    ),
    "_rels/.rels": strToU8(
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${RELS}/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    "word/_rels/document.xml.rels": strToU8(
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relations.join("")}</Relationships>`,
    ),
    "word/document.xml": strToU8(
      `${XML}<w:document ${W} ${R}><w:body>${parts.join("")}${section}</w:body></w:document>`,
    ),
    "word/styles.xml": strToU8(styles(options.fontSize)),
    "word/numbering.xml": strToU8(numbering(instances)),
  };
  if (options.header) files["word/header1.xml"] = strToU8(marginPart("hdr", options.header));
  if (options.footer) files["word/footer1.xml"] = strToU8(marginPart("ftr", options.footer));
  return zipSync(files, { level: 6 });
};
