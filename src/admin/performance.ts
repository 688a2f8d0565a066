/**
 * The Performance view's shapes: the report (src/analytics/report.ts) as cards, sortable tables
 * and CSV, with the URL of each sort and download. Pure, so the page and the CSV route agree.
 */
import {
  daysAgo,
  readSort,
  reportTables,
  sortKeys,
  sortRows,
  type Figures,
  type Report,
  type ReportRow,
  type ReportTable,
  type SortKey,
} from "../analytics/report.ts";
import { OTHER } from "../analytics/pages.ts";
import { formatCents } from "./money.ts";
import { toCsv } from "../leads/csv.ts";
import { adminMessages } from "./messages.ts";

const copy = adminMessages.performance;
const number = new Intl.NumberFormat("en-US");
/** Rows a table shows at once (issue 23: a flood of values must not make the page huge). */
export const ROWS_PER_PAGE = 25;

/**
 * The page's contents list (issue 39 §4): a link to each section's heading, in the page's order,
 * so a phone reaches Sources without scrolling through the tables before it.
 */
export function contentsLinks(): { href: string; label: string }[] {
  const c = copy.contents;
  return (["live", "totals", "pipeline", "chart", ...reportTables, "devices"] as const).map(
    (id) => ({
      href: `#${id}-heading`,
      label: c[id],
    }),
  );
}

/** A table's page from the URL: `page_<table>`, from 1, within the rows there are. */
function readPage(params: URLSearchParams, table: ReportTable, rows: number): number {
  const asked = Number(params.get(`page_${table}`));
  const last = Math.max(1, Math.ceil(rows / ROWS_PER_PAGE));
  return Number.isInteger(asked) && asked >= 1 ? Math.min(asked, last) : 1;
}

export function formatRate(rate: number | null): string {
  return rate === null ? "—" : `${(rate * 100).toFixed(1)}%`;
}

/** Won value in dollars; value per visitor to the cent ("$0.42"), "—" without visitors. */
export const formatMoney = (cents: number) => formatCents(Math.round(cents), { whole: true });
export const formatPerVisitor = (cents: number | null) =>
  cents === null ? "—" : formatCents(Math.round(cents));

/** The report's figures, in the order of its columns: every sort key but the row's own name. */
type FigureKey = Exclude<SortKey, "key">;
const figureKeys = sortKeys.filter((k): k is FigureKey => k !== "key");

const figureLabel = (key: FigureKey): string =>
  key === "uncounted"
    ? copy.funnel.uncounted
    : key === "contacted" || key === "won"
      ? copy.funnel[key]
      : key === "wonCents"
        ? copy.funnel.wonValue
        : key === "valuePerVisitor"
          ? copy.funnel.valuePerVisitor
          : copy.figures[key];

function figure(f: Figures, key: FigureKey): string {
  if (key === "rate") return formatRate(f.rate);
  if (key === "wonCents") return formatMoney(f.wonCents);
  if (key === "valuePerVisitor") return formatPerVisitor(f.valuePerVisitor);
  return number.format(f[key]);
}

/** The totals, each with the previous period's value and the change. */
export function totalCards(report: Report) {
  const { current, previous } = report.totals;
  return figureKeys.map((key) => {
    const now = key === "rate" || key === "valuePerVisitor" ? (current[key] ?? 0) : current[key];
    const before =
      key === "rate" || key === "valuePerVisitor" ? (previous[key] ?? 0) : previous[key];
    let change: string = copy.noChange;
    if (before === 0 && now > 0) change = copy.newValue;
    else if (before !== 0 && now !== before) {
      const pct = ((now - before) / before) * 100;
      change = copy.change(`${pct > 0 ? "+" : ""}${pct.toFixed(0)}%`);
    }
    return {
      id: key,
      label: figureLabel(key),
      value: figure(current, key),
      previous: copy.previousValue(figure(previous, key)),
      change,
    };
  });
}

/** A row's first cell as the agency reads it (form ids by name). */
export function rowLabel(table: ReportTable, key: string): string {
  if (table === "pages" && key === OTHER) return copy.otherPages;
  return table === "forms" ? (copy.forms[key] ?? key) : key;
}

export function tableColumns(table: ReportTable): { id: SortKey; label: string }[] {
  return [
    { id: "key", label: copy.tables[table].key },
    { id: "views", label: table === "forms" ? copy.formViews : copy.figures.views },
    { id: "visitors", label: copy.figures.visitors },
    { id: "starts", label: copy.figures.starts },
    { id: "leads", label: copy.figures.leads },
    { id: "uncounted", label: copy.funnel.uncounted },
    { id: "rate", label: copy.figures.rate },
    { id: "contacted", label: copy.funnel.contacted },
    { id: "won", label: copy.funnel.won },
    { id: "wonCents", label: copy.funnel.wonValue },
    { id: "valuePerVisitor", label: copy.funnel.valuePerVisitor },
  ];
}

function cells(table: ReportTable, row: ReportRow): string[] {
  return [
    rowLabel(table, row.key),
    number.format(row.views),
    number.format(row.visitors),
    number.format(row.starts),
    number.format(row.leads),
    number.format(row.uncounted),
    formatRate(row.rate),
    number.format(row.contacted),
    number.format(row.won),
    formatMoney(row.wonCents),
    formatPerVisitor(row.valuePerVisitor),
  ];
}

/** The page's view of one table: columns with their sort links, rows as text, the CSV link. */
export function tableView(report: Report, table: ReportTable, params: URLSearchParams) {
  const { by, dir } = readSort(params, table);
  const href = (column: SortKey) => {
    const next = new URLSearchParams(params);
    next.set(`sort_${table}`, column);
    next.set(`dir_${table}`, column === by && dir === "desc" ? "asc" : "desc");
    return `/admin/performance?${next}#${table}-heading`;
  };
  const csv = new URLSearchParams(params);
  csv.set("table", table);
  const sorted = sortRows(report[table], by, dir);
  const page = readPage(params, table, sorted.length);
  const first = (page - 1) * ROWS_PER_PAGE;
  const shown = sorted.slice(first, first + ROWS_PER_PAGE);
  const pageHref = (n: number) => {
    const next = new URLSearchParams(params);
    next.set(`page_${table}`, String(n));
    return `/admin/performance?${next}#${table}-heading`;
  };
  return {
    id: table,
    heading: copy.tables[table].heading,
    empty: copy.tables[table].empty,
    columns: tableColumns(table).map((c) => ({
      id: c.id,
      label: c.label,
      numeric: c.id !== "key",
      href: href(c.id),
      sorted:
        c.id === by ? (dir === "asc" ? ("ascending" as const) : ("descending" as const)) : null,
    })),
    rows: shown.map((r) => ({ key: r.key, cells: cells(table, r) })),
    // The 'other' row says what it holds, under the table (issue 39 §5).
    note: table === "pages" && sorted.some((r) => r.key === OTHER) ? copy.otherPagesNote : null,
    pager:
      sorted.length > ROWS_PER_PAGE
        ? {
            label: copy.rowsShown(first + 1, first + shown.length, sorted.length),
            navLabel: copy.rowPages(copy.tables[table].heading),
            previous: page > 1 ? { href: pageHref(page - 1), label: copy.previousRows } : null,
            next:
              first + shown.length < sorted.length
                ? { href: pageHref(page + 1), label: copy.nextRows }
                : null,
          }
        : null,
    csvHref: `/api/admin/performance.csv?${csv}`,
    csvLabel: copy.csv,
    allRows: copy.allRows(shown.length),
    sortByLabel: copy.sortBy,
  };
}

/** A table as CSV, in the order the page shows it; the rate as a plain ratio, money in dollars. */
export function tableCsv(report: Report, table: ReportTable, params: URLSearchParams): string {
  const header = tableColumns(table).map((c) => c.label);
  const { by, dir } = readSort(params, table);
  const rows = sortRows(report[table], by, dir).map((r) => [
    r.key,
    r.views,
    r.visitors,
    r.starts,
    r.leads,
    r.uncounted,
    r.rate === null ? "" : r.rate.toFixed(4),
    r.contacted,
    r.won,
    (r.wonCents / 100).toFixed(2),
    r.valuePerVisitor === null ? "" : (r.valuePerVisitor / 100).toFixed(2),
  ]);
  return toCsv(header, rows);
}

/** The chart's legend and table name a source; "other" by its label. */
export function sourceLabel(source: string): string {
  return source === "other" ? copy.otherSources : source;
}

/**
 * The line under the totals that says how the rate is made, and, when any rate passes 100 %,
 * why it can (issue 27: no rate above 100 % without explanation).
 */
export function rateNotes(report: Report): string[] {
  const over =
    reportTables.reduce(
      (n, t) => n + report[t].filter((r) => r.rate !== null && r.rate > 1).length,
      0,
    ) + ((report.totals.current.rate ?? 0) > 1 ? 1 : 0);
  return over ? [copy.rateNote, copy.rateOver(over)] : [copy.rateNote];
}

/**
 * The pipeline's table: a row per stage, leads in it by time in the stage, the longest wait
 * (in the agency's days, from the report's today).
 */
export function pipelineView(report: Report) {
  const p = copy.pipeline;
  return {
    heading: p.heading,
    intro: p.intro,
    empty: p.empty,
    columns: [p.stage, p.leads, ...p.buckets, p.oldest],
    rows: report.pipeline.map((s) => ({
      key: s.status,
      cells: [
        adminMessages.statuses[s.status],
        number.format(s.leads),
        ...s.buckets.map((b) => number.format(b)),
        s.oldestDay ? p.daysAgo(daysAgo(s.oldestDay, report.today)) : "—",
      ],
    })),
    total: report.pipeline.reduce((n, s) => n + s.leads, 0),
  };
}

/** The devices' table: visits, their share, form starts and starts per visit. */
export function devicesView(report: Report) {
  const d = copy.devices;
  const all = report.devices.reduce((n, r) => n + r.views, 0);
  return {
    heading: d.heading,
    empty: d.empty,
    columns: [
      d.key,
      copy.figures.views,
      copy.devices.share,
      copy.figures.starts,
      copy.devices.startRate,
    ],
    rows: report.devices.map((r) => ({
      key: r.device,
      cells: [
        d.names[r.device] ?? r.device,
        number.format(r.views),
        all ? formatRate(r.views / all) : "—",
        number.format(r.starts),
        r.views ? formatRate(r.starts / r.views) : "—",
      ],
    })),
    total: all,
  };
}
