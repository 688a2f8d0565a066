import type { CompetitorDraft } from "../../admin/competitors";
import type { Comparison, CompetitorRow } from "../../audit/competitors";
import type { auditMessages } from "../../audit/messages";
import { CompetitorComparison } from "../audit/CompetitorComparison";
import { AdminField } from "./AdminField";

type Copy = typeof auditMessages.competitors;

interface Props {
  copy: Copy;
  /** The prospect's check the forms name. */
  checkId: string;
  /** The heading's site, on /admin/checks ('Competitors of lawnpros.com'); none on a lead page. */
  site?: string | undefined;
  rows: CompetitorRow[];
  comparison: Comparison | null;
  /** The 'show on the prospect's report' toggle. */
  shown: boolean;
  max: number;
  /** The add form as typed, when it came back refused. */
  draft?: CompetitorDraft | undefined;
}

const button =
  "inline-flex min-h-11 items-center rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900";

/**
 * A check's competitors for staff (a lead's page, /admin/checks): each competitor's site, state,
 * score, its report and Remove; the side-by-side and its talking points once scored; the 'show on
 * the prospect's report' toggle; and the form to add one (up to `max`). Every form is a plain
 * post naming the check, answered 303 (src/admin/competitors.ts). Staff pages always show the
 * competitors, whatever the toggle says.
 */
export function CompetitorsPanel({
  copy,
  checkId,
  site,
  rows,
  comparison,
  shown,
  max,
  draft,
}: Props) {
  const hidden = (action: string) => (
    <>
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="check" value={checkId} />
    </>
  );
  return (
    <section
      id="competitors"
      className="rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
      aria-labelledby="competitors-title"
      data-competitors={checkId}
    >
      <h2 id="competitors-title" className="text-lg font-bold wrap-anywhere">
        {site ? `${copy.title}: ${site}` : copy.title}
      </h2>
      <p className="mt-2 text-slate-700">{copy.intro(max)}</p>
      {/* What changes as the competitors' checks run (/admin/checks refreshes it). */}
      <div data-competitor-live>
        {rows.length === 0 ? (
          <p className="mt-3 text-slate-700">{copy.none}</p>
        ) : (
          <ul className="mt-3 grid gap-3" data-competitor-list>
            {rows.map((r) => (
              <li
                key={r.id}
                className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-3"
                data-competitor={r.id}
                data-competitor-state={r.state}
              >
                <div className="min-w-0">
                  <p className="font-semibold wrap-anywhere">{r.name}</p>
                  <p className="text-sm text-slate-600 wrap-anywhere">
                    {r.name === r.site ? r.stateLabel : `${r.site} · ${r.stateLabel}`}
                    {r.score && (
                      <>
                        {" · "}
                        <span className="font-semibold text-slate-900" data-competitor-score>
                          {r.score}
                        </span>
                      </>
                    )}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <a
                    href={r.reportHref}
                    className="font-semibold text-brand-800 underline"
                    aria-label={`${copy.report}: ${r.name}`}
                  >
                    {copy.report}
                  </a>
                  <form method="post">
                    {hidden("competitor-remove")}
                    <input type="hidden" name="competitor" value={r.id} />
                    <button
                      type="submit"
                      className="min-h-11 rounded-lg px-3 font-semibold text-red-800 underline"
                      aria-label={copy.removeLabel(r.name)}
                    >
                      {copy.remove}
                    </button>
                  </form>
                </div>
              </li>
            ))}
          </ul>
        )}

        {comparison && (
          <div className="mt-4" data-competitor-comparison>
            <h3 className="text-lg font-bold">{copy.talkingPoints}</h3>
            <CompetitorComparison
              comparison={comparison}
              copy={copy}
              level={3}
              idPrefix="staff-competitors"
            />
          </div>
        )}
      </div>

      {rows.length > 0 && (
        <div className="mt-5 rounded-lg bg-slate-50 p-3">
          <p className="font-semibold">{copy.visibility}</p>
          <p className="mt-1 text-sm text-slate-700" data-competitors-shown={shown ? "yes" : "no"}>
            {shown ? copy.shownNote : copy.hiddenNote}
          </p>
          <form method="post" className="mt-2">
            {hidden("competitors-show")}
            <input type="hidden" name="show" value={shown ? "0" : "1"} />
            <button type="submit" className={button}>
              {shown ? copy.hide : copy.show}
            </button>
          </form>
        </div>
      )}

      {rows.length < max ? (
        <form method="post" className="mt-4" data-competitor-form>
          {hidden("competitor-add")}
          <AdminField
            id="competitor-url"
            name="url"
            type="text"
            label={copy.label}
            hint={copy.hint}
            error={draft?.error?.field === "url" ? draft.error.message : undefined}
            autoComplete="url"
            defaultValue={draft?.url}
          />
          <AdminField
            id="competitor-name"
            name="name"
            type="text"
            label={copy.nameLabel}
            hint={copy.nameHint}
            error={draft?.error?.field === "name" ? draft.error.message : undefined}
            autoComplete="off"
            defaultValue={draft?.name}
            optional
          />
          <button type="submit" className={`${button} mt-4`}>
            {copy.add}
          </button>
        </form>
      ) : (
        <p className="mt-4 text-slate-700">{copy.full(max)}</p>
      )}
    </section>
  );
}
