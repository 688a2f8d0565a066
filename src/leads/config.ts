/**
 * Lead-intake settings (README, "Lead intake"): read from the environment by `leadConfig`, which
 * the composition root's `loadConfig` (src/app/config.ts) calls once per process. The agency
 * side's settings that run inside the lead service (reminders, follow-ups, retention) are
 * src/admin/config.ts.
 */
import { join, resolve } from "node:path";
import { siteOrigin } from "../config/agency.ts";
import { parseTrustProxy, type TrustedProxies } from "../server/clientAddress.ts";
import type { EmailSettings } from "./notify/email.ts";
import { defaultOutboxSettings, type OutboxSettings } from "./notify/outbox.ts";
import { webhookSecretBytes, type WebhookSettings } from "./notify/webhook.ts";
import { DEFAULT_MIN_FILL_MS } from "./spam.ts";
import type { SqliteSync } from "./store/sqlite.ts";
import type { Channel } from "./store/types.ts";

type Env = Record<string, string | undefined>;

export interface LeadConfig {
  /** Folder of the SQLite file and the IP-hash salt. DATA_DIR, default ./data */
  dataDir: string;
  /** postgres://… selects the PostgreSQL store. DATABASE_URL */
  databaseUrl: string | undefined;
  /** DATABASE_SCHEMA, default public. */
  databaseSchema: string | undefined;
  /** LEADS_SQLITE_SYNC: full (default: an fsync per commit) or normal. */
  sqliteSync: SqliteSync;
  /** IP_HASH_SALT; else a salt kept in DATA_DIR/ip-hash-salt. */
  ipHashSalt: string | undefined;
  /** TRUST_PROXY: the reverse proxies whose X-Forwarded-For is believed (null: none). */
  trustProxy: TrustedProxies | null;
  /**
   * LEADS_RATE_LIMIT_POINTS stored leads per LEADS_RATE_LIMIT_DURATION seconds per client, and
   * LEADS_RATE_LIMIT_ATTEMPTS posts of any kind (invalid ones too) in the same window.
   */
  rateLimit: { enabled: boolean; points: number; attempts: number; durationSeconds: number };
  /** LEADS_MIN_FILL_MS: submissions sent faster than this after page load are flagged as spam. */
  minFillMs: number;
  /** LEADS_BODY_LIMIT_BYTES: larger bodies are answered 413. */
  bodyLimitBytes: number;
  /** Where leads are sent (README, "Delivering leads to the agency"). */
  notify: NotifyConfig;
  /** METRICS_TOKEN: lets an operator see /api/health's details; at least 16 characters. */
  metricsToken: string | undefined;
  /**
   * Where the build put the guides' checklist PDFs: SITE_OUT_DIR (set by scripts/start.mjs) or
   * BUILD_DIR (default dist), + /checklists (./checklists.ts).
   */
  checklistDir: string;
  /** SITE_URL without a trailing slash (default the agency's address): the origin of links. */
  origin: string;
  /** Bookings from the scheduling provider (./scheduling/). */
  scheduling: SchedulingConfig;
}

export interface SchedulingConfig {
  /**
   * CALENDLY_SIGNING_KEY: the signing key of the Calendly webhook subscription; unset, POST
   * /api/scheduling/calendly answers 404.
   */
  calendlySigningKey: string | null;
}

export function schedulingConfig(env: Env = process.env): SchedulingConfig {
  const key = env.CALENDLY_SIGNING_KEY?.trim();
  if (!key) return { calendlySigningKey: null };
  if (key.length < 16 || /\s/.test(key)) {
    throw new Error("CALENDLY_SIGNING_KEY must be at least 16 characters without spaces");
  }
  return { calendlySigningKey: key };
}

export interface NotifyConfig {
  /** SMTP_URL, LEAD_EMAIL_TO, LEAD_EMAIL_FROM, SMTP_TIMEOUT_MS; null when SMTP_URL is unset. */
  email: EmailSettings | null;
  /** WEBHOOK_URL, WEBHOOK_SECRET, WEBHOOK_TIMEOUT_MS; null when WEBHOOK_URL is unset. */
  webhook: WebhookSettings | null;
  /** The configured channels: each non-spam lead gets one outbox row per channel. */
  channels: Channel[];
  /** LEADS_OUTBOX_* timings. */
  outbox: OutboxSettings;
}

export function int(value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`Expected an integer ≥ ${min}, got "${value}"`);
  return n;
}

/** A comma-separated list of plain addresses (no line breaks, no display-name tricks). */
function addresses(name: string, value: string): string[] {
  const list = value
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  const bad = list.find((a) => !/^[^\s@<>,;"]+@[^\s@<>,;".]+(?:\.[^\s@<>,;".]+)+$/.test(a));
  if (!list.length || bad !== undefined) {
    throw new Error(`${name} must be one or more email addresses separated by commas`);
  }
  return list;
}

function checkedUrl(name: string, value: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not a URL`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new Error(`${name} must start with ${protocols.map((p) => `${p}//`).join(" or ")}`);
  }
  return value;
}

export function notifyConfig(env: Env = process.env): NotifyConfig {
  const smtpUrl = env.SMTP_URL?.trim();
  const to = env.LEAD_EMAIL_TO?.trim();
  const from = env.LEAD_EMAIL_FROM?.trim();
  let email: EmailSettings | null = null;
  if (smtpUrl) {
    if (!to) throw new Error("SMTP_URL is set but LEAD_EMAIL_TO is not: whom should leads go to?");
    const recipients = addresses("LEAD_EMAIL_TO", to);
    const sender = from || recipients[0]!;
    if (/[\r\n]/.test(sender) || !/@/.test(sender)) {
      throw new Error("LEAD_EMAIL_FROM must be an address, optionally with a name: Name <a@b.c>");
    }
    email = {
      smtpUrl: checkedUrl("SMTP_URL", smtpUrl, ["smtp:", "smtps:"]),
      to: recipients,
      from: sender,
      timeoutMs: int(env.SMTP_TIMEOUT_MS, 30_000, 100),
      origin: siteOrigin(env),
    };
  } else if (to || from) {
    throw new Error("LEAD_EMAIL_TO or LEAD_EMAIL_FROM is set but SMTP_URL is not");
  }

  const webhookUrl = env.WEBHOOK_URL?.trim();
  const secret = env.WEBHOOK_SECRET;
  let webhook: WebhookSettings | null = null;
  if (webhookUrl) {
    if (!secret)
      throw new Error("WEBHOOK_URL is set but WEBHOOK_SECRET is not: webhooks are signed");
    if (webhookSecretBytes(secret).length < 16) {
      throw new Error("WEBHOOK_SECRET is too short: use at least 16 bytes (whsec_ + 24+ base64)");
    }
    webhook = {
      url: checkedUrl("WEBHOOK_URL", webhookUrl, ["https:", "http:"]),
      secret,
      timeoutMs: int(env.WEBHOOK_TIMEOUT_MS, 10_000, 100),
    };
  } else if (secret) {
    throw new Error("WEBHOOK_SECRET is set but WEBHOOK_URL is not");
  }

  const d = defaultOutboxSettings;
  const outbox: OutboxSettings = {
    pollMs: int(env.LEADS_OUTBOX_POLL_MS, d.pollMs, 10),
    leaseMs: int(env.LEADS_OUTBOX_LEASE_MS, d.leaseMs, 1_000),
    concurrency: int(env.LEADS_OUTBOX_CONCURRENCY, d.concurrency, 1),
    retryBaseMs: int(env.LEADS_OUTBOX_RETRY_BASE_MS, d.retryBaseMs, 1),
    retryMaxMs: int(env.LEADS_OUTBOX_RETRY_MAX_MS, d.retryMaxMs, 1),
    maxAgeMs: int(env.LEADS_OUTBOX_MAX_AGE_MS, d.maxAgeMs, 1_000),
    stopGraceMs: int(env.LEADS_OUTBOX_STOP_GRACE_MS, d.stopGraceMs, 0),
  };
  // A delivery is cut short at 80 % of its lease; its own timeout must fit in that.
  const slowest = Math.max(email?.timeoutMs ?? 0, webhook?.timeoutMs ?? 0);
  if (slowest > outbox.leaseMs * 0.8) {
    throw new Error(
      `LEADS_OUTBOX_LEASE_MS (${outbox.leaseMs}) must be at least 1.25 × the longest channel timeout (${slowest})`,
    );
  }
  const channels: Channel[] = [];
  if (email) channels.push("email");
  if (webhook) channels.push("webhook");
  return { email, webhook, channels, outbox };
}

function metricsToken(raw: string | undefined): string | undefined {
  const token = raw?.trim();
  if (!token) return undefined;
  if (token.length < 16 || /\s/.test(token)) {
    throw new Error("METRICS_TOKEN must be at least 16 characters without spaces");
  }
  return token;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

export function leadConfig(env: Env = process.env): LeadConfig {
  const sync = (env.LEADS_SQLITE_SYNC?.trim() || "full").toLowerCase();
  if (sync !== "normal" && sync !== "full") {
    throw new Error(`LEADS_SQLITE_SYNC must be "full" or "normal", got "${sync}"`);
  }
  const points = int(env.LEADS_RATE_LIMIT_POINTS, 10, 1);
  const rateLimitSwitch = (env.LEADS_RATE_LIMIT ?? "on").toLowerCase();
  const notify = notifyConfig(env);
  return {
    dataDir: resolve(env.DATA_DIR || "data"),
    databaseUrl: isPostgresUrl(env.DATABASE_URL) ? env.DATABASE_URL : undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    sqliteSync: sync,
    ipHashSalt: env.IP_HASH_SALT || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimit: {
      enabled: !["off", "0", "false"].includes(rateLimitSwitch),
      points,
      attempts: int(env.LEADS_RATE_LIMIT_ATTEMPTS, points * 5, points),
      durationSeconds: int(env.LEADS_RATE_LIMIT_DURATION, 600, 1),
    },
    minFillMs: int(env.LEADS_MIN_FILL_MS, DEFAULT_MIN_FILL_MS),
    bodyLimitBytes: int(env.LEADS_BODY_LIMIT_BYTES, 64 * 1024, 1024),
    notify,
    metricsToken: metricsToken(env.METRICS_TOKEN),
    checklistDir: join(env.SITE_OUT_DIR ?? resolve(env.BUILD_DIR || "dist"), "checklists"),
    origin: siteOrigin(env),
    scheduling: schedulingConfig(env),
  };
}
