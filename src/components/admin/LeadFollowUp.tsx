export interface FollowUpView {
  /** "Due Wed, Nov 25, 2026, 9:00 AM EST (in 3 h)". */
  due: string;
  dueAt: string;
  overdue: boolean;
  note: string;
  /** "Set by ann@… · emails bob@…". */
  by: string;
}

interface Props {
  /** The open follow-up, or null. */
  open: FollowUpView | null;
  /** What the form shows: the open one's date and time, else today on the agency's clock. */
  date: string;
  time: string;
  /** The agency's zone beside the time: "EST/EDT (New York)". */
  zone: string;
  noteMax: number;
  snoozes: { value: string; label: string }[];
  copy: {
    heading: string;
    noneYet: string;
    date: string;
    time: (zone: string) => string;
    note: string;
    set: string;
    replace: string;
    overdue: string;
    done: string;
    snoozeLegend: string;
  };
}

const control =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 text-base focus:border-brand-700 focus:ring-2 focus:ring-brand-700 focus:outline-none";
const button =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-4 font-semibold text-brand-900 ring-1 ring-slate-300 hover:bg-slate-100";

/**
 * A lead's follow-up, under its contact panel: when it is due (agency time, and how far off),
 * Done and Snooze (each a plain post, answered 303), and the form that sets or replaces it; the
 * time box is labelled with the agency's zone, since that is the clock it is read on.
 */
export function LeadFollowUp({ open, date, time, zone, noteMax, snoozes, copy }: Props) {
  return (
    <section
      aria-labelledby="follow-up-title"
      className="border-t border-slate-200 pt-3 lg:col-span-2"
      data-follow-up
    >
      <h2 id="follow-up-title" className="text-lg font-bold">
        {copy.heading}
      </h2>
      {open ? (
        <div className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-3">
          <div className="min-w-0">
            <p className="font-semibold" data-follow-up-due>
              {open.overdue && (
                <span className="mr-2 rounded bg-amber-100 px-1.5 text-amber-900">
                  {copy.overdue}
                </span>
              )}
              <time dateTime={open.dueAt}>{open.due}</time>
            </p>
            {open.note && <p className="mt-1 wrap-anywhere">{open.note}</p>}
            <p className="mt-1 text-sm text-slate-700">{open.by}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <form method="post">
              <input type="hidden" name="action" value="follow-up-done" />
              <button
                type="submit"
                className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900"
              >
                {copy.done}
              </button>
            </form>
            <form method="post">
              <input type="hidden" name="action" value="follow-up-snooze" />
              <fieldset className="flex flex-wrap items-center gap-2">
                <legend className="sr-only">{copy.snoozeLegend}</legend>
                <span aria-hidden="true" className="font-semibold text-slate-700">
                  {copy.snoozeLegend}
                </span>
                {snoozes.map((s) => (
                  <button key={s.value} type="submit" name="by" value={s.value} className={button}>
                    {s.label}
                  </button>
                ))}
              </fieldset>
            </form>
          </div>
        </div>
      ) : (
        <p className="mt-2 text-slate-700">{copy.noneYet}</p>
      )}
      <form method="post" className="mt-3" data-follow-up-form>
        <input type="hidden" name="action" value="follow-up" />
        <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-[10rem_9rem_1fr_auto]">
          <div>
            <label htmlFor="follow-up-date" className="block text-sm font-semibold">
              {copy.date}
            </label>
            <input
              id="follow-up-date"
              name="date"
              type="date"
              required
              defaultValue={date}
              className={control}
            />
          </div>
          <div>
            <label htmlFor="follow-up-time" className="block text-sm font-semibold">
              {copy.time(zone)}
            </label>
            <input
              id="follow-up-time"
              name="time"
              type="time"
              required
              defaultValue={time}
              className={control}
            />
          </div>
          <div className="col-span-2 sm:col-span-1">
            <label htmlFor="follow-up-note" className="block text-sm font-semibold">
              {copy.note}
            </label>
            <input
              id="follow-up-note"
              name="note"
              type="text"
              maxLength={noteMax}
              className={control}
            />
          </div>
          <button
            type="submit"
            className="col-span-2 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900 sm:col-span-1"
          >
            {open ? copy.replace : copy.set}
          </button>
        </div>
      </form>
    </section>
  );
}
