/**
 * The report's address `/audit/<token>`: the check's job id and an expiry (30 days), with an
 * HMAC-SHA256 under a key derived from the IP-hash salt (like the checklist links,
 * src/leads/checklistLink.ts: any server sharing IP_HASH_SALT checks it; nothing is stored).
 * A changed character or a passed expiry makes it worthless (the page answers 403).
 */
import { openToken, signToken, type TokenPurpose } from "../leads/signedToken.ts";

export const AUDIT_LINK_TTL_MS = 30 * 24 * 60 * 60_000;
const purpose: TokenPurpose = {
  salt: "greenline-audit",
  info: "audit report link v1",
  maxLength: 300,
};

/** The token of `/audit/<token>` for a check (its job id `j`), valid 30 days from `now`. */
export function signAuditToken(jobId: string, secret: string, now = Date.now()): string {
  return signToken({ j: jobId, e: now + AUDIT_LINK_TTL_MS }, secret, purpose);
}

export type OpenedAuditToken =
  { ok: true; jobId: string; expiresAt: number } | { ok: false; reason: "invalid" | "expired" };

/** Checks a token made by signAuditToken with the same secret. */
export function openAuditToken(token: string, secret: string, now = Date.now()): OpenedAuditToken {
  const opened = openToken(token, secret, purpose, now);
  if (!opened.ok) return opened;
  const { j, e } = opened.payload;
  return typeof j === "string"
    ? { ok: true, jobId: j, expiresAt: e }
    : { ok: false, reason: "invalid" };
}

/** The report page's path for a check. */
export const auditReportPath = (jobId: string, secret: string, now = Date.now()) =>
  `/audit/${signAuditToken(jobId, secret, now)}`;

/** Where an audit request's answer points: its thank-you page, its report and its live status. */
export function auditLinks(jobId: string, secret: string, now = Date.now()) {
  const token = signAuditToken(jobId, secret, now);
  return {
    token,
    thanks: `/thank-you/audit?t=${token}`,
    report: `/audit/${token}`,
    status: `/api/audit/${token}`,
  };
}
