/**
 * Retention and erasure (issue 17): what the agency keeps, and for how long.
 *
 * - Sent outbox rows (a delivery's record: status, attempts, time) are deleted once they are
 *   LEADS_OUTBOX_RETENTION_DAYS old (30 by default). Pending and failed rows stay: they still
 *   need someone.
 * - Leads older than LEAD_RETENTION_DAYS (unset: kept forever) are erased, each the way an owner
 *   erases one in the inbox (AdminStore.eraseLead: its outbox rows, timeline, search entry and the
 *   growth partial it completed, in one transaction), and the audit log records the ids.
 * - Audit log entries older than AUDIT_RETENTION_DAYS (400 by default) are deleted.
 * - `eraseByEmail` is a privacy request from the command line: every lead of one email address.
 * - After either, the store's files forget the erased rows too (AdminStore.forgetErased: the
 *   SQLite WAL truncated, PostgreSQL's touched tables rewritten by VACUUM FULL).
 *
 * The sweep runs in every server, checking every LEADS_RETENTION_SWEEP_MS (1 h) whether a day has
 * passed since the last run; the store's `claimMaintenance` lets exactly one server of a cluster
 * (one process on SQLite) run it per day, and a restart neither repeats nor skips it. Work goes
 * in batches, one transaction per erased lead, yielding between them, so intake never waits long.
 */
import type { LeadStore } from "../leads/store/types.ts";
import { audit } from "./accounts.ts";
import { adminStoreFor } from "./store/index.ts";
import type { Erasure } from "./store/types.ts";

const DAY_MS = 24 * 60 * 60_000;
/** The housekeeping task's name in `maintenance_runs`, and how often it runs. */
export const RETENTION_TASK = "retention";
export const RETENTION_EVERY_MS = DAY_MS;
/** Rows per statement (outbox) and leads per query (erasure). */
const BATCH = 500;

export interface RetentionRules {
  /** Sent outbox rows older than this many days are deleted. */
  outboxDays: number;
  /** Leads older than this many days are erased; null: kept forever. */
  leadDays: number | null;
  /** Audit log entries older than this many days are deleted; unset: kept. */
  auditDays?: number;
}

export interface PruneResult {
  /** Sent outbox rows deleted on their own (not counting those of erased leads). */
  outbox: number;
  /** What erasing the expired leads removed. */
  erased: Erasure;
  /** Audit log entries deleted. */
  audit?: number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function add(total: Erasure, one: Erasure): void {
  total.leads.push(...one.leads);
  total.outbox += one.outbox;
  total.events += one.events;
}

/** Deletes what the rules say has expired at `now`; returns what went. */
export async function pruneExpired(
  leads: LeadStore,
  rules: RetentionRules,
  now: Date = new Date(),
): Promise<PruneResult> {
  const outboxBefore = new Date(now.getTime() - rules.outboxDays * DAY_MS);
  let outbox = 0;
  for (;;) {
    const n = await leads.pruneSentNotifications(outboxBefore, BATCH);
    outbox += n;
    if (n < BATCH) break;
    await nextTurn();
  }
  const erased: Erasure = { leads: [], outbox: 0, events: 0 };
  const store = adminStoreFor(leads);
  const auditLog = rules.auditDays
    ? await store.pruneAudit(new Date(now.getTime() - rules.auditDays * DAY_MS).toISOString())
    : 0;
  if (rules.leadDays === null) return { outbox, erased, audit: auditLog };
  const before = new Date(now.getTime() - rules.leadDays * DAY_MS).toISOString();
  for (;;) {
    const ids = await store.leadIdsCreatedBefore(before, BATCH);
    const batch: Erasure = { leads: [], outbox: 0, events: 0 };
    for (const id of ids) {
      add(batch, await store.eraseLead(id));
      await nextTurn();
    }
    if (batch.leads.length) {
      await audit(
        store,
        "leads_expired",
        { detail: { leads: batch.leads, retentionDays: rules.leadDays } },
        now,
      );
    }
    add(erased, batch);
    if (ids.length < BATCH) break;
  }
  if (erased.leads.length) await store.forgetErased();
  return { outbox, erased, audit: auditLog };
}

/**
 * Runs `pruneExpired` if the day's run is still to be done (claimed in the store, so one server of
 * several does it); null when another run had it.
 */
export async function sweepRetention(
  leads: LeadStore,
  rules: RetentionRules,
  owner: string,
  now: Date = new Date(),
): Promise<PruneResult | null> {
  if (!(await leads.claimMaintenance(RETENTION_TASK, owner, now, RETENTION_EVERY_MS))) return null;
  return pruneExpired(leads, rules, now);
}

/**
 * Checks every `sweepMs` (the first time after at most a minute) whether the day's retention run
 * is due, in this server, until the returned stop is called. The timers never keep the process up.
 */
export function startRetentionSweep(options: {
  leads: () => Promise<LeadStore>;
  rules: RetentionRules;
  sweepMs: number;
  owner: string;
  done: (result: PruneResult) => void;
  failed: (error: unknown) => void;
}): () => void {
  let running = false;
  const check = () => {
    if (running) return;
    running = true;
    options
      .leads()
      .then((leads) => sweepRetention(leads, options.rules, options.owner))
      .then((result) => result && options.done(result), options.failed)
      .finally(() => (running = false));
  };
  const first = setTimeout(check, Math.min(options.sweepMs, 60_000));
  const timer = setInterval(check, options.sweepMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/**
 * A privacy request: erases every lead whose email is `email` (case-insensitively), each with
 * what hangs off it, and writes one audit entry per erased lead (its ids only, never the address).
 */
export async function eraseByEmail(
  leads: LeadStore,
  email: string,
  by: string,
  now: Date = new Date(),
): Promise<Erasure> {
  const store = adminStoreFor(leads);
  const total: Erasure = { leads: [], outbox: 0, events: 0 };
  for (const id of await store.leadIdsByEmail(email)) {
    // A partial erased with the growth lead it completed is gone by the time its turn comes.
    if (total.leads.includes(id)) continue;
    const erased = await store.eraseLead(id);
    if (!erased.leads.length) continue;
    add(total, erased);
    await audit(store, "lead_erased", { subject: id, detail: { leads: erased.leads, by } }, now);
  }
  if (total.leads.length) await store.forgetErased();
  return total;
}
