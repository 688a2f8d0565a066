interface Props {
  tags: string[];
  /** The inbox filtered on a tag. */
  hrefOf: (tag: string) => string;
  copy: {
    heading: string;
    none: string;
    add: string;
    addButton: string;
    hint: string;
    remove: (tag: string) => string;
  };
}

const box = "rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6";

/**
 * A lead's tags on its page: each a link to the inbox filtered on it with a button that takes it
 * off, and a field to add one. Plain posts to the lead's page (action tag-add / tag-remove).
 */
export function LeadTags({ tags, hrefOf, copy }: Props) {
  return (
    <section aria-labelledby="tags-heading" className={box} data-lead-tags>
      <h2 id="tags-heading" className="text-lg font-bold">
        {copy.heading}
      </h2>
      {tags.length ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center rounded-full bg-sky-100 pl-3 text-sm font-semibold text-sky-900"
              data-tag={tag}
            >
              <a href={hrefOf(tag)} className="underline">
                {tag}
              </a>
              <form method="post">
                <input type="hidden" name="action" value="tag-remove" />
                <input type="hidden" name="tag" value={tag} />
                <button
                  type="submit"
                  aria-label={copy.remove(tag)}
                  className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full text-lg hover:bg-sky-200"
                >
                  <span aria-hidden="true">×</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-700">{copy.none}</p>
      )}
      <form method="post" className="mt-3" data-tag-form>
        <input type="hidden" name="action" value="tag-add" />
        <label htmlFor="tag" className="block text-sm font-semibold">
          {copy.add}
        </label>
        <p id="tag-hint" className="text-sm text-slate-700">
          {copy.hint}
        </p>
        <div className="mt-1 flex gap-2">
          <input
            id="tag"
            name="tag"
            type="text"
            required
            maxLength={32}
            aria-describedby="tag-hint"
            className="block min-h-11 w-full min-w-0 rounded-lg border border-slate-400 px-3 text-base focus:border-brand-700 focus:ring-2 focus:ring-brand-700 focus:outline-none"
          />
          <button
            type="submit"
            className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900"
          >
            {copy.addButton}
          </button>
        </div>
      </form>
    </section>
  );
}
