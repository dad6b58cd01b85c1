import { strToU8, zipSync } from "fflate";
import type { DocBlock } from "./markdown-blocks";

// A Word file of the blocks: WordprocessingML with the built-in heading styles (Heading1–6, which Word, LibreOffice
// and mammoth read as headings), bullet and numbered lists through numbering definitions, ruled tables with a bold
// header row, and page breaks. The header and footer texts go into the page's header and footer parts; page numbers
// ("n / N" bottom right, as in the PDF) are Word's PAGE and NUMPAGES fields in the footer, and a watermark is
// Word's own kind (a grey diagonal text shape behind the page, anchored in the header).
export type DocxOptions = {
  fontSize: number;
  header: string;
  footer: string;
  timestamp: string;
  pageNumbers: boolean;
  watermark: string;
};

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

const VML = 'xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"';

// Word's WordArt text shape (type 136) as Word writes it for "Watermark"
const TEXT_SHAPE =
  '<v:shapetype id="_x0000_t136" coordsize="21600,21600" o:spt="136" adj="10800" path="m@7,l@8,m@5,21600l@6,21600e">' +
  "<v:formulas>" +
  [
    "sum #0 0 10800",
    "prod #0 2 1",
    "sum 21600 0 @1",
    "sum 0 0 @2",
    "sum 21600 0 @3",
    "if @0 @3 0",
    "if @0 21600 @1",
    "if @0 0 @2",
    "if @0 @4 21600",
    "mid @5 @6",
    "mid @8 @5",
    "mid @7 @8",
    "mid @6 @7",
    "sum @6 0 @5",
  ]
    .map((eqn) => `<v:f eqn="${eqn}"/>`)
    .join("") +
  '</v:formulas><v:path textpathok="t" o:connecttype="custom" o:connectlocs="@9,0;@10,10800;@11,21600;@12,10800" ' +
  'o:connectangles="270,180,90,0"/><v:textpath on="t" fitshape="t"/><o:lock v:ext="edit" text="t" shapetype="t"/></v:shapetype>';

const watermarkRun = (text: string) =>
  `<w:r><w:pict>${TEXT_SHAPE}<v:shape id="PowerPlusWaterMarkObject" o:spid="_x0000_s2049" type="#_x0000_t136" ` +
  'style="position:absolute;margin-left:0;margin-top:0;width:415pt;height:138pt;rotation:315;z-index:-251657216;' +
  "mso-position-horizontal:center;mso-position-horizontal-relative:margin;mso-position-vertical:center;" +
  'mso-position-vertical-relative:margin" o:allowincell="f" fillcolor="silver" stroked="f"><v:fill opacity=".5"/>' +
  `<v:textpath style="font-family:&quot;Calibri&quot;;font-size:1pt" string="${escapeXml(text).replace(/"/g, "&quot;")}"/>` +
  "</v:shape></w:pict></w:r>";

const field = (instruction: string) => `<w:fldSimple w:instr=" ${instruction} "><w:r><w:t>1</w:t></w:r></w:fldSimple>`;

const headerPart = (options: DocxOptions) =>
  `${XML}<w:hdr ${W} ${VML}><w:p>${options.watermark ? watermarkRun(options.watermark) : ""}` +
  `${options.header ? run(options.header) : ""}</w:p></w:hdr>`;

const footerPart = (options: DocxOptions) =>
  `${XML}<w:ftr ${W}>${options.footer ? paragraph(options.footer) : ""}` +
  (options.pageNumbers
    ? `<w:p><w:pPr><w:jc w:val="right"/></w:pPr>${field("PAGE")}${run(" / ")}${field("NUMPAGES")}</w:p>`
    : "") +
  `</w:ftr>`;

export const writeDocx = (blocks: DocBlock[], options: DocxOptions): Uint8Array => {
  const { parts, instances } = body(blocks, options);
  const hasHeader = options.header !== "" || options.watermark !== "";
  const hasFooter = options.footer !== "" || options.pageNumbers;
  const relations = [
    `<Relationship Id="rIdStyles" Type="${RELS}/styles" Target="styles.xml"/>`,
    `<Relationship Id="rIdNumbering" Type="${RELS}/numbering" Target="numbering.xml"/>`,
    ...(hasHeader ? [`<Relationship Id="rIdHeader" Type="${RELS}/header" Target="header1.xml"/>`] : []),
    ...(hasFooter ? [`<Relationship Id="rIdFooter" Type="${RELS}/footer" Target="footer1.xml"/>`] : []),
  ];
  const section =
    "<w:sectPr>" +
    (hasHeader ? '<w:headerReference w:type="default" r:id="rIdHeader"/>' : "") +
    (hasFooter ? '<w:footerReference w:type="default" r:id="rIdFooter"/>' : "") +
    '<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1417" w:right="1417" w:bottom="1134" w:left="1417" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>';
  const overrides = [
    ["/word/document.xml", "document.main"],
    ["/word/styles.xml", "styles"],
    ["/word/numbering.xml", "numbering"],
    ...(hasHeader ? [["/word/header1.xml", "header"]] : []),
    ...(hasFooter ? [["/word/footer1.xml", "footer"]] : []),
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
  if (hasHeader) files["word/header1.xml"] = strToU8(headerPart(options));
  if (hasFooter) files["word/footer1.xml"] = strToU8(footerPart(options));
  return zipSync(files, { level: 6 });
};
