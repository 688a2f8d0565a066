import { auditCategoryNames, auditMessages, auditStatusNames } from "../../audit/messages";
import type { AuditReport } from "../../audit/report";
import { gradeThresholds } from "../../audit/score";
import {
  categoryShares,
  checksFailedFirst,
  formatCheckedAt,
  gradeColors,
  topFixes,
  type RankedCheck,
} from "../../audit/summary";
import type { Comparison } from "../../audit/competitors";
import type { ReactNode } from "react";
import { Container } from "../ui/Container";
import { LinkButton } from "../ui/LinkButton";
import { CompetitorComparison } from "./CompetitorComparison";

type Copy = typeof auditMessages.report;

interface Props {
  site: string;
  report: AuditReport;
  copy: Copy;
  pdfHref: string;
  bookHref: string;
  /** The agency's IANA time zone: when the check ran is written on its clock, labelled. */
  timeZone: string;
  /** Shown under the score's buttons: the page's 'walk you through it' form (issue 39 §1). */
  children?: ReactNode;
  /** The site beside the competitors staff chose to show (none: no such section). */
  comparison?: Comparison | null | undefined;
  competitorCopy?: typeof auditMessages.competitors | undefined;
}

const statusStyle = {
  fail: "bg-red-50 text-red-900 ring-red-200",
  pass: "bg-brand-50 text-brand-900 ring-brand-200",
  na: "bg-slate-50 text-slate-700 ring-slate-200",
} as const;

function Check({ check, copy }: { check: RankedCheck; copy: Copy }) {
  return (
    <li className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="font-semibold">{check.title}</h4>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ${statusStyle[check.status]}`}
        >
          {auditStatusNames[check.status]}
        </span>
      </div>
      <dl className="mt-2 space-y-1 text-slate-700">
        <div>
          <dt className="inline font-medium">{copy.evidence}: </dt>
          <dd className="inline break-words">{check.evidence}</dd>
        </div>
        <div>
          <dt className="inline font-medium">{copy.fix}: </dt>
          <dd className="inline">{check.fix}</dd>
        </div>
        {check.page && (
          <div>
            <dt className="inline font-medium">{copy.page}: </dt>
            <dd className="inline break-all">{check.page}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

/**
 * The prospect's website check, as the report page shows it (server-rendered, no script):
 * score and grade (the badge coloured by grade, as in the PDF), the page read and when (on the
 * agency's clock), the categories, the three fixes worth the most, every check failed-first with
 * its evidence and fix, 'how we score', what the full audit adds, and the way to book the call;
 * beside the fixes, the competitors staff chose to show (CompetitorComparison).
 * Everything from the fetched site is text React escapes; its URLs are shown, never linked.
 */
export function AuditReportView({
  site,
  report,
  copy,
  pdfHref,
  bookHref,
  timeZone,
  children,
  comparison,
  competitorCopy,
}: Props) {
  const fixes = topFixes(report);
  const checks = checksFailedFirst(report);
  const shares = categoryShares(report);
  return (
    <Container className="py-10 sm:py-14">
      <header className="flex flex-col gap-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h1 id="report-title" className="text-3xl font-bold break-words sm:text-4xl">
            {copy.title(site)}
          </h1>
          <p className="mt-2 break-all text-slate-700">
            <span className="font-medium">{copy.pageRead}:</span> {report.finalUrl ?? report.url}
          </p>
          <p className="mt-1 text-slate-700" data-audit-checked>
            {copy.checkedAt(formatCheckedAt(report.fetchedAt, timeZone))}
          </p>
          <p className="mt-1 text-slate-700">{copy.pagesFetched(report.pages.length)}</p>
        </div>
        <p
          className="flex shrink-0 flex-col items-center rounded-2xl bg-brand-900 px-8 py-5 text-white"
          style={report.grade ? { backgroundColor: gradeColors[report.grade] } : undefined}
          data-audit-score={report.score}
          data-audit-grade={report.grade}
        >
          <span className="text-5xl font-bold">{report.score}</span>
          <span className="text-sm">{copy.scoreOf(report.score ?? 0)}</span>
          {report.grade && <span className="mt-1 font-semibold">{copy.grade(report.grade)}</span>}
        </p>
      </header>

      <div className="mt-8 flex flex-wrap gap-3">
        <LinkButton href={bookHref}>{copy.book}</LinkButton>
        <LinkButton href={pdfHref} variant="secondary">
          {copy.pdf}
        </LinkButton>
      </div>
      {children}

      <section aria-labelledby="categories-title" className="mt-10">
        <h2 id="categories-title" className="text-2xl font-bold">
          {copy.categories}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {report.categories.map((c) => (
            <li key={c.id} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
              <div className="flex justify-between font-semibold">
                <span>{auditCategoryNames[c.id]}</span>
                <span>{c.score}/100</span>
              </div>
              <div className="mt-2 h-2 rounded-full bg-slate-200" aria-hidden="true">
                <div className="h-2 rounded-full bg-brand-700" style={{ width: `${c.score}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </section>

      {fixes.length > 0 && (
        <section aria-labelledby="fixes-title" className="mt-10">
          <h2 id="fixes-title" className="text-2xl font-bold">
            {copy.topFixesTitle(fixes.length)}
          </h2>
          <ol className="mt-4 list-decimal space-y-3 pl-6">
            {fixes.map((c) => (
              <li key={c.id}>
                <strong>{c.title}.</strong> {c.fix}
              </li>
            ))}
          </ol>
        </section>
      )}

      {comparison && competitorCopy && (
        <section aria-labelledby="competitors-title" className="mt-10" data-report-competitors>
          <h2 id="competitors-title" className="text-2xl font-bold">
            {competitorCopy.heading}
          </h2>
          <p className="mt-3 max-w-3xl text-slate-700">{competitorCopy.reportIntro}</p>
          <CompetitorComparison
            comparison={comparison}
            copy={competitorCopy}
            level={2}
            idPrefix="competitors"
          />
        </section>
      )}

      <section aria-labelledby="checks-title" className="mt-10">
        <h2 id="checks-title" className="text-2xl font-bold">
          {copy.allChecks}
        </h2>
        {report.categories.map((category) => (
          <div key={category.id} className="mt-6">
            <h3 className="text-xl font-semibold">{auditCategoryNames[category.id]}</h3>
            <ul className="mt-3 space-y-3">
              {checks
                .filter((c) => c.category === category.id)
                .map((c) => (
                  <Check key={c.id} check={c} copy={copy} />
                ))}
            </ul>
          </div>
        ))}
      </section>

      <section aria-labelledby="how-title" className="mt-10">
        <h2 id="how-title" className="text-2xl font-bold">
          {copy.howWeScore}
        </h2>
        <p className="mt-3 max-w-3xl text-slate-700">{copy.howWeScoreIntro}</p>
        <ul className="mt-3 list-disc space-y-1 pl-6">
          {shares.map((s) => (
            <li key={s.id}>{copy.categoryShare(auditCategoryNames[s.id], s.percent)}</li>
          ))}
        </ul>
        <p className="mt-3 text-slate-700">{copy.gradeScale(gradeThresholds)}</p>
      </section>

      <section aria-labelledby="full-title" className="mt-10 rounded-2xl bg-brand-50 p-6">
        <h2 id="full-title" className="text-2xl font-bold">
          {copy.fullAudit}
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-6">
          {copy.fullAuditItems.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <div className="mt-5">
          <LinkButton href={bookHref}>{copy.book}</LinkButton>
        </div>
      </section>
    </Container>
  );
}

/** A report that has no score (running, unreachable, limited, failed): what to do next. */
export function AuditNotice({
  headline,
  text,
  actions,
}: {
  headline: string;
  text: string;
  actions: { label: string; href: string }[];
}) {
  return (
    <Container className="py-10 sm:py-14">
      <h1 id="report-title" className="text-3xl font-bold break-words sm:text-4xl">
        {headline}
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700">{text}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        {actions.map((a, i) => (
          <LinkButton key={a.href} href={a.href} variant={i === 0 ? "primary" : "secondary"}>
            {a.label}
          </LinkButton>
        ))}
      </div>
    </Container>
  );
}
