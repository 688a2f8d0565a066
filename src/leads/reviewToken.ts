/**
 * The review page's state in its own URL. A native (no-JavaScript) post that needs fixing is
 * answered `303 See Other` to `/form-review?r=<token>`, so the address bar shows the review page,
 * a reload shows it again and Back never re-sends the rejected post. The token holds the review
 * (the visitor's own input, the problems, the attribution to send again), compressed and sealed
 * with AES-256-GCM under a key derived from the IP-hash salt: nobody can read or forge it, any
 * server that shares IP_HASH_SALT can open it, and it expires after an hour. Nothing is stored.
 * A review too large for a URL is rendered in place instead (see src/pages/api/leads.ts).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import type { LeadReview } from "./http.ts";

/** Longest token put in a URL: well within what browsers and proxies accept (8 KiB lines). */
export const MAX_TOKEN_LENGTH = 6000;
/** A review older than this is not shown again (the form asks to be filled in anew). */
export const REVIEW_TTL_MS = 60 * 60_000;

const VERSION = 1;

function keyFor(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "greenline-review", "form-review v1", 32));
}

/** The sealed review, or null when it would not fit in a URL. */
export function sealReview(review: LeadReview, secret: string, now = Date.now()): string | null {
  const plain = brotliCompressSync(Buffer.from(JSON.stringify({ at: now, review }), "utf8"), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
  });
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret), iv);
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  const token = Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), sealed]).toString(
    "base64url",
  );
  return token.length <= MAX_TOKEN_LENGTH ? token : null;
}

export type OpenedReview =
  { ok: true; review: LeadReview } | { ok: false; reason: "invalid" | "expired" };

/** Opens a token made by `sealReview` with the same secret, within REVIEW_TTL_MS. */
export function openReview(token: string, secret: string, now = Date.now()): OpenedReview {
  try {
    if (token.length > MAX_TOKEN_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) {
      return { ok: false, reason: "invalid" };
    }
    const bytes = Buffer.from(token, "base64url");
    if (bytes[0] !== VERSION || bytes.length < 1 + 12 + 16 + 1) {
      return { ok: false, reason: "invalid" };
    }
    const decipher = createDecipheriv("aes-256-gcm", keyFor(secret), bytes.subarray(1, 13));
    decipher.setAuthTag(bytes.subarray(13, 29));
    const plain = Buffer.concat([decipher.update(bytes.subarray(29)), decipher.final()]);
    const { at, review } = JSON.parse(brotliDecompressSync(plain).toString("utf8")) as {
      at: number;
      review: LeadReview;
    };
    if (!(now - at <= REVIEW_TTL_MS && at <= now + 60_000)) return { ok: false, reason: "expired" };
    return { ok: true, review };
  } catch {
    return { ok: false, reason: "invalid" };
  }
}
