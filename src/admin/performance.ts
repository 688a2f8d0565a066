/**
 * The Performance view's shapes: the report (src/analytics/report.ts) as cards, sortable tables
 * and CSV, with the URL of each sort and download. Pure, so the page and the CSV route agree.
 */
import {
  readSort,
  sortRows,
  type Figures,
  type Report,
  type ReportRow,
  type ReportTable,
  type SortKey,
} from "../analytics/report.ts";
import { toCsv } from "../leads/csv.ts";
import { adminMessages } from "./messages.ts";

const copy = adminMessages.performance;
const number = new Intl.NumberFormat("en-US");
/** Rows a table shows at once (issue 23: a flood of values must not make the page huge). */
export const ROWS_PER_PAGE = 25;

/** A table's page from the URL: `page_<table>`, from 1, within the rows there are. */
function readPage(params: URLSearchParams, table: ReportTable, rows: number): number {
  const asked = Number(params.get(`page_${table}`));
  const last = Math.max(1, Math.ceil(rows / ROWS_PER_PAGE));
  return Number.isInteger(asked) && asked >= 1 ? Math.min(asked, last) : 1;
}

export function formatRate(rate: number | null): string {
  return rate === null ? "—" : `${(rate * 100).toFixed(1)}%`;
}

const figureKeys = ["views", "visitors", "starts", "leads", "rate"] as const;

function figure(f: Figures, key: (typeof figureKeys)[number]): string {
  return key === "rate" ? formatRate(f.rate) : number.format(f[key]);
}

/** The five totals, each with the previous period's value and the change. */
export function totalCards(report: Report) {
  const { current, previous } = report.totals;
  return figureKeys.map((key) => {
    const now = key === "rate" ? (current.rate ?? 0) : current[key];
    const before = key === "rate" ? (previous.rate ?? 0) : previous[key];
    let change: string = copy.noChange;
    if (before === 0 && now > 0) change = copy.newValue;
    else if (before !== 0 && now !== before) {
      const pct = ((now - before) / before) * 100;
      change = copy.change(`${pct > 0 ? "+" : ""}${pct.toFixed(0)}%`);
    }
    return {
      id: key,
      label: copy.figures[key],
      value: figure(current, key),
      previous: copy.previousValue(figure(previous, key)),
      change,
    };
  });
}

/** A row's first cell as the agency reads it (form ids by name). */
export function rowLabel(table: ReportTable, key: string): string {
  return table === "forms" ? (copy.forms[key] ?? key) : key;
}

export function tableColumns(table: ReportTable): { id: SortKey; label: string }[] {
  return [
    { id: "key", label: copy.tables[table].key },
    { id: "views", label: table === "forms" ? copy.formViews : copy.figures.views },
    { id: "visitors", label: copy.figures.visitors },
    { id: "starts", label: copy.figures.starts },
    { id: "leads", label: copy.figures.leads },
    { id: "rate", label: copy.figures.rate },
  ];
}

function cells(table: ReportTable, row: ReportRow): string[] {
  return [
    rowLabel(table, row.key),
    number.format(row.views),
    number.format(row.visitors),
    number.format(row.starts),
    number.format(row.leads),
    formatRate(row.rate),
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
    sortByLabel: copy.sortBy,
  };
}

/** A table as CSV, in the order the page shows it; the rate as a plain ratio. */
export function tableCsv(report: Report, table: ReportTable, params: URLSearchParams): string {
  const header = tableColumns(table).map((c) => c.label);
  const { by, dir } = readSort(params, table);
  const rows = sortRows(report[table], by, dir).map((r) => [
    r.key,
    r.views,
    r.visitors,
    r.starts,
    r.leads,
    r.rate === null ? "" : r.rate.toFixed(4),
  ]);
  return toCsv(header, rows);
}

/** The chart's legend and table name a source; "other" by its label. */
export function sourceLabel(source: string): string {
  return source === "other" ? copy.otherSources : source;
}
