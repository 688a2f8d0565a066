/**
 * Days of raw events become daily roll-ups (kept for good); raw events go after RAW_EVENT_DAYS,
 * and a day's salt once the day is over. Idempotent, so any server may run it at any time.
 */
import type { AnalyticsStore } from "./store/types.ts";
import { addDays, utcDay } from "./visitor.ts";

/** Raw events are kept this many days; the daily roll-ups for good. */
export const RAW_EVENT_DAYS = 30;
/** A day is rolled up for good this long after it ended (late beacons). */
export const FINAL_AFTER_MS = 60 * 60 * 1000;

/** Rolls up every day with raw events not rolled up for good (today's figures stay live). */
export async function rollupOpenDays(store: AnalyticsStore, now: Date): Promise<void> {
  for (const day of await store.openDays(utcDay(now))) {
    const final = now.getTime() >= Date.parse(`${addDays(day, 1)}T00:00:00Z`) + FINAL_AFTER_MS;
    await store.rollup(day, final, now);
  }
}

/** The hourly sweep: roll up, prune raw events past RAW_EVENT_DAYS, delete past days' salts. */
export async function sweepAnalytics(
  store: AnalyticsStore,
  now: Date,
): Promise<{ pruned: number; salts: number }> {
  await rollupOpenDays(store, now);
  const today = utcDay(now);
  const pruned = await store.pruneEvents(addDays(today, -RAW_EVENT_DAYS));
  const salts = await store.dropSaltsBefore(today);
  return { pruned, salts };
}
