import type { Series } from "../../analytics/report";

interface Props {
  series: Series;
  heading: string;
  summary: string;
  tableLabel: string;
  bucketLabel: string;
  sourceColumn: string;
  visitsLabel: string;
  leadsLabel: string;
  sourceLabel: (source: string) => string;
}

/** Colours with at least 3:1 against white (WCAG 1.4.11), the last one for "other". */
const COLOURS = ["#1f6f43", "#1d4ed8", "#b45309", "#7c3aed", "#be123c", "#475569"];
const W = 720;
const TOP = 170;
const BOTTOM = 90;
const GAP = 34;
const LEFT = 56;
const H = TOP + GAP + BOTTOM + 32;

const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);

/**
 * Visits (top) and leads (below) per day or week, stacked by source, as SVG drawn on the server:
 * no chart script on the page, it scales with the screen, and the same figures are in a table.
 */
export function PerformanceChart({
  series,
  heading,
  summary,
  tableLabel,
  bucketLabel,
  sourceColumn,
  visitsLabel,
  leadsLabel,
  sourceLabel,
}: Props) {
  const n = Math.max(series.points.length, 1);
  const step = (W - LEFT) / n;
  const bar = Math.max(step * 0.7, 1);
  const maxVisits = Math.max(1, ...series.points.map((p) => sum(p.visits)));
  const maxLeads = Math.max(1, ...series.points.map((p) => sum(p.leads)));
  const colour = (i: number) => (series.sources[i] === "other" ? COLOURS[5]! : COLOURS[i % 5]!);
  const every = Math.ceil(n / 6);
  /** One stacked bar: the sources' values from the baseline up, scaled to `height`. */
  const stack = (
    x: number,
    values: Record<string, number>,
    max: number,
    base: number,
    height: number,
  ) => {
    let y = base;
    return series.sources.map((s, j) => {
      const h = ((values[s] ?? 0) / max) * height;
      y -= h;
      return h > 0 ? <rect key={s} x={x} y={y} width={bar} height={h} fill={colour(j)} /> : null;
    });
  };
  const rows = series.points.flatMap((p) =>
    series.sources
      .filter((s) => (p.visits[s] ?? 0) > 0 || (p.leads[s] ?? 0) > 0)
      .map((s) => ({
        key: `${p.start}-${s}`,
        start: p.start,
        source: s,
        visits: p.visits[s] ?? 0,
        leads: p.leads[s] ?? 0,
      })),
  );
  return (
    <section aria-labelledby="chart-heading" className="mt-8" data-chart>
      <h2 id="chart-heading" className="text-lg font-bold text-brand-950">
        {heading}
      </h2>
      <p id="chart-summary" className="mt-1 text-sm text-slate-700">
        {summary}
      </p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
        {series.sources.map((s, i) => (
          <li key={s} className="flex items-center gap-1">
            <svg viewBox="0 0 12 12" className="size-3">
              <rect width="12" height="12" rx="2" fill={colour(i)} />
            </svg>
            {sourceLabel(s)}
          </li>
        ))}
      </ul>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="mt-2 h-auto w-full rounded-xl bg-white ring-1 ring-slate-200"
        role="img"
        aria-labelledby="chart-heading chart-summary"
      >
        <text x={4} y={20} fontSize="20" fill="#334155">
          {maxVisits}
        </text>
        <text x={LEFT} y={TOP + GAP - 8} fontSize="20" fill="#334155">
          {`${leadsLabel}: ${maxLeads}`}
        </text>
        <line x1={LEFT} x2={W} y1={TOP} y2={TOP} stroke="#94a3b8" />
        <line x1={LEFT} x2={W} y1={TOP + GAP + BOTTOM} y2={TOP + GAP + BOTTOM} stroke="#94a3b8" />
        {series.points.map((p, i) => {
          const x = LEFT + i * step + (step - bar) / 2;
          return (
            <g key={p.start}>
              {stack(x, p.visits, maxVisits, TOP, TOP - 8)}
              {stack(x, p.leads, maxLeads, TOP + GAP + BOTTOM, BOTTOM - 28)}
              {i % every === 0 ? (
                <text
                  x={LEFT + i * step + step / 2}
                  y={H - 6}
                  fontSize="20"
                  textAnchor="middle"
                  fill="#334155"
                >
                  {p.start.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <details className="mt-2">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-800 underline">
          {tableLabel}
        </summary>
        <div className="overflow-x-auto">
          <table className="mt-2 w-full border-collapse text-left text-sm" data-chart-table>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="px-2 py-1">
                  {bucketLabel}
                </th>
                <th scope="col" className="px-2 py-1">
                  {sourceColumn}
                </th>
                <th scope="col" className="px-2 py-1 text-right">
                  {visitsLabel}
                </th>
                <th scope="col" className="px-2 py-1 text-right">
                  {leadsLabel}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} className="border-b border-slate-200">
                  <th scope="row" className="px-2 py-1 font-normal">
                    {r.start}
                  </th>
                  <td className="px-2 py-1 break-words">{sourceLabel(r.source)}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{r.visits}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{r.leads}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
