/**
 * CSV that is safe to open in a spreadsheet (OWASP, "CSV Injection"): a cell that starts with
 * = + - @, a tab or a carriage return is prefixed with a single quote so it is read as text, every
 * cell is wrapped in double quotes and inner double quotes are doubled. Lines end with CRLF (RFC 4180).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, neutralised and quoted. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** A whole table: the header row first. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
