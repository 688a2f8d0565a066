import { SENTENCES_SHOWN, type Comparison } from "../../audit/competitors";
import type { auditMessages } from "../../audit/messages";
import { gradeFor, type Grade } from "../../audit/score";
import { gradeBackgrounds } from "../../audit/summary";

type Copy = typeof auditMessages.competitors;

const markStyle = {
  pass: "text-brand-800",
  fail: "text-red-800",
  na: "text-slate-600",
  none: "text-slate-600",
} as const;

/** The heading of `level` (2 on the report page, 3 inside the staff panel). */
function Heading({ level, id, children }: { level: 2 | 3 | 4; id?: string; children: string }) {
  const Tag = `h${level}` as const;
  const size =
    level === 2 ? "text-2xl font-bold" : level === 3 ? "text-lg font-bold" : "font-semibold";
  return (
    <Tag id={id} className={`${size} mt-6 first:mt-0`}>
      {children}
    </Tag>
  );
}

/** '…and 4 more checks: see the table below.' under a list cut at SENTENCES_SHOWN. */
function More({ n, copy }: { n: number; copy: Copy }) {
  return n > 0 ? <p className="mt-1 pl-6 text-slate-700">{copy.more(n)}</p> : null;
}

/**
 * The prospect's site beside its competitors' (src/audit/competitors.ts `compareSites`): each
 * site's score, what they do that the prospect does not and the other way round (the caller's
 * talking points, in the owner's words; the SENTENCES_SHOWN most valuable of each), and the checks where the sites differ, as a table with
 * a mark and a word in each cell (never colour alone). Server-rendered, no script; everything
 * from a fetched site or typed by staff is text React escapes. Fits a 390 px screen: the table
 * scrolls inside its own focusable region if the names are long.
 */
export function CompetitorComparison({
  comparison,
  copy,
  level,
  idPrefix,
}: {
  comparison: Comparison;
  copy: Copy;
  /** The level of this part's headings: 2 on the report page, 3 in the staff panel. */
  level: 2 | 3;
  /** Makes the ids of this part's headings unique on its page. */
  idPrefix: string;
}) {
  const sub = (level + 1) as 3 | 4;
  const { sites, rows, same, behind, ahead } = comparison;
  const tableId = `${idPrefix}-table`;
  return (
    <>
      <Heading level={sub} id={`${idPrefix}-scores`}>
        {copy.scores}
      </Heading>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2" data-competitor-scores>
        {sites.map((s, i) => (
          <li
            key={`${i}-${s.name}`}
            className={`flex items-center justify-between gap-3 rounded-xl bg-white p-4 ring-1 ${s.you ? "ring-2 ring-brand-700" : "ring-slate-200"}`}
            data-compared-site={s.you ? "you" : "competitor"}
          >
            <span className="min-w-0 font-semibold wrap-anywhere">{s.name}</span>
            <span
              className={`shrink-0 rounded-lg px-3 py-1 font-bold text-white ${gradeBackgrounds[(s.grade ?? gradeFor(s.score)) as Grade]}`}
              data-compared-score={s.score}
            >
              {`${s.score}/100${s.grade ? ` (${s.grade})` : ""}`}
            </span>
          </li>
        ))}
      </ul>
      {behind.length > 0 && (
        <>
          <Heading level={sub}>{copy.behind}</Heading>
          <ul className="mt-2 list-disc space-y-1 pl-6" data-competitors-behind>
            {behind.slice(0, SENTENCES_SHOWN).map((line) => (
              <li key={line} className="wrap-anywhere">
                {line}
              </li>
            ))}
          </ul>
          <More n={behind.length - SENTENCES_SHOWN} copy={copy} />
        </>
      )}
      {ahead.length > 0 && (
        <>
          <Heading level={sub}>{copy.ahead}</Heading>
          <ul className="mt-2 list-disc space-y-1 pl-6" data-competitors-ahead>
            {ahead.slice(0, SENTENCES_SHOWN).map((line) => (
              <li key={line} className="wrap-anywhere">
                {line}
              </li>
            ))}
          </ul>
          <More n={ahead.length - SENTENCES_SHOWN} copy={copy} />
        </>
      )}
      <Heading level={sub} id={tableId}>
        {copy.table}
      </Heading>
      <p className="mt-2 text-slate-700">
        {rows.length ? `${copy.tableIntro} ` : ""}
        {rows.length ? copy.same(same) : copy.noDifferences}
      </p>
      {rows.length > 0 && (
        <div
          role="region"
          aria-labelledby={tableId}
          tabIndex={0}
          className="mt-3 overflow-x-auto rounded-xl ring-1 ring-slate-200"
        >
          <table
            className="w-full border-collapse bg-white text-left text-sm"
            data-competitor-table
          >
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="p-2">
                  {copy.check}
                </th>
                {sites.map((s, i) => (
                  <th key={`${i}-${s.name}`} scope="col" className="p-2 wrap-anywhere">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-200" data-competitor-row={r.id}>
                  <th scope="row" className="p-2 font-medium">
                    {r.title}
                  </th>
                  {r.statuses.map((status, i) => {
                    const key = status ?? "none";
                    return (
                      <td
                        key={i}
                        className={`p-2 whitespace-nowrap font-semibold ${markStyle[key]}`}
                        data-status={key}
                      >
                        <span aria-hidden="true">{copy.marks[key]}</span>
                        <span className="sr-only">{copy.markNames[key]}</span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
