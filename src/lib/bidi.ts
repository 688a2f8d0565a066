/**
 * The bidirectional formatting characters: the embeddings and overrides (U+202A-U+202E), the
 * isolates (U+2066-U+2069) and the marks (U+200E, U+200F, U+061C). In stored text they reorder
 * what follows them ("Invoice \u202Efdp.exe" shows as "Invoice exe.pdf"), so the CLI prints them
 * escaped (cli/terminal.ts) and the CSV export drops them from every cell (src/leads/csv.ts).
 */
export const BIDI_CONTROLS = "\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069";

const ANY_BIDI = new RegExp(`[${BIDI_CONTROLS}]`);
const EVERY_BIDI = new RegExp(`[${BIDI_CONTROLS}]`, "g");

/** `text` without its bidirectional controls (the same string when it has none). */
export const stripBidi = (text: string): string =>
  ANY_BIDI.test(text) ? text.replace(EVERY_BIDI, "") : text;
