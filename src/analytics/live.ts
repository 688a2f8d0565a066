/**
 * "Right now" on the Performance page (issue 39 §3, decision D240): visitors with a page view in
 * the last LIVE_MINUTES and the page each is on (their newest view), from the first-party events
 * (kept raw for 30 days; written within FLUSH_MS of the beacon). A visitor is the day's hash of
 * address and browser (./visitor.ts): nobody is named, and one person over midnight counts twice.
 */
import type { AnalyticsStore, LiveVisitors } from "./store/types.ts";

export const LIVE_MINUTES = 5;
/** Pages listed at most; the count of visitors covers them all. */
export const LIVE_PAGES = 10;

export function liveVisitors(store: AnalyticsStore, now: Date): Promise<LiveVisitors> {
  const since = new Date(now.getTime() - LIVE_MINUTES * 60_000).toISOString();
  return store.liveVisitors(since, LIVE_PAGES);
}
