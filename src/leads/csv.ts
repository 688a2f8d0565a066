/**
 * CSV that is safe to open in a spreadsheet (OWASP, "CSV Injection"): a cell that starts with
 * = + - @, a tab or a carriage return is prefixed with a single quote so it is read as text, every
 * cell is wrapped in double quotes and inner double quotes are doubled. Bidirectional controls
 * (src/lib/bidi.ts), which would show a cell's text reordered, are dropped first. Lines end with
 * CRLF (RFC 4180).
 */
import { stripBidi } from "../lib/bidi.ts";

const FORMULA_START = new Set(["=", "+", "-", "@", "\t", "\r"].map((c) => c.charCodeAt(0)));

/**
 * One cell, neutralised and quoted. The export writes some 35 cells a lead, a million leads at a
 * time: the first character is looked up rather than matched, and a cell without a double quote
 * (nearly every one) is not rewritten.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined || value === "") return '""';
  let text = stripBidi(typeof value === "string" ? value : String(value));
  if (text === "") return '""';
  if (FORMULA_START.has(text.charCodeAt(0))) text = `'${text}`;
  return text.includes('"') ? `"${text.replaceAll('"', '""')}"` : `"${text}"`;
}

/** A whole table: the header row first. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
