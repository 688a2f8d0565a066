/**
 * The inbox's Performance view: visits, unique visitors, form starts, leads and conversion rate
 * (leads with a counted visit ÷ unique visitors, the others shown apart), and the end of the
 * funnel (contacted, won, won value, value per visitor), for a period and the one before it, in
 * total and per page, form, source and campaign; the pipeline by stage; devices; and visits and
 * leads per day (or week) by source. Read from the daily roll-ups of the analytics (today's
 * rolled up first, so it is live) and the leads' roll-ups (./store/funnel.ts), spam left out.
 *
 * Unique visitors over several days are the sum of each day's: a visitor's hash changes with the
 * day's salt by design, so a visitor who comes back another day counts again.
 *
 * Days are the agency's (site config `hours.timeZone`, decision D201): the period, "today", the
 * chart's buckets and the pipeline's ages, as the visits' days (./ingest.ts) and the leads' days
 * of arrival in the roll-ups (src/leads/store/agencyClock.ts) are.
 */
import { agencyZone } from "../lib/agencyZone.ts";
import { agencyDay } from "../lib/agencyClock.ts";
import { trafficSource } from "../leads/source.ts";
import { leadStatuses, type LeadStatus } from "../leads/status.ts";
import { FOLD_ON_READ, foldLeadFunnelOutside } from "../leads/store/funnelFold.ts";
import { rollupOpenDays } from "./rollup.ts";
import {
  funnelGroups,
  funnelTotals,
  stageDays,
  type FunnelDim,
  type FunnelGroup,
  type StageDay,
} from "./store/funnel.ts";
import {
  devices,
  type AnalyticsStore,
  type DailyRow,
  type Device,
  type UniqueRow,
} from "./store/types.ts";
import { addDays, utcDay } from "./visitor.ts";

export const periodKeys = ["7d", "30d", "90d", "custom"] as const;
export type PeriodKey = (typeof periodKeys)[number];
const LENGTHS: Record<Exclude<PeriodKey, "custom">, number> = { "7d": 7, "30d": 30, "90d": 90 };
/** The longest custom period, in days. */
export const MAX_PERIOD_DAYS = 366;

export interface Period {
  key: PeriodKey;
  /** First and last day on the agency's clock, inclusive. */
  from: string;
  to: string;
  days: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string | null): v is string =>
  !!v && DAY.test(v) && utcDay(new Date(`${v}T00:00:00Z`)) === v;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * The period the URL asks for (`period`, and `from`/`to` when custom); else the last 30 days,
 * today being the agency's.
 */
export function readPeriod(
  params: URLSearchParams,
  now: Date,
  timeZone: string = agencyZone(),
): { period: Period; previous: Period; error: string | null } {
  const today = agencyDay(now, timeZone);
  const key = (periodKeys as readonly string[]).includes(params.get("period") ?? "")
    ? (params.get("period") as PeriodKey)
    : "30d";
  let error: string | null = null;
  let period: Period | null = null;
  if (key === "custom") {
    const from = params.get("from");
    const to = params.get("to");
    if (!isDay(from) || !isDay(to)) error = "Choose both dates of the custom period.";
    else if (from > to) error = "The period's first day comes after its last.";
    else if (daysBetween(from, to) > MAX_PERIOD_DAYS)
      error = `A period is at most ${MAX_PERIOD_DAYS} days.`;
    else period = { key, from, to, days: daysBetween(from, to) };
  }
  if (!period) {
    const days = key === "custom" ? 30 : LENGTHS[key];
    period = {
      key: key === "custom" ? "30d" : key,
      from: addDays(today, 1 - days),
      to: today,
      days,
    };
  }
  const previous: Period = {
    key: period.key,
    from: addDays(period.from, -period.days),
    to: addDays(period.from, -1),
    days: period.days,
  };
  return { period, previous, error };
}

export interface Figures {
  views: number;
  visitors: number;
  starts: number;
  /** Every lead of the period (or row), counted visit or not. */
  leads: number;
  /** Leads whose visit the analytics counted (sent with JavaScript, no GPC): the rate's. */
  counted: number;
  /** Leads without a counted visit (no JavaScript, posted to the API, GPC): shown apart. */
  uncounted: number;
  /** Leads that left 'new' (a status change or a logged call). */
  contacted: number;
  won: number;
  /** The won leads' values, in cents. */
  wonCents: number;
  /** Counted leads ÷ unique visitors; null without visitors. */
  rate: number | null;
  /** Won value (cents) ÷ unique visitors; null without visitors. */
  valuePerVisitor: number | null;
}

export interface ReportRow extends Figures {
  key: string;
}

export interface Series {
  bucket: "day" | "week";
  /** The sources drawn (the busiest four; the rest as "other"). */
  sources: string[];
  /** Per day or week: visits and leads by source (each drawn source, and "other"). */
  points: { start: string; visits: Record<string, number>; leads: Record<string, number> }[];
}

/** A stage of the pipeline: the period's leads in it now, by how long ago they arrived. */
export interface PipelineStage {
  status: LeadStatus;
  leads: number;
  /** Arrived today (the agency's), 1–6 days ago, 7–29 days ago, 30 days ago or more. */
  buckets: [number, number, number, number];
  /** The day the oldest of them arrived (YYYY-MM-DD); null when the stage is empty. */
  oldestDay: string | null;
}

/** Visits and form starts per device class (the analytics roll-ups). */
export interface DeviceRow {
  device: Device;
  views: number;
  starts: number;
}

export interface Report {
  /** The agency's day when the report was made: the pipeline's ages count from it. */
  today: string;
  period: Period;
  previous: Period;
  totals: { current: Figures; previous: Figures };
  pages: ReportRow[];
  forms: ReportRow[];
  sources: ReportRow[];
  campaigns: ReportRow[];
  series: Series;
  pipeline: PipelineStage[];
  devices: DeviceRow[];
}

export const OTHER_SOURCES = "other";

type Counts = Omit<Figures, "rate" | "valuePerVisitor">;
const empty = (): Counts => ({
  views: 0,
  visitors: 0,
  starts: 0,
  leads: 0,
  counted: 0,
  uncounted: 0,
  contacted: 0,
  won: 0,
  wonCents: 0,
});
const withRate = (f: Counts): Figures => ({
  ...f,
  rate: f.visitors > 0 ? f.counted / f.visitors : null,
  valuePerVisitor: f.visitors > 0 ? f.wonCents / f.visitors : null,
});

/** Rows of figures by key, made on first use. */
function tally() {
  const rows = new Map<string, Counts>();
  const at = (key: string) => {
    let row = rows.get(key);
    if (!row) rows.set(key, (row = empty()));
    return row;
  };
  return { rows, at };
}
const finish = (rows: Map<string, Counts>): ReportRow[] =>
  [...rows].map(([key, f]) => ({ key, ...withRate(f) }));

/** Adds a group of leads to a row. */
function addLeads(row: Counts, g: FunnelGroup) {
  row.leads += g.leads;
  if (g.counted) row.counted += g.leads;
  else row.uncounted += g.leads;
  row.contacted += g.contacted;
  row.won += g.won;
  row.wonCents += g.wonCents;
}

/** The growth form's first step is stored as its own kind; in the funnel both are the form. */
const funnelForm = (form: string) => (form === "growthPartial" ? "growth" : form);
/** A group's source as a lead's (src/leads/source.ts): utm, else the referrer's host, else direct. */
const groupSource = (g: FunnelGroup) =>
  trafficSource({
    metadata: {
      utm: {
        ...(g.utmSource ? { utm_source: g.utmSource } : {}),
        ...(g.utmMedium ? { utm_medium: g.utmMedium } : {}),
      },
      referrer: g.referrer,
    },
  });

function table(
  daily: readonly DailyRow[],
  uniques: readonly UniqueRow[],
  groups: readonly FunnelGroup[],
  dim: "path" | "source" | "campaign",
  leadKey: (g: FunnelGroup) => string | null,
): ReportRow[] {
  const { rows, at } = tally();
  for (const d of daily) {
    const key = d[dim];
    if (dim === "campaign" && !key) continue;
    if (d.form === "") at(key).views += d.views;
    else at(key).starts += d.starts;
  }
  for (const u of uniques) if (u.dim === dim) at(u.value).visitors += u.visitors;
  for (const g of groups) {
    const key = leadKey(g);
    if (key) addLeads(at(key), g);
  }
  return finish(rows);
}

function formsTable(
  daily: readonly DailyRow[],
  uniques: readonly UniqueRow[],
  groups: readonly FunnelGroup[],
): ReportRow[] {
  const { rows, at } = tally();
  for (const d of daily) {
    if (d.form === "") continue;
    at(d.form).views += d.views;
    at(d.form).starts += d.starts;
  }
  for (const u of uniques) if (u.dim === "form") at(u.value).visitors += u.visitors;
  for (const g of groups) addLeads(at(funnelForm(g.form)), g);
  return finish(rows);
}

function totals(
  daily: readonly DailyRow[],
  uniques: readonly UniqueRow[],
  leads: { leads: number; counted: number; contacted: number; won: number; wonCents: number },
): Figures {
  const f = empty();
  for (const d of daily) {
    if (d.form === "") f.views += d.views;
    else f.starts += d.starts;
  }
  for (const u of uniques) if (u.dim === "total") f.visitors += u.visitors;
  f.leads = leads.leads;
  f.counted = leads.counted;
  f.uncounted = leads.leads - leads.counted;
  f.contacted = leads.contacted;
  f.won = leads.won;
  f.wonCents = leads.wonCents;
  return withRate(f);
}

function sumGroups(groups: readonly FunnelGroup[]) {
  const f = empty();
  for (const g of groups) addLeads(f, g);
  return f;
}

export function series(
  period: Period,
  daily: readonly DailyRow[],
  groups: readonly FunnelGroup[],
): Series {
  const bucket = period.days > 31 ? "week" : "day";
  const size = bucket === "week" ? 7 : 1;
  const starts: string[] = [];
  for (let day = period.from; day <= period.to; day = addDays(day, size)) starts.push(day);
  const indexOf = (day: string) => Math.floor((daysBetween(period.from, day) - 1) / size);
  // The busiest sources by visits and leads together are drawn; the rest as "other".
  const weight = new Map<string, number>();
  const add = (source: string, n: number) => weight.set(source, (weight.get(source) ?? 0) + n);
  for (const d of daily) if (d.form === "") add(d.source, d.views);
  for (const g of groups) add(groupSource(g), g.leads);
  const ranked = [...weight].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const drawn = ranked.slice(0, ranked.length > 5 ? 4 : 5).map(([s]) => s);
  const sources = ranked.length > drawn.length ? [...drawn, OTHER_SOURCES] : drawn;
  const zero = () => Object.fromEntries(sources.map((s) => [s, 0])) as Record<string, number>;
  const points = starts.map((start) => ({ start, visits: zero(), leads: zero() }));
  const shown = (source: string) => (drawn.includes(source) ? source : OTHER_SOURCES);
  for (const d of daily) {
    const point = d.form === "" ? points[indexOf(d.day)] : undefined;
    if (point) point.visits[shown(d.source)]! += d.views;
  }
  for (const g of groups) {
    const point = points[indexOf(g.day)];
    if (point) point.leads[shown(groupSource(g))]! += g.leads;
  }
  return { bucket, sources, points };
}

/** Days from `day` to `today` (calendar days, YYYY-MM-DD). */
export const daysAgo = (day: string, today: string) => daysBetween(day, today) - 1;

function pipeline(stages: readonly StageDay[], today: string): PipelineStage[] {
  return leadStatuses.map((status) => {
    const buckets: [number, number, number, number] = [0, 0, 0, 0];
    let oldest: string | null = null;
    for (const s of stages) {
      if (s.status !== status || s.leads <= 0) continue;
      const ago = daysAgo(s.day, today);
      buckets[ago < 1 ? 0 : ago < 7 ? 1 : ago < 30 ? 2 : 3] += s.leads;
      if (!oldest || s.day < oldest) oldest = s.day;
    }
    return { status, leads: buckets.reduce((x, y) => x + y, 0), buckets, oldestDay: oldest };
  });
}

function deviceRows(daily: readonly DailyRow[]): DeviceRow[] {
  return devices.map((device) => {
    let views = 0;
    let starts = 0;
    for (const d of daily) {
      if (d.device !== device) continue;
      if (d.form === "") views += d.views;
      else starts += d.starts;
    }
    return { device, views, starts };
  });
}

/** What a lead's source is made of (src/leads/source.ts). */
const SOURCE_DIMS: FunnelDim[] = ["utm_source", "utm_medium", "referrer"];

const inPeriod = (p: Period) => (d: { day: string }) => d.day >= p.from && d.day <= p.to;

/**
 * The whole report for a period and the one before it: the analytics roll-ups, and the leads as
 * aggregates from the store (./store/funnel.ts: never one row per lead).
 */
export async function performanceReport(
  store: AnalyticsStore,
  period: Period,
  previous: Period,
  now: Date,
  timeZone: string = agencyZone(),
): Promise<Report> {
  await rollupOpenDays(store, now, timeZone);
  // A long log of lead changes joins the roll-ups first, so the reads below sum few deltas.
  await foldLeadFunnelOutside(store.db, FOLD_ON_READ);
  const today = agencyDay(now, timeZone);
  const leadsBy = (dims: readonly FunnelDim[]) =>
    funnelGroups(store.db, period.from, period.to, dims);
  const [daily, uniques, byForm, byPage, bySource, byCampaign, byDay, before, stages] =
    await Promise.all([
      store.daily(previous.from, period.to),
      store.uniques(previous.from, period.to),
      leadsBy(["form"]),
      leadsBy(["page"]),
      leadsBy(SOURCE_DIMS),
      leadsBy(["campaign"]),
      leadsBy(["day", ...SOURCE_DIMS]),
      funnelTotals(store.db, previous.from, previous.to),
      stageDays(store.db, period.from, period.to),
    ]);
  const cur = { daily: daily.filter(inPeriod(period)), uniques: uniques.filter(inPeriod(period)) };
  const prev = {
    daily: daily.filter(inPeriod(previous)),
    uniques: uniques.filter(inPeriod(previous)),
  };
  return {
    today,
    period,
    previous,
    totals: {
      current: totals(cur.daily, cur.uniques, sumGroups(byForm)),
      previous: totals(prev.daily, prev.uniques, before),
    },
    pages: table(cur.daily, cur.uniques, byPage, "path", (g) => g.page),
    forms: formsTable(cur.daily, cur.uniques, byForm),
    sources: table(cur.daily, cur.uniques, bySource, "source", groupSource),
    campaigns: table(cur.daily, cur.uniques, byCampaign, "campaign", (g) => g.campaign),
    series: series(period, cur.daily, byDay),
    pipeline: pipeline(stages, today),
    devices: deviceRows(cur.daily),
  };
}

export const reportTables = ["pages", "forms", "sources", "campaigns"] as const;
export type ReportTable = (typeof reportTables)[number];
export const sortKeys = [
  "key",
  "views",
  "visitors",
  "starts",
  "leads",
  "uncounted",
  "rate",
  "contacted",
  "won",
  "wonCents",
  "valuePerVisitor",
] as const;
export type SortKey = (typeof sortKeys)[number];

/** Rows sorted by a column (ties by key); the default is most visitors first. */
export function sortRows(
  rows: readonly ReportRow[],
  by: SortKey = "visitors",
  dir: "asc" | "desc" = "desc",
): ReportRow[] {
  const sign = dir === "asc" ? 1 : -1;
  const value = (r: ReportRow) =>
    by === "rate" || by === "valuePerVisitor" ? (r[by] ?? -1) : r[by];
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    const c = typeof va === "string" ? va.localeCompare(vb as string) : va - (vb as number);
    return c * sign || a.key.localeCompare(b.key);
  });
}

/** A table's sort from the URL: `sort_<table>=<column>` and `dir_<table>=asc|desc`. */
export function readSort(
  params: URLSearchParams,
  t: ReportTable,
): { by: SortKey; dir: "asc" | "desc" } {
  const by = params.get(`sort_${t}`);
  return {
    by: (sortKeys as readonly string[]).includes(by ?? "") ? (by as SortKey) : "visitors",
    dir: params.get(`dir_${t}`) === "asc" ? "asc" : "desc",
  };
}
