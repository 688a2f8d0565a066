import type { liveMessages } from "../../admin/liveMessages";

interface Props {
  copy: typeof liveMessages;
  minutes: number;
  visitors: number;
  pages: readonly { path: string; visitors: number }[];
  asOf: string;
  /** This page's own URL, to read the panel again. */
  refreshHref: string;
}

/**
 * Visitors of the last few minutes and the page each is on (src/analytics/live.ts), as of the
 * page's load; 'Refresh' reads it again (a plain link: no script).
 */
export function LiveVisitors({ copy, minutes, visitors, pages, asOf, refreshHref }: Props) {
  return (
    <section
      className="mt-6 rounded-xl bg-white p-4 ring-1 ring-slate-200"
      aria-labelledby="live-heading"
      data-live
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="live-heading" className="text-lg font-bold">
          {copy.heading}
        </h2>
        <a
          href={refreshHref}
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
        >
          {copy.refresh}
        </a>
      </div>
      <p className="mt-1 text-slate-800" data-live-count>
        {visitors ? copy.visitors(visitors, minutes) : copy.none(minutes)}{" "}
        <span className="text-sm text-slate-700">{copy.asOf(asOf)}</span>
      </p>
      {pages.length > 0 && (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">{copy.table}</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-1 pr-3 font-semibold">
                {copy.page}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                {copy.onIt}
              </th>
            </tr>
          </thead>
          <tbody>
            {pages.map((p) => (
              <tr key={p.path} className="border-b border-slate-200" data-live-page={p.path}>
                <td className="py-1 pr-3 break-all">{p.path}</td>
                <td className="py-1 text-right tabular-nums">{p.visitors}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
