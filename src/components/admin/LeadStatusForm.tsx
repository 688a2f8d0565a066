interface Props {
  statuses: { value: string; label: string }[];
  current: string;
  reason: string;
  /** The won job's value as typed last ("1250.00"), and its label and hint. */
  value: string;
  money: { wonValue: string; wonValueHint: string };
  copy: { status: string; reason: string; saveStatus: string };
}

const control =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 text-base focus:border-brand-700 focus:ring-2 focus:ring-brand-700 focus:outline-none";

/**
 * A lead's status, near the top of its page so a phone shows it on the first screen: the list and
 * 'Save status' side by side. The reason box shows while 'Lost' is chosen (CSS :has, so without
 * JavaScript too), between the list and the button; so does the job's value while 'Won' is
 * chosen (optional, in dollars: src/admin/money.ts). A plain post.
 */
export function LeadStatusForm({ statuses, current, reason, value, money, copy }: Props) {
  return (
    <form
      method="post"
      className="group border-t border-slate-200 pt-3 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-8"
      data-status-form
    >
      <input type="hidden" name="action" value="status" />
      <div className="grid grid-cols-[1fr_auto] items-end gap-x-3 gap-y-3">
        <div>
          <label htmlFor="status" className="block text-lg font-bold">
            {copy.status}
          </label>
          <select id="status" name="status" defaultValue={current} className={control}>
            {statuses.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 hidden group-has-[option[value=lost]:checked]:block">
          <label htmlFor="reason" className="block text-sm font-semibold">
            {copy.reason}
          </label>
          <input
            id="reason"
            name="reason"
            type="text"
            defaultValue={reason}
            maxLength={500}
            className={control}
          />
        </div>
        <div className="col-span-2 hidden group-has-[option[value=won]:checked]:block">
          <label htmlFor="won-value" className="block text-sm font-semibold">
            {money.wonValue}
          </label>
          <input
            id="won-value"
            name="value"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={value}
            maxLength={24}
            aria-describedby="won-value-hint"
            className={control}
          />
          <p id="won-value-hint" className="mt-1 text-sm text-slate-700">
            {money.wonValueHint}
          </p>
        </div>
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-800 px-4 font-semibold text-white group-has-[option[value=lost]:checked]:col-span-2 group-has-[option[value=won]:checked]:col-span-2 hover:bg-brand-900"
        >
          {copy.saveStatus}
        </button>
      </div>
    </form>
  );
}
