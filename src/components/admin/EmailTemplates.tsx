interface TemplateView {
  id: string;
  name: string;
  purpose: string;
  subject: string;
  body: string;
  /** "Edited by ann@…, Wed, Nov 25, 2026, 9:00 AM EST", or the default's line. */
  state: string;
  edited: boolean;
}

interface Props {
  copy: {
    placeholders: string;
    subject: string;
    body: string;
    save: string;
    reset: string;
  };
  placeholders: { name: string; meaning: string }[];
  templates: TemplateView[];
  subjectMax: number;
  bodyMax: number;
}

const control =
  "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base focus:border-brand-700 focus:ring-2 focus:ring-brand-700 focus:outline-none";

/**
 * /admin/templates: the placeholders, then one form per template (subject and message, saved by a
 * plain post answered 303), and 'Restore the default' for one that was edited.
 */
export function EmailTemplates({ copy, placeholders, templates, subjectMax, bodyMax }: Props) {
  return (
    <>
      <section aria-labelledby="placeholders-title" className="mt-6">
        <h2 id="placeholders-title" className="text-lg font-bold">
          {copy.placeholders}
        </h2>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
          {placeholders.map((p) => (
            <div key={p.name} className="contents">
              <dt className="font-mono font-semibold">{`{${p.name}}`}</dt>
              <dd className="text-slate-700">{p.meaning}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="mt-6 grid gap-6">
        {templates.map((t) => (
          <section
            key={t.id}
            id={`template-${t.id}`}
            aria-labelledby={`template-${t.id}-title`}
            className="rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
            data-template={t.id}
          >
            <h2 id={`template-${t.id}-title`} className="text-lg font-bold">
              {t.name}
            </h2>
            <p className="text-sm text-slate-700">
              {t.purpose} · {t.state}
            </p>
            <form method="post" className="mt-3 grid gap-3">
              <input type="hidden" name="template" value={t.id} />
              <div>
                <label htmlFor={`${t.id}-subject`} className="block text-sm font-semibold">
                  {copy.subject}
                </label>
                <input
                  id={`${t.id}-subject`}
                  name="subject"
                  type="text"
                  required
                  maxLength={subjectMax}
                  defaultValue={t.subject}
                  className={`${control} min-h-11`}
                />
              </div>
              <div>
                <label htmlFor={`${t.id}-body`} className="block text-sm font-semibold">
                  {copy.body}
                </label>
                <textarea
                  id={`${t.id}-body`}
                  name="body"
                  required
                  rows={10}
                  maxLength={bodyMax}
                  defaultValue={t.body}
                  className={control}
                />
              </div>
              <div className="flex flex-wrap gap-3">
                <button
                  type="submit"
                  name="action"
                  value="save"
                  className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900"
                >
                  {copy.save}
                </button>
                {t.edited && (
                  <button
                    type="submit"
                    name="action"
                    value="reset"
                    formNoValidate
                    className="inline-flex min-h-11 items-center justify-center rounded-lg px-4 font-semibold text-brand-900 ring-1 ring-slate-300 hover:bg-slate-100"
                  >
                    {copy.reset}
                  </button>
                )}
              </div>
            </form>
          </section>
        ))}
      </div>
    </>
  );
}
