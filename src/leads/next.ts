/**
 * The `_next` target of a native form post: where the visitor lands after a successful post.
 * Only a path on this site is honoured (no open redirect); anything else falls back to /thank-you.
 *
 * The check runs on the path as the browser will resolve it: after dot segments ("/./", "/../")
 * and their percent-encoded forms collapse. A value whose resolved path starts with "//" (or holds
 * a backslash, which browsers read as a slash) would be a protocol-relative URL in a Location
 * header, so it falls back too.
 */
export const DEFAULT_NEXT = "/thank-you";

const MAX_NEXT = 512;
const BASE = "http://same-site.invalid";

/** Returns `raw` as a same-site path (with its query and hash) or the default. */
export function safeNext(raw: unknown, fallback: string = DEFAULT_NEXT): string {
  if (typeof raw !== "string") return fallback;
  const value = raw.trim();
  if (!value || value.length > MAX_NEXT) return fallback;
  if (!value.startsWith("/")) return fallback;
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\\\s\u0000-\u001F\u007F]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname;
  // After normalisation: "//host" or "/\host" would leave the site; so would an encoded slash
  // or backslash that a later decoding step could turn into one.
  if (path.startsWith("//") || /%(2f|5c)/i.test(path) || path.includes("\\")) return fallback;
  // The API is no landing page: a GET there only answers 405.
  if (path === "/api" || path.startsWith("/api/")) return fallback;
  const target = `${path}${url.search}${url.hash}`;
  // The result must itself read back as the same path (idempotent), or it is not trusted.
  return new URL(target, BASE).origin === BASE && !target.startsWith("//") ? target : fallback;
}
