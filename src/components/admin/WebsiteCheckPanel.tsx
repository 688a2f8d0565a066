import type { ReactNode } from "react";
import type { WebsiteCheckLines } from "../../audit/panel";

/** The panel's lines, read from the lead's checks by src/audit/panel.ts. */
export type WebsiteCheckView = WebsiteCheckLines;

interface Copy {
  title: string;
  none: string;
  running: string;
  limited: string;
  failed: string;
  waiting: string;
  cancelled: string;
  talkingPoints: string;
  morePoints: (n: number) => string;
  passed: string;
  runAgain: string;
  openReport: string;
  score: string;
}

/** Talking points shown before the fold; the rest open with one tap (issue 39 §1). */
export const TOP_POINTS = 3;

/**
 * The lead page's 'Website check' panel: the score and grade, the categories, the failed checks
 * first as talking points (with what was found and the fix; the first TOP_POINTS shown, the rest
 * folded: a closed 'N more talking points' disclosure hides them, src/styles/admin.css), the passes, when it was fetched, the
 * prospect's report, and 'Run again' (a plain post answered 303). Everything from the fetched
 * site is text React escapes.
 */
export function WebsiteCheckPanel({
  view,
  copy,
  action,
}: {
  view: WebsiteCheckView;
  copy: Copy;
  /** The 'Run again' form's hidden fields (the page's own post), or none without a website. */
  action?: ReactNode;
}) {
  const note =
    view.state === "none"
      ? copy.none
      : view.state === "running"
        ? copy.running
        : view.state === "limited" ||
            view.state === "failed" ||
            view.state === "waiting" ||
            view.state === "cancelled"
          ? copy[view.state]
          : null;
  return (
    <section
      className="rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
      aria-labelledby="website-check-title"
      data-website-check={view.state}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="website-check-title" className="text-lg font-bold">
          {copy.title}
        </h2>
        {view.score !== undefined && (
          <p className="text-2xl font-bold text-brand-900" data-score={view.score}>
            {copy.score}: {view.score}/100{view.grade ? ` (${view.grade})` : ""}
          </p>
        )}
      </div>
      {note && <p className="mt-2 text-slate-700">{note}</p>}
      {view.facts.length > 0 && (
        <ul className="mt-2 text-sm text-slate-600">
          {view.facts.map((f) => (
            <li key={f} className="wrap-anywhere">
              {f}
            </li>
          ))}
        </ul>
      )}
      {view.categories.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {view.categories.map((c) => (
            <li key={c} className="rounded-full bg-slate-100 px-3 py-1 text-sm">
              {c}
            </li>
          ))}
        </ul>
      )}
      {view.talkingPoints.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">{copy.talkingPoints}</h3>
          <ol className="mt-2 grid list-decimal gap-3 pl-5" data-talking-points>
            {view.talkingPoints.map((t) => (
              <li key={t.id}>
                <p className="font-semibold">{t.title}</p>
                <p className="text-sm text-slate-700 wrap-anywhere">{t.evidence}</p>
                <p className="text-slate-700">{t.fix}</p>
              </li>
            ))}
          </ol>
          {view.talkingPoints.length > TOP_POINTS && (
            <details className="mt-2" data-more-points>
              <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-800 underline">
                {copy.morePoints(view.talkingPoints.length - TOP_POINTS)}
              </summary>
            </details>
          )}
        </>
      )}
      {view.passed.length > 0 && (
        <p className="mt-3 text-sm text-slate-600">
          {copy.passed}: {view.passed.join(", ")}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-4">
        {view.reportHref && (
          <a href={view.reportHref} className="font-semibold text-brand-800 underline">
            {copy.openReport}
          </a>
        )}
        {action && (
          <form method="post">
            {action}
            <button
              type="submit"
              className="inline-flex min-h-11 items-center rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900"
            >
              {copy.runAgain}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
