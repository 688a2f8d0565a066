import { input, label } from "./InboxFilters";

interface Props {
  /** The account's views: where each opens, and whether it is the view shown now. */
  views: { id: string; name: string; href: string; current: boolean }[];
  /** The current filters' query string, saved under the typed name. */
  query: string;
  copy: {
    heading: string;
    none: string;
    saveThis: string;
    name: string;
    save: string;
    remove: string;
    removeLabel: (name: string) => string;
  };
}

/**
 * The signed-in account's saved views of the inbox: each a link to its filters, with a delete
 * button; and a form that saves the filters shown now under a name. Plain posts to /admin/views,
 * which come back (303) to the view.
 */
export function SavedViews({ views, query, copy }: Props) {
  return (
    <section
      aria-labelledby="saved-views-heading"
      className="flex flex-wrap items-center gap-x-3 rounded-xl bg-white px-4 ring-1 ring-slate-200 has-[details[open]]:basis-full"
      data-saved-views
    >
      <h2 id="saved-views-heading" className="py-2.5 font-bold">
        {copy.heading}
      </h2>
      {views.length > 0 && (
        <ul className="flex flex-wrap gap-2 py-1">
          {views.map((v) => (
            <li
              key={v.id}
              className="inline-flex items-center gap-1 rounded-lg ring-1 ring-slate-300"
              data-saved-view={v.name}
            >
              <a
                href={v.href}
                aria-current={v.current ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-l-lg px-3 font-semibold underline ${v.current ? "bg-brand-800 text-white" : "text-brand-900"}`}
              >
                {v.name}
              </a>
              <form method="post" action="/admin/views">
                <input type="hidden" name="action" value="delete" />
                <input type="hidden" name="id" value={v.id} />
                <button
                  type="submit"
                  aria-label={copy.removeLabel(v.name)}
                  className="inline-flex min-h-11 items-center px-3 text-sm font-semibold text-red-800 hover:bg-red-50"
                >
                  {copy.remove}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <details className="[&[open]]:basis-full">
        <summary className="min-h-11 cursor-pointer py-2.5 font-semibold text-brand-900">
          {copy.saveThis}
        </summary>
        {views.length === 0 && <p className="text-sm text-slate-700">{copy.none}</p>}
        <form
          method="post"
          action="/admin/views"
          className="mt-2 mb-2 flex flex-wrap items-end gap-2"
          data-save-view
        >
          <input type="hidden" name="action" value="save" />
          <input type="hidden" name="query" value={query} />
          <div className="min-w-0 grow sm:grow-0">
            <label htmlFor="view-name" className={label}>
              {copy.name}
            </label>
            <input
              id="view-name"
              name="name"
              type="text"
              required
              maxLength={60}
              className={input}
            />
          </div>
          <button
            type="submit"
            className="min-h-11 rounded-lg bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900"
          >
            {copy.save}
          </button>
        </form>
      </details>
    </section>
  );
}
