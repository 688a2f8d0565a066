/**
 * The report's address `/audit/<token>`: the check's job id and an expiry (30 days), with an
 * HMAC-SHA256 under a key derived from the IP-hash salt (like the checklist links,
 * src/leads/checklistLink.ts: any server sharing IP_HASH_SALT checks it; nothing is stored).
 * A changed character or a passed expiry makes it worthless (the page answers 403).
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

export const AUDIT_LINK_TTL_MS = 30 * 24 * 60 * 60_000;
const MAX_TOKEN = 300;

interface Payload {
  /** The check's job id. */
  j: string;
  /** Expiry, ms since the epoch. */
  e: number;
}

const keyFor = (secret: string) =>
  Buffer.from(hkdfSync("sha256", secret, "greenline-audit", "audit report link v1", 32));

const mac = (body: string, secret: string) =>
  createHmac("sha256", keyFor(secret)).update(body).digest();

/** The token of `/audit/<token>` for a check, valid 30 days from `now`. */
export function signAuditToken(jobId: string, secret: string, now = Date.now()): string {
  const payload: Payload = { j: jobId, e: now + AUDIT_LINK_TTL_MS };
  const body = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
  return `${body}.${mac(body, secret).toString("base64url")}`;
}

export type OpenedAuditToken =
  { ok: true; jobId: string; expiresAt: number } | { ok: false; reason: "invalid" | "expired" };

/** Checks a token made by signAuditToken with the same secret. */
export function openAuditToken(token: string, secret: string, now = Date.now()): OpenedAuditToken {
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
    const p = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Partial<Payload>;
    if (typeof p.j !== "string" || typeof p.e !== "number") return { ok: false, reason: "invalid" };
    if (now >= p.e) return { ok: false, reason: "expired" };
    return { ok: true, jobId: p.j, expiresAt: p.e };
  } catch {
    return { ok: false, reason: "invalid" };
  }
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
