// A valid PDF of `pages` pages, each with `linesPerPage` lines of the text `lineOf(page, line)` in Helvetica:
// enough for the parser's page ranges, without carrying a file in the repository.
export const textPdf = (
  pages: number,
  lineOf: (page: number, line: number) => string,
  linesPerPage = 30,
): Uint8Array => {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const pageIds = Array.from({ length: pages }, (_, i) => 4 + i * 2);
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages} >>`);
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  for (let page = 1; page <= pages; page++) {
    const id = 4 + (page - 1) * 2;
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`,
    );
    const lines = Array.from({ length: linesPerPage }, (_, line) => {
      const text = lineOf(page, line + 1).replace(/[\\()]/g, (c) => `\\${c}`);
      return `1 0 0 1 50 ${800 - line * 24} Tm (${text}) Tj`;
    });
    const stream = `BT /F1 11 Tf ${lines.join("\n")} ET`;
    add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  }
  let out = "%PDF-1.4\n";
  const offsets = objects.map((body, i) => {
    const offset = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
};
