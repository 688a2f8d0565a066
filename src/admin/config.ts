/**
 * The agency side's settings (README, "The agency side"), read by `adminConfig`, which the
 * composition root's `loadConfig` (src/app/config.ts) calls once per process: the staff
 * reminders and follow-ups and the retention run (the admin work the root hands to the lead
 * service), the sign-in throttle's limits (./throttle.ts) and ADMIN_ALLOW_HTTP (./http.ts).
 */
import { int, leadConfig, type LeadConfig } from "../leads/config.ts";

type Env = Record<string, string | undefined>;

export interface AdminConfig {
  /**
   * Speed-to-lead reminders (./reminders.ts): a lead still 'new' after this many minutes of the
   * agency's hours (LEAD_REMINDER_MINUTES, default 30; `off` for none), looked for every
   * LEAD_REMINDER_SWEEP_MS (default 60 s). Null without SMTP (they are emails) or when off.
   */
  reminders: { minutes: number; sweepMs: number } | null;
  /**
   * Follow-up emails (./followUps.ts): due follow-ups are looked for every
   * LEAD_FOLLOWUP_SWEEP_MS (default 60 s). Null without SMTP (they are emails).
   */
  followUps: { sweepMs: number } | null;
  /** What is deleted when (./retention.ts). */
  retention: RetentionConfig;
  /** The sign-in throttle's limits (./throttle.ts). */
  throttle: ThrottleSettings;
  /** ADMIN_ALLOW_HTTP=1: the inbox answers plain http from the network (./http.ts). */
  allowHttp: boolean;
  /** SWEEPS_ON_SIGNAL=1 (tests only): SIGUSR2 runs the follow-up and reminder sweeps at once. */
  sweepsOnSignal: boolean;
  /**
   * SITE_URL: the origin of the links staff emails carry (invites, resets, email changes);
   * unset, the request's own.
   */
  siteUrl: string | undefined;
  /**
   * Where printed links point when SITE_URL is not set (the CLI's invite and reset links): the
   * address `npm start` listens on, http://localhost:PORT (default 4321).
   */
  listenOrigin: string;
}

export interface RetentionConfig {
  /** LEADS_OUTBOX_RETENTION_DAYS (default 30): sent outbox rows older than this are deleted. */
  outboxDays: number;
  /** LEAD_RETENTION_DAYS: leads older than this are erased; null (unset): kept forever. */
  leadDays: number | null;
  /** LEADS_RETENTION_SWEEP_MS (default 1 h): how often each server checks the daily run is due. */
  sweepMs: number;
  /** AUDIT_RETENTION_DAYS (default 400): audit log entries older than this are deleted. */
  auditDays: number;
}

/** The limits of ./throttle.ts (its comment says what each counts). */
export interface ThrottleSettings {
  accountFailures: number;
  clientFailures: number;
  accountLimit: number;
  confirmFailures: number;
  /** Tries at the email-change confirmation page per client. */
  emailConfirmTries: number;
  windowSeconds: number;
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** ADMIN_SIGNIN_*, ADMIN_CONFIRM_FAILURES, ADMIN_EMAIL_CONFIRM_TRIES (./throttle.ts). */
export function throttleSettings(env: Env = process.env): ThrottleSettings {
  return {
    accountFailures: positive(env.ADMIN_SIGNIN_ACCOUNT_FAILURES, 5),
    clientFailures: positive(env.ADMIN_SIGNIN_CLIENT_FAILURES, 20),
    accountLimit: positive(env.ADMIN_SIGNIN_ACCOUNT_LIMIT, 50),
    confirmFailures: positive(env.ADMIN_CONFIRM_FAILURES, 5),
    emailConfirmTries: positive(env.ADMIN_EMAIL_CONFIRM_TRIES, 10),
    windowSeconds: positive(env.ADMIN_SIGNIN_WINDOW, 900),
  };
}

/** A whole number of days ≥ `min`, or a clear error naming the setting and why. */
function days(name: string, value: string, min: number, why: string): number {
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) {
    throw new Error(
      `${name} must be a whole number of days, at least ${min} (${why}), got "${value}"`,
    );
  }
  return n;
}

const DAY_MS = 24 * 60 * 60_000;

export function retentionConfig(env: Env, outboxMaxAgeMs: number): RetentionConfig {
  const outboxRaw = env.LEADS_OUTBOX_RETENTION_DAYS?.trim();
  const outboxDays = outboxRaw
    ? days(
        "LEADS_OUTBOX_RETENTION_DAYS",
        outboxRaw,
        8,
        "a lead's reminder must stay recorded for the week the reminder sweep looks back",
      )
    : 30;
  const leadRaw = env.LEAD_RETENTION_DAYS?.trim();
  let leadDays: number | null = null;
  if (leadRaw && !["off", "forever"].includes(leadRaw.toLowerCase())) {
    leadDays = days("LEAD_RETENTION_DAYS", leadRaw, 1, "or leave it unset to keep leads forever");
    if (leadDays * DAY_MS <= outboxMaxAgeMs) {
      throw new Error(
        `LEAD_RETENTION_DAYS (${leadDays}) must be longer than LEADS_OUTBOX_MAX_AGE_MS (${outboxMaxAgeMs} ms): a lead must not be erased while its delivery is still being retried`,
      );
    }
  }
  const sweepRaw = env.LEADS_RETENTION_SWEEP_MS?.trim();
  const sweepMs = sweepRaw ? Number(sweepRaw) : 60 * 60_000;
  if (!Number.isSafeInteger(sweepMs) || sweepMs < 100) {
    throw new Error(
      `LEADS_RETENTION_SWEEP_MS must be a whole number of ms ≥ 100, got "${sweepRaw}"`,
    );
  }
  const auditRaw = env.AUDIT_RETENTION_DAYS?.trim();
  const auditDays = auditRaw
    ? days("AUDIT_RETENTION_DAYS", auditRaw, 30, "the owners need a month of history at least")
    : 400;
  return { outboxDays, leadDays, sweepMs, auditDays };
}

/**
 * The agency side's settings. Reminders and follow-ups are emails (none without the lead
 * service's SMTP), and a lead's retention must outlast its delivery retries: both read the lead
 * settings, `leads`.
 */
/** PORT as `npm start` reads it (default 4321; 0, a port picked at start, reads as the default). */
function listenPort(value: string | undefined): number {
  const port = Number(value);
  return Number.isInteger(port) && port > 0 && port < 65_536 ? port : 4321;
}

export function adminConfig(
  env: Env = process.env,
  leads: LeadConfig = leadConfig(env),
): AdminConfig {
  const email = leads.notify.email;
  const reminderMinutes = env.LEAD_REMINDER_MINUTES?.trim().toLowerCase();
  const reminders =
    email && reminderMinutes !== "off"
      ? {
          minutes: int(reminderMinutes, 30, 1),
          sweepMs: int(env.LEAD_REMINDER_SWEEP_MS, 60_000, 100),
        }
      : null;
  const followUps = email ? { sweepMs: int(env.LEAD_FOLLOWUP_SWEEP_MS, 60_000, 100) } : null;
  return {
    reminders,
    followUps,
    retention: retentionConfig(env, leads.notify.outbox.maxAgeMs),
    throttle: throttleSettings(env),
    allowHttp: env.ADMIN_ALLOW_HTTP === "1",
    sweepsOnSignal: env.SWEEPS_ON_SIGNAL === "1",
    siteUrl: env.SITE_URL || undefined,
    listenOrigin: `http://localhost:${listenPort(env.PORT)}`,
  };
}
