import type { QueueRow, StaffCheckRow } from "../../audit/staffChecks";
import { AdminField } from "./AdminField";

interface Copy {
  label: string;
  hint: string;
  button: string;
  recent: string;
  none: string;
  columns: { site: string; state: string; score: string; when: string; links: string };
  report: string;
  lead: string;
  compare: string;
  queue: string;
  queueIntro: (total: number) => string;
  queueEmpty: string;
  queueColumns: { site: string; state: string; by: string; since: string; action: string };
  cancel: string;
}

interface Props {
  copy: Copy;
  /** The address typed, when the form comes back with an error (React escapes it). */
  value?: string | undefined;
  error?: string | undefined;
  rows: (StaffCheckRow & { age: string })[];
  /** The queue, for the owner only (null: not shown). */
  queue: { total: number; rows: (QueueRow & { age: string })[] } | null;
}

/**
 * /admin/checks: the form staff type any website into (a plain post answered 303), and the
 * checks staff ran, newest first, with their state, score, the signed report and the lead.
 */
export function StaffChecks({ copy, value, error, rows, queue }: Props) {
  return (
    <>
      <form
        method="post"
        className="mt-6 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
        data-staff-check-form
      >
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-64 grow">
            <AdminField
              id="check-url"
              name="url"
              type="text"
              label={copy.label}
              hint={copy.hint}
              error={error}
              autoComplete="url"
              defaultValue={value}
            />
          </div>
          <button
            type="submit"
            className="min-h-11 rounded-lg bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900"
          >
            {copy.button}
          </button>
        </div>
      </form>
      {queue && <CheckQueue copy={copy} queue={queue} />}
      <h2 id="checks-recent" className="mt-8 text-lg font-bold">
        {copy.recent}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-slate-700">{copy.none}</p>
      ) : (
        <div
          role="region"
          aria-labelledby="checks-recent"
          tabIndex={0}
          className="admin-scroll mt-3"
        >
          <table className="w-full border-collapse text-left text-sm" data-staff-checks>
            <thead>
              <tr className="border-b border-slate-300">
                {Object.values(copy.columns).map((label) => (
                  <th key={label} scope="col" className="px-2 py-2">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr
                  key={r.id}
                  className="border-b border-slate-200 bg-white"
                  data-check-state={r.state}
                >
                  <td className="px-2 py-2 break-all">{r.site}</td>
                  <td className="px-2 py-2">{r.stateLabel}</td>
                  <td className="px-2 py-2 font-semibold" data-check-score>
                    {r.score}
                  </td>
                  <td className="px-2 py-2">
                    <time dateTime={r.createdAt}>{r.age}</time>
                  </td>
                  <td className="px-2 py-2">
                    <span className="flex flex-wrap gap-3">
                      <a
                        href={r.reportHref}
                        className="font-semibold text-brand-800 underline"
                        aria-label={`${copy.report}: ${r.site}`}
                      >
                        {copy.report}
                      </a>
                      {r.leadHref && (
                        <a
                          href={r.leadHref}
                          className="font-semibold text-brand-800 underline"
                          aria-label={`${copy.lead}: ${r.site}`}
                        >
                          {copy.lead}
                        </a>
                      )}
                      <a
                        href={r.compareHref}
                        className="font-semibold text-brand-800 underline"
                        aria-label={`${copy.compare}: ${r.site}`}
                      >
                        {copy.compare}
                      </a>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/**
 * The owner's view of the queue: the checks waiting or running, oldest first, with who asked
 * (a staff member's email, a visitor's short hash) and since when; a waiting one can be
 * cancelled (a plain same-origin post answered 303).
 */
function CheckQueue({ copy, queue }: { copy: Copy; queue: NonNullable<Props["queue"]> }) {
  return (
    <section aria-labelledby="checks-queue" className="mt-6" data-check-queue>
      <h2 id="checks-queue" className="text-lg font-bold">
        {copy.queue}
      </h2>
      {queue.rows.length === 0 ? (
        <p className="mt-2 text-slate-700">{copy.queueEmpty}</p>
      ) : (
        <>
          <p className="mt-2 text-slate-700">{copy.queueIntro(queue.total)}</p>
          <div
            role="region"
            aria-labelledby="checks-queue"
            tabIndex={0}
            className="admin-scroll mt-3"
          >
            <table className="w-full border-collapse text-left text-sm">
              <thead>
                <tr className="border-b border-slate-300">
                  {Object.entries(copy.queueColumns).map(([key, label]) => (
                    <th key={key} scope="col" className="px-2 py-2">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {queue.rows.map((r) => (
                  <tr
                    key={r.id}
                    className="border-b border-slate-200 bg-white"
                    data-queue-check={r.id}
                    data-queue-state={r.state}
                  >
                    <td className="px-2 py-2 break-all">{r.site}</td>
                    <td className="px-2 py-2">{r.stateLabel}</td>
                    <td className="px-2 py-2 break-all" data-queue-by>
                      {r.by}
                    </td>
                    <td className="px-2 py-2">
                      <time dateTime={r.since}>{r.age}</time>
                    </td>
                    <td className="px-2 py-2">
                      {r.cancellable && (
                        <form method="post">
                          <input type="hidden" name="action" value="cancel" />
                          <input type="hidden" name="id" value={r.id} />
                          <button
                            type="submit"
                            className="min-h-11 rounded-lg px-3 font-semibold text-red-800 underline"
                            aria-label={`${copy.cancel}: ${r.site}`}
                          >
                            {copy.cancel}
                          </button>
                        </form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
