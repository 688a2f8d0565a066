/**
 * The one rule for text on the way in, applied before either store sees it (PostgreSQL refuses
 * NUL and unpaired UTF-16 surrogates; SQLite would keep them, so the two must be told alike):
 * - a visitor's own field values with an unpaired surrogate or a control character are refused
 *   with 422 (schema.ts), whatever the spam verdict;
 * - values the browser or the request adds (page, referrer, utm_*, user agent) are cleaned
 *   instead: control characters dropped, unpaired surrogates replaced by U+FFFD;
 * - anything cut to a length is cut between code points, never inside a surrogate pair.
 * Pure functions, shared by the browser (inline errors) and the server.
 */

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");

/** True when `text` is valid Unicode (every surrogate paired): it can be stored as UTF-8. */
export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/** `text` with every unpaired surrogate replaced by U+FFFD. */
export function toWellFormed(text: string): string {
  return text.replace(LONE_SURROGATES, "\uFFFD");
}

/** At most `max` UTF-16 code units of `text`, never ending inside a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  const cut = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
  return text.slice(0, cut);
}
