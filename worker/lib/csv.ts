export type CsvValue = string | number | boolean | null;

// One CSV cell; text starting with = + - @, a tab or a carriage return could make spreadsheets run
// the cell as a formula, so it gets a quote mark. Numbers are numbers, negative ones included.
export const csvCell = (value: CsvValue) => {
  const text = value === null ? "" : String(value);
  const safe = typeof value === "string" && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

// A whole CSV file: a byte order mark (spreadsheet programs then read umlauts as UTF-8), a header, CRLF lines.
export const csvFile = <K extends string>(header: readonly K[], rows: readonly Record<K, CsvValue>[]) =>
  `\uFEFF${[header.join(","), ...rows.map((row) => header.map((key) => csvCell(row[key])).join(","))].join("\r\n")}\r\n`;
