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
  /** "Visits (solid bars)", "Leads (striped bars)": the two series in the legend. */
  seriesLegend: { visits: string; leads: string; most: (label: string, n: number) => string };
  sourceLabel: (source: string) => string;
}

/** Colours with at least 3:1 against white (WCAG 1.4.11), the last one for "other". */
const COLOURS = ["#1f6f43", "#1d4ed8", "#b45309", "#7c3aed", "#be123c", "#475569"];
/** Drawing units of one panel; the SVG stretches to the width, its height is fixed in CSS. */
const W = 720;
const H = 100;

const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);

/** White diagonal stripes over a bar: what tells a leads bar from a visits bar besides place. */
function Stripes({ id }: { id: string }) {
  return (
    <defs>
      <pattern
        id={id}
        patternUnits="userSpaceOnUse"
        width="6"
        height="6"
        patternTransform="rotate(45)"
      >
        <rect width="3" height="6" fill="#ffffff" fillOpacity="0.55" />
      </pattern>
    </defs>
  );
}

/**
 * Visits (solid bars, above) and leads (striped bars, below) per day or week, stacked by source,
 * drawn on the server as SVG without any text in it: every label (the scale, the days, the
 * legend) is HTML at 12 px or more, so no width of screen shrinks it (issue 27). The same
 * figures are in a table.
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
  seriesLegend,
  sourceLabel,
}: Props) {
  const n = Math.max(series.points.length, 1);
  const step = W / n;
  const bar = Math.max(step * 0.7, 1);
  const maxVisits = Math.max(1, ...series.points.map((p) => sum(p.visits)));
  const maxLeads = Math.max(1, ...series.points.map((p) => sum(p.leads)));
  const colour = (i: number) => (series.sources[i] === "other" ? COLOURS[5]! : COLOURS[i % 5]!);
  const every = Math.ceil(n / 6);
  /** One stacked bar: the sources' values from the bottom up, scaled to the panel. */
  const stack = (x: number, values: Record<string, number>, max: number, striped: boolean) => {
    let y = H;
    return series.sources.map((s, j) => {
      const h = ((values[s] ?? 0) / max) * (H - 2);
      y -= h;
      if (h <= 0) return null;
      return (
        <g key={s}>
          <rect x={x} y={y} width={bar} height={h} fill={colour(j)} />
          {striped && <rect x={x} y={y} width={bar} height={h} fill="url(#chart-stripes)" />}
        </g>
      );
    });
  };
  const panel = (pick: "visits" | "leads", max: number, label: string) => (
    <div className="mt-3">
      <p className="text-sm font-semibold text-slate-800" data-chart-scale={pick}>
        {seriesLegend.most(label, max)}
      </p>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        className={`mt-1 block w-full border-b border-slate-400 ${pick === "visits" ? "h-40" : "h-24"}`}
        aria-hidden="true"
        focusable="false"
      >
        {pick === "leads" && <Stripes id="chart-stripes" />}
        {series.points.map((p, i) => (
          <g key={p.start}>{stack(i * step + (step - bar) / 2, p[pick], max, pick === "leads")}</g>
        ))}
      </svg>
    </div>
  );
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
      <div
        role="img"
        aria-labelledby="chart-heading chart-summary"
        className="mt-2 rounded-xl bg-white p-3 ring-1 ring-slate-200"
      >
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-chart-legend>
          <li className="flex items-center gap-1 font-semibold">
            <svg viewBox="0 0 12 12" className="size-3.5" aria-hidden="true">
              <rect width="12" height="12" fill="#334155" />
            </svg>
            {seriesLegend.visits}
          </li>
          <li className="flex items-center gap-1 font-semibold">
            <svg viewBox="0 0 12 12" className="size-3.5" aria-hidden="true">
              <Stripes id="legend-stripes" />
              <rect width="12" height="12" fill="#334155" />
              <rect width="12" height="12" fill="url(#legend-stripes)" />
            </svg>
            {seriesLegend.leads}
          </li>
          {series.sources.map((s, i) => (
            <li key={s} className="flex items-center gap-1">
              <svg viewBox="0 0 12 12" className="size-3.5" aria-hidden="true">
                <rect width="12" height="12" rx="2" fill={colour(i)} />
              </svg>
              {sourceLabel(s)}
            </li>
          ))}
        </ul>
        {panel("visits", maxVisits, visitsLabel)}
        {panel("leads", maxLeads, leadsLabel)}
        <ol className="mt-1 flex text-xs text-slate-700" aria-hidden="true" data-chart-days>
          {series.points.map((p, i) => (
            <li
              key={p.start}
              className="flex min-w-0 flex-1 basis-0 justify-center overflow-visible whitespace-nowrap"
            >
              {i % every === 0 ? p.start.slice(5) : ""}
            </li>
          ))}
        </ol>
      </div>
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
