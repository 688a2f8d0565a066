/**
 * The inbox's Performance view: visits, unique visitors, form starts, leads and conversion rate
 * (leads ÷ unique visitors) for a period and the one before it, in total and per page, form,
 * source and campaign, and visits and leads per day (or week) by source. Read from the daily
 * roll-ups (today's rolled up first, so it is live) and the stored leads, spam left out.
 *
 * Unique visitors over several days are the sum of each day's: a visitor's hash changes with the
 * day's salt by design, so a visitor who comes back another day counts again.
 */
import { trafficSource } from "../leads/source.ts";
import { rollupOpenDays } from "./rollup.ts";
import type { AnalyticsStore, DailyRow, LeadFact, UniqueRow } from "./store/types.ts";
import { addDays, utcDay } from "./visitor.ts";

export const periodKeys = ["7d", "30d", "90d", "custom"] as const;
export type PeriodKey = (typeof periodKeys)[number];
const LENGTHS: Record<Exclude<PeriodKey, "custom">, number> = { "7d": 7, "30d": 30, "90d": 90 };
/** The longest custom period, in days. */
export const MAX_PERIOD_DAYS = 366;

export interface Period {
  key: PeriodKey;
  /** First and last UTC day, inclusive. */
  from: string;
  to: string;
  days: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string | null): v is string =>
  !!v && DAY.test(v) && utcDay(new Date(`${v}T00:00:00Z`)) === v;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The period the URL asks for (`period`, and `from`/`to` when custom); else the last 30 days. */
export function readPeriod(
  params: URLSearchParams,
  now: Date,
): { period: Period; previous: Period; error: string | null } {
  const today = utcDay(now);
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
  leads: number;
  /** Leads ÷ unique visitors; null without visitors. */
  rate: number | null;
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

export interface Report {
  period: Period;
  previous: Period;
  totals: { current: Figures; previous: Figures };
  pages: ReportRow[];
  forms: ReportRow[];
  sources: ReportRow[];
  campaigns: ReportRow[];
  series: Series;
}

export const OTHER_SOURCES = "other";

const empty = (): Omit<Figures, "rate"> => ({ views: 0, visitors: 0, starts: 0, leads: 0 });
const withRate = (f: Omit<Figures, "rate">): Figures => ({
  ...f,
  rate: f.visitors > 0 ? f.leads / f.visitors : null,
});

/** Rows of figures by key, made on first use. */
function tally() {
  const rows = new Map<string, Omit<Figures, "rate">>();
  const at = (key: string) => {
    let row = rows.get(key);
    if (!row) rows.set(key, (row = empty()));
    return row;
  };
  return { rows, at };
}
const finish = (rows: Map<string, Omit<Figures, "rate">>): ReportRow[] =>
  [...rows].map(([key, f]) => ({ key, ...withRate(f) }));

/** The growth form's first step is stored as its own kind; in the funnel both are the form. */
const funnelForm = (form: string) => (form === "growthPartial" ? "growth" : form);
const leadSource = (l: LeadFact) => trafficSource(l);

function table(
  daily: readonly DailyRow[],
  uniques: readonly UniqueRow[],
  leads: readonly LeadFact[],
  dim: "path" | "source" | "campaign",
  leadKey: (l: LeadFact) => string | null,
): ReportRow[] {
  const { rows, at } = tally();
  for (const d of daily) {
    const key = d[dim];
    if (dim === "campaign" && !key) continue;
    if (d.form === "") at(key).views += d.views;
    else at(key).starts += d.starts;
  }
  for (const u of uniques) if (u.dim === dim) at(u.value).visitors += u.visitors;
  for (const l of leads) {
    const key = leadKey(l);
    if (key) at(key).leads += 1;
  }
  return finish(rows);
}

function formsTable(
  daily: readonly DailyRow[],
  uniques: readonly UniqueRow[],
  leads: readonly LeadFact[],
): ReportRow[] {
  const { rows, at } = tally();
  for (const d of daily) {
    if (d.form === "") continue;
    at(d.form).views += d.views;
    at(d.form).starts += d.starts;
  }
  for (const u of uniques) if (u.dim === "form") at(u.value).visitors += u.visitors;
  for (const l of leads) at(funnelForm(l.form)).leads += 1;
  return finish(rows);
}

function totals(daily: readonly DailyRow[], uniques: readonly UniqueRow[], leads: number): Figures {
  const f = empty();
  for (const d of daily) {
    if (d.form === "") f.views += d.views;
    else f.starts += d.starts;
  }
  for (const u of uniques) if (u.dim === "total") f.visitors += u.visitors;
  f.leads = leads;
  return withRate(f);
}

export function series(
  period: Period,
  daily: readonly DailyRow[],
  leads: readonly LeadFact[],
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
  for (const l of leads) add(leadSource(l), 1);
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
  for (const l of leads) {
    const point = points[indexOf(utcDay(new Date(l.createdAt)))];
    if (point) point.leads[shown(leadSource(l))]! += 1;
  }
  return { bucket, sources, points };
}

const inPeriod = (p: Period) => (d: { day: string }) => d.day >= p.from && d.day <= p.to;

/** The whole report for a period and the one before it. */
export async function performanceReport(
  store: AnalyticsStore,
  period: Period,
  previous: Period,
  now: Date,
): Promise<Report> {
  await rollupOpenDays(store, now);
  const [daily, uniques, leads] = await Promise.all([
    store.daily(previous.from, period.to),
    store.uniques(previous.from, period.to),
    store.leadFacts(`${previous.from}T00:00:00.000Z`, `${addDays(period.to, 1)}T00:00:00.000Z`),
  ]);
  const cur = { daily: daily.filter(inPeriod(period)), uniques: uniques.filter(inPeriod(period)) };
  const prev = {
    daily: daily.filter(inPeriod(previous)),
    uniques: uniques.filter(inPeriod(previous)),
  };
  const leadDay = (l: LeadFact) => ({ day: utcDay(new Date(l.createdAt)) });
  const curLeads = leads.filter((l) => inPeriod(period)(leadDay(l)));
  const prevLeads = leads.filter((l) => inPeriod(previous)(leadDay(l)));
  return {
    period,
    previous,
    totals: {
      current: totals(cur.daily, cur.uniques, curLeads.length),
      previous: totals(prev.daily, prev.uniques, prevLeads.length),
    },
    pages: table(cur.daily, cur.uniques, curLeads, "path", (l) => l.metadata.page),
    forms: formsTable(cur.daily, cur.uniques, curLeads),
    sources: table(cur.daily, cur.uniques, curLeads, "source", leadSource),
    campaigns: table(
      cur.daily,
      cur.uniques,
      curLeads,
      "campaign",
      (l) => l.metadata.utm?.utm_campaign ?? null,
    ),
    series: series(period, cur.daily, curLeads),
  };
}

export const reportTables = ["pages", "forms", "sources", "campaigns"] as const;
export type ReportTable = (typeof reportTables)[number];
export const sortKeys = ["key", "views", "visitors", "starts", "leads", "rate"] as const;
export type SortKey = (typeof sortKeys)[number];

/** Rows sorted by a column (ties by key); the default is most visitors first. */
export function sortRows(
  rows: readonly ReportRow[],
  by: SortKey = "visitors",
  dir: "asc" | "desc" = "desc",
): ReportRow[] {
  const sign = dir === "asc" ? 1 : -1;
  const value = (r: ReportRow) => (by === "rate" ? (r.rate ?? -1) : r[by]);
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
