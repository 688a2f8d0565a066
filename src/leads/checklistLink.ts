/**
 * The download link of a guide's checklist, signed for the lead that asked for it: the lead's id,
 * the checklist's id and an expiry (7 days), with an HMAC-SHA256 under a key derived from the
 * IP-hash salt (like the review page's token: any server sharing IP_HASH_SALT checks it; nothing
 * is stored). A changed character or a passed expiry makes it worthless.
 */
import { openToken, signToken, type TokenPurpose } from "./signedToken.ts";

export const CHECKLIST_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
const MAX_TOKEN = 400;
const purpose: TokenPurpose = {
  salt: "greenline-checklist",
  info: "checklist link v1",
  maxLength: MAX_TOKEN,
};

interface Payload {
  /** The lead's id. */
  l: string;
  /** The checklist's id. */
  c: string;
  /** Expiry, ms since the epoch. */
  e: number;
}

/** The token of the link `/checklists/<token>`. */
export function signChecklistLink(
  link: { leadId: string; checklist: string },
  secret: string,
  now = Date.now(),
): string {
  return signToken(
    { l: link.leadId, c: link.checklist, e: now + CHECKLIST_LINK_TTL_MS },
    secret,
    purpose,
  );
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
  const opened = openToken(token, secret, purpose, now);
  if (!opened.ok) return opened;
  const { l, c, e } = opened.payload;
  return typeof l === "string" && typeof c === "string"
    ? { ok: true, leadId: l, checklist: c, expiresAt: e }
    : { ok: false, reason: "invalid" };
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
