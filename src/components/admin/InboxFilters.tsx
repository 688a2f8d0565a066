interface Option {
  value: string;
  label: string;
}

interface Props {
  values: {
    q: string;
    status: string;
    kind: string;
    from: string;
    to: string;
    source: string;
    campaign: string;
    score: string;
    assignee: string;
    tag: string;
    spam: boolean;
  };
  statuses: Option[];
  kinds: Option[];
  /** Website-check score bands. */
  scores: Option[];
  /** Whom leads can be assigned to: 'me', 'none' (unassigned) and each account. */
  assignees: Option[];
  copy: {
    legend: string;
    search: string;
    status: string;
    kind: string;
    any: string;
    from: string;
    to: string;
    source: string;
    campaign: string;
    score: string;
    assignee: string;
    tag: string;
    spam: string;
    apply: string;
    clear: string;
  };
  /** The disclosure's button ("Filters") and its count of filters set ("2 active"). */
  toggle: string;
  active?: string | undefined;
  /** Says in which time zone the date fields' days are (the agency's). */
  zoneNote: string;
  /** Open when a filter is set (../../admin/inbox.ts filtersOpen), folded otherwise. */
  open: boolean;
}

/** The filter forms' field and label classes (also the audit log's: ./AuditFilters.tsx). */
export const input =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 text-base focus:border-brand-700 focus:ring-2 focus:ring-brand-700 focus:outline-none";
export const label = "block text-sm font-semibold text-slate-800";

/**
 * The inbox's filters: a plain GET form, so the URL holds them (Back and a shared link show the
 * same view) and it works without JavaScript.
 */
export function InboxFilters({
  values,
  statuses,
  kinds,
  scores,
  assignees,
  copy,
  toggle,
  active,
  zoneNote,
  open,
}: Props) {
  const select = (
    id: "status" | "kind" | "score" | "assignee",
    text: string,
    options: Option[],
  ) => (
    <div>
      <label htmlFor={`filter-${id}`} className={label}>
        {text}
      </label>
      <select id={`filter-${id}`} name={id} defaultValue={values[id]} className={input}>
        <option value="">{copy.any}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  const field = (
    id: "q" | "from" | "to" | "source" | "campaign" | "tag",
    text: string,
    type: string,
  ) => (
    <div className={id === "q" ? "sm:col-span-2" : ""}>
      <label htmlFor={`filter-${id}`} className={label}>
        {text}
      </label>
      <input
        id={`filter-${id}`}
        name={id}
        type={type}
        defaultValue={values[id]}
        aria-describedby={type === "date" ? "filter-zone" : undefined}
        className={input}
      />
    </div>
  );
  return (
    <details className="admin-filters [&[open]]:basis-full" open={open} data-filters-panel>
      <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg bg-white px-4 font-semibold text-brand-900 ring-1 ring-slate-300 hover:bg-slate-100">
        {toggle}
        {active && (
          <span
            className="rounded-full bg-amber-100 px-2 text-sm text-amber-900"
            data-active-filters
          >
            {active}
          </span>
        )}
      </summary>
      <form
        method="get"
        action="/admin"
        className="mt-2 rounded-xl bg-white p-4 ring-1 ring-slate-200"
        data-inbox-filters
      >
        <fieldset>
          <legend className="sr-only">{copy.legend}</legend>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {field("q", copy.search, "search")}
            {select("status", copy.status, statuses)}
            {select("kind", copy.kind, kinds)}
            {field("from", copy.from, "date")}
            {field("to", copy.to, "date")}
            {field("source", copy.source, "text")}
            {field("campaign", copy.campaign, "text")}
            {select("score", copy.score, scores)}
            {select("assignee", copy.assignee, assignees)}
            {field("tag", copy.tag, "text")}
          </div>
          <p id="filter-zone" className="mt-2 text-sm text-slate-700">
            {zoneNote}
          </p>
          <div className="mt-4 flex flex-wrap items-center gap-4">
            <label className="inline-flex min-h-11 items-center gap-2 font-semibold">
              <input
                type="checkbox"
                name="spam"
                value="1"
                defaultChecked={values.spam}
                className="size-5"
              />
              {copy.spam}
            </label>
            <button
              type="submit"
              className="min-h-11 rounded-lg bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900"
            >
              {copy.apply}
            </button>
            <a
              href="/admin"
              className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
            >
              {copy.clear}
            </a>
          </div>
        </fieldset>
      </form>
    </details>
  );
}
