/**
 * The `_next` target of a native form post: where the visitor lands after a successful post.
 * Only a path on this site is honoured (no open redirect); anything else falls back to /thank-you.
 */
export const DEFAULT_NEXT = "/thank-you";

const MAX_NEXT = 512;
const BASE = "http://same-site.invalid";

/** Returns `raw` as a same-site path (with its query and hash) or the default. */
export function safeNext(raw: unknown, fallback: string = DEFAULT_NEXT): string {
  if (typeof raw !== "string") return fallback;
  const value = raw.trim();
  if (!value || value.length > MAX_NEXT) return fallback;
  // Only absolute paths; "//host" and "/\host" are protocol-relative URLs in browsers.
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\\\s\u0000-\u001F\u007F]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // The API is no landing page: a GET there only answers 405.
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
