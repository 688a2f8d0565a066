/**
 * Days of raw events become daily roll-ups (kept for good); raw events go after RAW_EVENT_DAYS,
 * and a day's salt once the day is over. Days are the agency's (site config `hours.timeZone`,
 * decision D201): a day closes at the agency's midnight. Idempotent, so any server may run it at
 * any time.
 */
import { agencyZone } from "../lib/agencyZone.ts";
import { foldLeadFunnelOutside } from "../leads/store/funnelFold.ts";
import { agencyDay, agencyDayStart } from "../lib/agencyClock.ts";
import type { AnalyticsStore } from "./store/types.ts";
import { addDays } from "./visitor.ts";

/** Raw events are kept this many days; the daily roll-ups for good. */
export const RAW_EVENT_DAYS = 30;
/** A day is rolled up for good this long after it ended (late beacons). */
export const FINAL_AFTER_MS = 60 * 60 * 1000;

/** Rolls up every day with raw events not rolled up for good (today's figures stay live). */
export async function rollupOpenDays(
  store: AnalyticsStore,
  now: Date,
  timeZone: string = agencyZone(),
): Promise<void> {
  for (const day of await store.openDays(agencyDay(now, timeZone))) {
    const ends = Date.parse(agencyDayStart(addDays(day, 1), timeZone));
    const final = now.getTime() >= ends + FINAL_AFTER_MS;
    await store.rollup(day, final, now);
  }
}

/**
 * The hourly sweep: roll up, prune raw events past RAW_EVENT_DAYS, delete past days' salts, and
 * fold the lead roll-ups' deltas (decision D208), so they stay few when no report is read.
 */
export async function sweepAnalytics(
  store: AnalyticsStore,
  now: Date,
  timeZone: string = agencyZone(),
): Promise<{ pruned: number; salts: number }> {
  await rollupOpenDays(store, now, timeZone);
  await foldLeadFunnelOutside(store.db);
  const today = agencyDay(now, timeZone);
  const pruned = await store.pruneEvents(addDays(today, -RAW_EVENT_DAYS));
  const salts = await store.dropSaltsBefore(today);
  return { pruned, salts };
}
