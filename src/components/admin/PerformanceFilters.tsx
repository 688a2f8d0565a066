interface Props {
  values: { period: string; from: string; to: string };
  error: string | null;
  copy: {
    legend: string;
    period: string;
    periods: Record<string, string>;
    from: string;
    to: string;
    apply: string;
  };
}

const input =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 text-base focus:border-brand-700 focus:ring-2 focus:ring-brand-700 focus:outline-none";
const label = "block text-sm font-semibold text-slate-800";

/** The report's period: a plain GET form (the URL holds it; works without JavaScript). */
export function PerformanceFilters({ values, error, copy }: Props) {
  return (
    <form
      method="get"
      action="/admin/performance"
      className="mt-4 rounded-xl bg-white p-4 ring-1 ring-slate-200"
      data-period-form
    >
      <fieldset>
        <legend className="text-base font-semibold text-brand-950">{copy.legend}</legend>
        {error ? (
          <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
            {error}
          </p>
        ) : null}
        <div className="mt-2 grid gap-3 sm:grid-cols-4">
          <div>
            <label htmlFor="period" className={label}>
              {copy.period}
            </label>
            <select id="period" name="period" defaultValue={values.period} className={input}>
              {Object.entries(copy.periods).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="period-from" className={label}>
              {copy.from}
            </label>
            <input
              id="period-from"
              name="from"
              type="date"
              defaultValue={values.from}
              className={input}
            />
          </div>
          <div>
            <label htmlFor="period-to" className={label}>
              {copy.to}
            </label>
            <input
              id="period-to"
              name="to"
              type="date"
              defaultValue={values.to}
              className={input}
            />
          </div>
          <div className="flex items-end">
            <button
              type="submit"
              className="min-h-11 w-full rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800"
            >
              {copy.apply}
            </button>
          </div>
        </div>
      </fieldset>
    </form>
  );
}
