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
    rows: sortRows(report[table], by, dir).map((r) => ({ key: r.key, cells: cells(table, r) })),
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
