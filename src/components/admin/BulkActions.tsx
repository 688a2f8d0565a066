import { input, label } from "./InboxFilters";

interface Option {
  value: string;
  label: string;
}

interface Props {
  /** The form's id: the rows' checkboxes belong to it (LeadTable's `select`). */
  id: string;
  /** The view to come back to (the inbox's URL of the current filters and page). */
  back: string;
  /** The ids of the leads on this page ('Select all on this page'). */
  pageIds: string[];
  /** In the spam folder: 'Not spam' instead of 'Mark as spam'. */
  spamFolder: boolean;
  statuses: Option[];
  staff: Option[];
  copy: {
    legend: string;
    selectPage: string;
    status: string;
    reason: string;
    setStatus: string;
    assignee: string;
    assign: string;
    tag: string;
    addTag: string;
    spam: string;
    notSpam: string;
    export: string;
    choose: string;
    nobody: string;
  };
}

const button =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900";
const secondary =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-4 font-semibold text-brand-900 ring-1 ring-slate-300 hover:bg-slate-100";

/**
 * Bulk actions on the rows ticked in the list (or every row of the page), folded under one line
 * until opened (the first lead stays on a phone's first screen): a plain form posting
 * to /admin/bulk, which comes back (303) to the same view with how many leads it changed; each
 * button is one action with its own field beside it. Works without JavaScript: 'Select all on
 * this page' is a field of the form, which the server reads as every id of the page.
 */
export function BulkActions({ id, back, pageIds, spamFolder, statuses, staff, copy }: Props) {
  return (
    <form
      id={id}
      method="post"
      action="/admin/bulk"
      className="rounded-xl bg-white px-4 ring-1 ring-slate-200 has-[details[open]]:basis-full"
      data-bulk-form
    >
      <input type="hidden" name="back" value={back} />
      {pageIds.map((leadId) => (
        <input key={leadId} type="hidden" name="page" value={leadId} />
      ))}
      <details data-bulk-details>
        <summary className="min-h-11 cursor-pointer py-2.5 font-bold">{copy.legend}</summary>
        <fieldset>
          <legend className="sr-only">{copy.legend}</legend>
          <label className="mt-2 inline-flex min-h-11 items-center gap-2 font-semibold">
            <input type="checkbox" name="all" value="1" className="size-6" data-bulk-all />
            {copy.selectPage}
          </label>
          <div className="mt-2 grid gap-4 md:grid-cols-2 xl:grid-cols-4">
            <div>
              <label htmlFor="bulk-status" className={label}>
                {copy.status}
              </label>
              <select id="bulk-status" name="status" defaultValue="" className={input}>
                <option value="">{copy.choose}</option>
                {statuses.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
              <label htmlFor="bulk-reason" className={`${label} mt-2`}>
                {copy.reason}
              </label>
              <input id="bulk-reason" name="reason" type="text" maxLength={500} className={input} />
              <button type="submit" name="action" value="status" className={`${button} mt-2`}>
                {copy.setStatus}
              </button>
            </div>
            <div>
              <label htmlFor="bulk-assignee" className={label}>
                {copy.assignee}
              </label>
              <select id="bulk-assignee" name="assignee" defaultValue="" className={input}>
                <option value="">{copy.nobody}</option>
                {staff.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
              <button type="submit" name="action" value="assign" className={`${button} mt-2`}>
                {copy.assign}
              </button>
            </div>
            <div>
              <label htmlFor="bulk-tag" className={label}>
                {copy.tag}
              </label>
              <input id="bulk-tag" name="tag" type="text" maxLength={32} className={input} />
              <button type="submit" name="action" value="tag" className={`${button} mt-2`}>
                {copy.addTag}
              </button>
            </div>
            <div className="flex flex-col items-start gap-2 md:justify-end">
              <button
                type="submit"
                name="action"
                value={spamFolder ? "not-spam" : "spam"}
                className={secondary}
              >
                {spamFolder ? copy.notSpam : copy.spam}
              </button>
              <button type="submit" name="action" value="export" className={secondary}>
                {copy.export}
              </button>
            </div>
          </div>
        </fieldset>
      </details>
    </form>
  );
}
