/**
 * The download link of a guide's checklist, signed for the lead that asked for it: the lead's id,
 * the checklist's id and an expiry (7 days), with an HMAC-SHA256 under a key derived from the
 * IP-hash salt (like the review page's token: any server sharing IP_HASH_SALT checks it; nothing
 * is stored). A changed character or a passed expiry makes it worthless.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

export const CHECKLIST_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
const MAX_TOKEN = 400;

interface Payload {
  /** The lead's id. */
  l: string;
  /** The checklist's id. */
  c: string;
  /** Expiry, ms since the epoch. */
  e: number;
}

const keyFor = (secret: string) =>
  Buffer.from(hkdfSync("sha256", secret, "greenline-checklist", "checklist link v1", 32));

const mac = (body: string, secret: string) =>
  createHmac("sha256", keyFor(secret)).update(body).digest();

/** The token of the link `/checklists/<token>`. */
export function signChecklistLink(
  link: { leadId: string; checklist: string },
  secret: string,
  now = Date.now(),
): string {
  const payload: Payload = { l: link.leadId, c: link.checklist, e: now + CHECKLIST_LINK_TTL_MS };
  const body = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
  return `${body}.${mac(body, secret).toString("base64url")}`;
}

export type OpenedChecklistLink =
  | { ok: true; leadId: string; checklist: string; expiresAt: number }
  | { ok: false; reason: "invalid" | "expired" };

/** Checks a token made by signChecklistLink with the same secret. */
export function openChecklistLink(
  token: string,
  secret: string,
  now = Date.now(),
): OpenedChecklistLink {
  const [body, signature, ...rest] = token.split(".");
  if (!body || !signature || rest.length || token.length > MAX_TOKEN) {
    return { ok: false, reason: "invalid" };
  }
  const given = Buffer.from(signature, "base64url");
  const expected = mac(body, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: "invalid" };
  }
  try {
    const p = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Payload;
    if (typeof p.l !== "string" || typeof p.c !== "string" || typeof p.e !== "number") {
      return { ok: false, reason: "invalid" };
    }
    if (now >= p.e) return { ok: false, reason: "expired" };
    return { ok: true, leadId: p.l, checklist: p.c, expiresAt: p.e };
  } catch {
    return { ok: false, reason: "invalid" };
  }
}

/**
 * The checklist a token names, read without checking its signature: only to offer that
 * checklist's form again on the page a bad link gets. Never a reason to hand anything out.
 */
export function checklistNamedBy(token: string): string | null {
  if (token.length > MAX_TOKEN) return null;
  try {
    const p = JSON.parse(
      Buffer.from(token.split(".")[0] ?? "", "base64url").toString("utf8"),
    ) as Partial<Payload>;
    return typeof p.c === "string" && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(p.c) ? p.c : null;
  } catch {
    return null;
  }
}
