/**
 * Text taken from a fetched page, made plain for the report: control, bidirectional and
 * zero-width characters removed, white space collapsed, cut to a sane length. The report holds
 * plain text only; its renderers (HTML, PDF, email, CSV, terminal) escape it for their medium.
 */

// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/g;

/** The longest piece of page text (a title, a URL, an element) quoted in evidence. */
export const EVIDENCE_QUOTE_MAX = 120;

export function plain(text: string, max = EVIDENCE_QUOTE_MAX): string {
  const flat = text.replace(INVISIBLE, " ").replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  // Cut on a code point boundary, never inside a surrogate pair.
  return `${Array.from(flat)
    .slice(0, max - 1)
    .join("")
    .trimEnd()}…`;
}

/** Page text quoted in evidence: plain, in quotation marks. */
export const quote = (text: string, max?: number): string => `“${plain(text, max)}”`;
