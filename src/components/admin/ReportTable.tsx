export interface Column {
  id: string;
  label: string;
  numeric: boolean;
  /** Where a click on the heading goes (sorted by this column), and the current order if any. */
  href: string;
  sorted: "ascending" | "descending" | null;
}

interface PageLink {
  href: string;
  label: string;
}

interface Props {
  id: string;
  heading: string;
  columns: Column[];
  rows: { key: string; cells: string[] }[];
  empty: string;
  csvHref: string;
  csvLabel: string;
  /** The fold's words below the lg width ("Show all 12 rows"), when there are more than TOP_ROWS. */
  allRows: string;
  sortByLabel: (column: string) => string;
  /** A line under the table saying what a row holds (the Pages table's 'other'), if any. */
  note?: string | null;
  /** When the rows fill more than one page: which rows show, and links to the pages beside. */
  pager: {
    label: string;
    navLabel: string;
    previous: PageLink | null;
    next: PageLink | null;
  } | null;
}

/**
 * Rows a table shows below the `lg` width until its 'Show all' disclosure is opened (issue 39 §4;
 * the rule is in src/styles/admin.css, on the disclosure's own state: no script).
 */
export const TOP_ROWS = 3;

/** The 'Show all N rows' disclosure under a table of more than TOP_ROWS rows, below `lg`. */
export function AllRows({ count, label }: { count: number; label: string }) {
  if (count <= TOP_ROWS) return null;
  return (
    <details className="mt-1 lg:hidden" data-all-rows>
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-800 underline">
        {label}
      </summary>
    </details>
  );
}

/**
 * Below the `lg` width a table's rows become cards: the row's name, then its figures two to a
 * line, each after its column's name (`data-label`), so no column is ever out of sight at the
 * right edge (issue 27), and a card is half as tall (issue 39).
 * The headings (links that sort) wrap as a row of links above the cards.
 */
export const STACKED = {
  table: "max-lg:block",
  thead: "max-lg:block",
  headRow: "max-lg:flex max-lg:flex-wrap max-lg:gap-x-3 max-lg:px-2",
  headCell: "max-lg:block max-lg:px-1 max-lg:py-0",
  tbody: "max-lg:block",
  tr: "max-lg:grid max-lg:grid-cols-2 max-lg:gap-x-2 max-lg:py-2",
  th: "max-lg:col-span-2 max-lg:font-semibold",
  td: "max-lg:flex max-lg:min-w-0 max-lg:justify-between max-lg:gap-2 max-lg:px-2 max-lg:py-1 max-lg:whitespace-normal max-lg:text-left max-lg:before:font-normal max-lg:before:text-slate-700 max-lg:before:content-[attr(data-label)]",
} as const;

/**
 * The rows of a report table (ReportTable, FigureTable): the first cell names the row, the rest
 * are figures right-aligned, each labelled by its column (`labels`, in the cells' order) for the
 * stacked cards below the `lg` width.
 */
export function StackedRows({
  rows,
  labels,
  nameClass = "",
}: {
  rows: { key: string; cells: string[] }[];
  labels: (string | undefined)[];
  /** More classes for the name cell. */
  nameClass?: string;
}) {
  return (
    <tbody className={STACKED.tbody}>
      {rows.map((r) => (
        <tr key={r.key} className={`border-b border-slate-200 ${STACKED.tr}`} data-row={r.key}>
          {r.cells.map((cell, i) =>
            i === 0 ? (
              <th
                key={i}
                scope="row"
                className={`${nameClass ? `${nameClass} ` : ""}px-3 py-2 font-normal ${STACKED.th}`}
              >
                {cell}
              </th>
            ) : (
              <td
                key={i}
                data-label={labels[i]}
                className={`px-3 py-2 text-right whitespace-nowrap tabular-nums ${STACKED.td}`}
              >
                {cell}
              </td>
            ),
          )}
        </tr>
      ))}
    </tbody>
  );
}

/**
 * One of the report's tables: headings are links that sort by the column (server-side, so it
 * works without JavaScript), a page of rows at a time with links to the others, and a link
 * downloads every row as CSV.
 */
export function ReportTable({
  id,
  heading,
  columns,
  rows,
  empty,
  csvHref,
  csvLabel,
  allRows,
  sortByLabel,
  pager,
  note,
}: Props) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8" data-report={id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-bold text-brand-950">
          {heading}
        </h2>
        <a
          href={csvHref}
          download
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
        >
          {csvLabel}
        </a>
      </div>
      {rows.length === 0 ? (
        <p className="mt-2 text-slate-700">{empty}</p>
      ) : (
        <div
          role="region"
          aria-labelledby={`${id}-heading`}
          tabIndex={0}
          className="admin-scroll mt-2 rounded-xl bg-white ring-1 ring-slate-200"
        >
          <table className={`w-full border-collapse text-left text-sm ${STACKED.table}`}>
            <thead className={STACKED.thead}>
              <tr className={`border-b border-slate-300 ${STACKED.headRow}`}>
                {columns.map((c) => (
                  <th
                    key={c.id}
                    scope="col"
                    aria-sort={c.sorted ?? undefined}
                    className={`px-3 py-2 ${c.numeric ? "text-right" : ""} ${STACKED.headCell}`}
                  >
                    <a
                      href={c.href}
                      aria-label={sortByLabel(c.label)}
                      className="inline-flex min-h-11 items-center font-semibold text-brand-900 underline"
                    >
                      {c.label}
                      {c.sorted ? (c.sorted === "ascending" ? " ▲" : " ▼") : ""}
                    </a>
                  </th>
                ))}
              </tr>
            </thead>
            <StackedRows
              rows={rows}
              labels={columns.map((c) => c.label)}
              nameClass="min-w-40 break-words"
            />
          </table>
        </div>
      )}
      <AllRows count={rows.length} label={allRows} />
      {note && rows.length > 0 && (
        <p className="mt-2 text-sm text-slate-700" data-report-note>
          {note}
        </p>
      )}
      {pager && (
        <nav aria-label={pager.navLabel} className="mt-2 flex flex-wrap items-center gap-4 text-sm">
          <p className="text-slate-700">{pager.label}</p>
          {pager.previous && (
            <a
              href={pager.previous.href}
              className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
            >
              {pager.previous.label}
            </a>
          )}
          {pager.next && (
            <a
              href={pager.next.href}
              className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
            >
              {pager.next.label}
            </a>
          )}
        </nav>
      )}
    </section>
  );
}
