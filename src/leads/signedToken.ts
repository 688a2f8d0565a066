/**
 * A signed, expiring token: a JSON payload in base64url and an HMAC-SHA256 of it under a key
 * derived (HKDF) from the IP-hash salt for one purpose, so any server sharing IP_HASH_SALT checks
 * it and nothing is stored. The checklist links (checklistLink.ts) and the website check's report
 * links (src/audit/token.ts) are two purposes of it. A token opens only as it was signed: any
 * other spelling of it (padding, another alphabet, trailing characters) is refused as a changed one.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

export interface TokenPurpose {
  /** HKDF salt and info: a key of one purpose never checks another's tokens. */
  salt: string;
  info: string;
  /** Longer tokens are refused unread. */
  maxLength: number;
}

const mac = (body: string, secret: string, purpose: TokenPurpose) =>
  createHmac("sha256", Buffer.from(hkdfSync("sha256", secret, purpose.salt, purpose.info, 32)))
    .update(body)
    .digest();

/** `payload` (with its expiry `e`, ms since the epoch) signed for `purpose`. */
export function signToken(
  payload: { e: number } & Record<string, unknown>,
  secret: string,
  purpose: TokenPurpose,
): string {
  const body = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
  return `${body}.${mac(body, secret, purpose).toString("base64url")}`;
}

export type OpenedToken =
  | { ok: true; payload: Record<string, unknown> & { e: number } }
  | { ok: false; reason: "invalid" | "expired" };

/** The payload of a token signed for `purpose` with `secret`, unless changed or expired. */
export function openToken(
  token: string,
  secret: string,
  purpose: TokenPurpose,
  now = Date.now(),
): OpenedToken {
  const [body, signature, ...rest] = token.split(".");
  if (!body || !signature || rest.length || token.length > purpose.maxLength) {
    return { ok: false, reason: "invalid" };
  }
  // The signature as signed, character for character: Buffer's base64url decoder also takes
  // padding, the standard alphabet, skipped characters and other unused trailing bits, so
  // decoding and comparing bytes would let several spellings of one token in.
  const given = Buffer.from(signature, "utf8");
  const expected = Buffer.from(mac(body, secret, purpose).toString("base64url"), "utf8");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: "invalid" };
  }
  try {
    const p = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as unknown;
    if (!p || typeof p !== "object" || typeof (p as { e?: unknown }).e !== "number") {
      return { ok: false, reason: "invalid" };
    }
    const payload = p as Record<string, unknown> & { e: number };
    if (now >= payload.e) return { ok: false, reason: "expired" };
    return { ok: true, payload };
  } catch {
    return { ok: false, reason: "invalid" };
  }
}
