/**
 * Where the first-party analytics live: in the lead store's own database (migration 13), beside
 * the leads they are compared with. Adapters hold SQL, never rules: what is counted, how a
 * visitor is hashed and when days are rolled up or pruned is decided in src/analytics/.
 */
import type { Db } from "../../db/driver.ts";

export type EventKind = "view" | "form_view" | "start";
export const devices = ["phone", "tablet", "desktop"] as const;
export type Device = (typeof devices)[number];

/**
 * One raw event, kept at most RAW_EVENT_DAYS. A page view is one `view` row and one `form_view`
 * row per lead form on the page; a form start is one `start` row. `form` is "" on `view` rows.
 */
export interface AnalyticsEvent {
  /** ISO time the server received it. */
  at: string;
  /** Its day on the agency's clock (UTC before decision D201), YYYY-MM-DD. */
  day: string;
  kind: EventKind;
  path: string;
  /** utm_source/utm_medium, the referrer's host, or "direct" (as a lead's source). */
  source: string;
  /** utm_campaign, or "". */
  campaign: string;
  device: Device;
  form: string;
  /** Hash of the day's salt, the address, the user agent and the site. */
  visitor: string;
}

/** A day's roll-up for one page × source × campaign × device (× form: "" for the page itself). */
export interface DailyRow {
  day: string;
  path: string;
  source: string;
  campaign: string;
  device: Device;
  form: string;
  /** Page views (form "") or views of a page showing that form. */
  views: number;
  visitors: number;
  starts: number;
}

/** Dimensions whose distinct visitors a day keeps (a visitor on two pages counts once in total). */
export type UniqueDim = "total" | "path" | "source" | "campaign" | "form" | "form_start";
export interface UniqueRow {
  day: string;
  dim: UniqueDim;
  value: string;
  visitors: number;
}

export interface AnalyticsStore {
  /** The lead store's connection as the shared driver (src/db/driver.ts), for ./funnel.ts. */
  readonly db: Db;
  /** Writes a batch of events in one transaction. */
  insertEvents(events: readonly AnalyticsEvent[]): Promise<void>;
  /** The salt of `day`, made once across servers; salts of earlier days are deleted first. */
  daySalt(day: string, fresh: string): Promise<string>;
  /** Days whose salt is still stored (the current one, normally). */
  saltDays(): Promise<string[]>;
  /** Deletes the salts of days before `day`; returns how many. */
  dropSaltsBefore(day: string): Promise<number>;
  /** Re-computes `day`'s roll-ups from its raw events; `final` once no event can still come. */
  rollup(day: string, final: boolean, now: Date): Promise<void>;
  /** Days at or before `through` with raw events that are not rolled up for good. */
  openDays(through: string): Promise<string[]>;
  /** Deletes raw events of rolled-up days before `day`; returns how many rows. */
  pruneEvents(beforeDay: string): Promise<number>;
  /** Roll-ups of days from `fromDay` to `toDay` (inclusive). */
  daily(fromDay: string, toDay: string): Promise<DailyRow[]>;
  uniques(fromDay: string, toDay: string): Promise<UniqueRow[]>;
  /** How many raw events the store holds (tests, the bench). */
  countEvents(): Promise<number>;
  /**
   * Visitors with a page view at or after `since` (ISO), and the page each viewed last, the
   * pages with most visitors first (at most `limit`).
   */
  liveVisitors(since: string, limit: number): Promise<LiveVisitors>;
}

/** Who is on the site now (./live.ts): visitors, and how many are on each page. */
export interface LiveVisitors {
  visitors: number;
  pages: { path: string; visitors: number }[];
}
