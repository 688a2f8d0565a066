import { STACKED, StackedRows } from "./ReportTable";

interface Props {
  id: string;
  heading: string;
  intro?: string | undefined;
  empty: string;
  /** Column names; the first is the row's name, the rest are figures. */
  columns: string[];
  rows: { key: string; cells: string[] }[];
  /** Nothing to show when this is 0. */
  total: number;
}

/**
 * A small table of the report that needs no sorting or pages (the pipeline's stages, the
 * devices): figures right-aligned, rows as cards below the `lg` width as in ReportTable.
 */
export function FigureTable({ id, heading, intro, empty, columns, rows, total }: Props) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8" data-report={id}>
      <h2 id={`${id}-heading`} className="text-lg font-bold text-brand-950">
        {heading}
      </h2>
      {intro && <p className="mt-1 max-w-3xl text-sm text-slate-700">{intro}</p>}
      {total === 0 ? (
        <p className="mt-2 text-slate-700">{empty}</p>
      ) : (
        <div className="mt-2 overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
          <table className={`w-full border-collapse text-left text-sm ${STACKED.table}`}>
            <thead className="max-lg:sr-only">
              <tr className="border-b border-slate-300">
                {columns.map((c, i) => (
                  <th
                    key={c}
                    scope="col"
                    className={`px-3 py-2 font-semibold ${i ? "text-right" : ""}`}
                  >
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <StackedRows rows={rows} labels={columns} />
          </table>
        </div>
      )}
    </section>
  );
}
