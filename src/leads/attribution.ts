/**
 * Where a lead came from: its source, the page it was sent from, the visit's landing page and
 * referrer, UTM parameters, the user agent and a salted SHA-256 hash of the client's IP address.
 * The raw IP is never stored or logged.
 *
 * With JavaScript, src/scripts/attribution.ts (or client.ts) sends the page, landing page, the
 * landing referrer and the landing URL's utm_* as hidden values. Without it, the page and utm_*
 * come from the Referer header of the post.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hiddenFields, leadForms, utmKeys, type FormId, type UtmKey } from "./fields.ts";
import { toWellFormed, truncate } from "./text.ts";

export interface LeadMetadata {
  source: string;
  /** Path of the page the form was sent from. */
  page: string | null;
  /** First page of the visit, when the browser told us. */
  landingPage: string | null;
  referrer: string | null;
  /** Server time of submission (ISO 8601, UTC); equals the lead's createdAt. */
  timestamp: string;
  userAgent: string | null;
  utm: Partial<Record<UtmKey, string>>;
  /** Salted SHA-256 of the client IP, hex; null when the address is unknown. */
  ipHash: string | null;
  /** Why a lead was flagged as spam; empty for real leads. */
  spamReasons: string[];
  /**
   * Set when the browser sent Global Privacy Control (`Sec-GPC: 1`): the site's analytics
   * counted none of its visit, so the report keeps the lead out of the conversion rate.
   */
  gpc?: true;
}

const LIMITS = { page: 512, referrer: 2048, userAgent: 512, utm: 200 } as const;

/**
 * Trims, drops control characters, replaces unpaired surrogates and caps the length (between
 * code points); empty becomes null. For values the browser adds, not the visitor's own fields.
 */
export function cleanText(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  // eslint-disable-next-line no-control-regex
  const text = toWellFormed(value.replace(/[\u0000-\u001F\u007F-\u009F]/g, "")).trim();
  return text ? truncate(text, max).trim() || null : null;
}

/** A same-site path ("/free-audit"), or null. */
export function cleanPath(value: unknown): string | null {
  const text = cleanText(value, LIMITS.page);
  if (!text || !text.startsWith("/") || text.startsWith("//") || text.includes("\\")) return null;
  try {
    const url = new URL(text, "http://same-site.invalid");
    return url.origin === "http://same-site.invalid" ? url.pathname : null;
  } catch {
    return null;
  }
}

function parseUrl(value: string | null): URL | null {
  if (!value) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Salted SHA-256 of an IP address, as hex. */
export function hashIp(ip: string, salt: string): string {
  return createHash("sha256").update(`${salt}\u0000${ip}`).digest("hex");
}

/**
 * The salt for IP hashes: IP_HASH_SALT when set, else a random salt created once and kept in
 * DATA_DIR/ip-hash-salt (so hashes stay comparable across restarts). Several servers sharing one
 * PostgreSQL database should share IP_HASH_SALT.
 */
export function loadIpSalt(envSalt: string | undefined, dataDir: string): string {
  if (envSalt) return envSalt;
  const file = join(dataDir, "ip-hash-salt");
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const salt = readFileSync(file, "utf8").trim();
  if (salt.length < 16) throw new Error(`${file} holds no usable salt`);
  return salt;
}

/**
 * The warning a server logs at start when it shares PostgreSQL with others but has no
 * IP_HASH_SALT: each server then hashes client addresses with a random salt of its own, so one
 * client counts as another on each server (the sign-in throttle and the lead rate limit give
 * it its tries again on each), and links signed on one server (reports, checklists) fail on
 * another. Null when the salt is set or the store is SQLite (one server).
 */
export function ipSaltWarning(config: {
  databaseUrl?: string | undefined;
  ipHashSalt?: string | undefined;
}): string | null {
  if (!config.databaseUrl || config.ipHashSalt) return null;
  return "DATABASE_URL is set but IP_HASH_SALT is not: this server hashes client addresses with a salt of its own, so servers sharing the database count a client separately (sign-in tries, lead rate limit) and refuse each other's signed links; set the same IP_HASH_SALT on every server";
}

export interface AttributionInput {
  form: FormId;
  /** The whole submitted body: hidden values are read from it. */
  body: Record<string, unknown>;
  /** Origin of this server (request URL), to tell same-site referrers from others. */
  origin: string;
  referer: string | null;
  userAgent: string | null;
  ipHash: string | null;
  timestamp: string;
  spamReasons?: string[];
  /** The post carried `Sec-GPC: 1`. */
  gpc?: boolean;
}

export function buildAttribution(input: AttributionInput): LeadMetadata {
  const { body } = input;
  const referer = cleanText(input.referer, LIMITS.referrer);
  const refererUrl = parseUrl(referer);
  // Same site by host: behind a TLS-terminating proxy the scheme this server sees may differ.
  // A malformed Host header (the origin is built from it) only means no referer counts as ours.
  const ownHost = parseUrl(input.origin)?.host;
  const sameSiteReferer = refererUrl && ownHost && refererUrl.host === ownHost ? refererUrl : null;

  const utm: Partial<Record<UtmKey, string>> = {};
  for (const key of utmKeys) {
    const value =
      cleanText(body[key], LIMITS.utm) ??
      cleanText(sameSiteReferer?.searchParams.get(key), LIMITS.utm);
    if (value) utm[key] = value;
  }

  return {
    source: leadForms[input.form].source,
    page: cleanPath(body[hiddenFields.page]) ?? sameSiteReferer?.pathname ?? null,
    landingPage: cleanPath(body[hiddenFields.landingPage]),
    // A referer on this site names the page, not where the visit came from.
    referrer:
      cleanText(body[hiddenFields.landingReferrer], LIMITS.referrer) ??
      (sameSiteReferer ? null : referer),
    timestamp: input.timestamp,
    userAgent: cleanText(input.userAgent, LIMITS.userAgent),
    utm,
    ipHash: input.ipHash,
    spamReasons: input.spamReasons ?? [],
    ...(input.gpc ? { gpc: true as const } : {}),
  };
}
