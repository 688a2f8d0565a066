interface ConfirmationView {
  id: string;
  name: string;
  purpose: string;
  subject: string;
  body: string;
  enabled: boolean;
  edited: boolean;
  /** "Edited by ann@…, Wed, Nov 25, 2026, 9:00 AM EST", or the default's line. */
  state: string;
}

interface Props {
  copy: {
    title: string;
    intro: string;
    on: string;
    off: string;
    switchOff: string;
    switchOn: string;
    ownersOnly: string;
    subject: string;
    body: string;
    save: string;
    reset: string;
  };
  confirmations: ConfirmationView[];
  /** Owners edit and switch; staff read. */
  canEdit: boolean;
  subjectMax: number;
  bodyMax: number;
}

const control =
  "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base focus:border-brand-700 focus:ring-2 focus:ring-brand-700 focus:outline-none";
const secondary =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-4 font-semibold text-brand-900 ring-1 ring-slate-300 hover:bg-slate-100";

/**
 * /admin/templates' confirmation emails (issue 39 §2): one per form group, each on or off, its
 * subject and message editable by an owner (plain posts answered 303, as the staff templates').
 */
export function ConfirmationEmails({ copy, confirmations, canEdit, subjectMax, bodyMax }: Props) {
  return (
    <section aria-labelledby="confirmations-title" className="mt-10" data-confirmations>
      <h2 id="confirmations-title" className="text-xl font-bold">
        {copy.title}
      </h2>
      <p className="mt-1 text-slate-700">{copy.intro}</p>
      {!canEdit && <p className="mt-1 text-sm text-slate-700">{copy.ownersOnly}</p>}
      <div className="mt-4 grid gap-6">
        {confirmations.map((t) => (
          <section
            key={t.id}
            id={`template-${t.id}`}
            aria-labelledby={`template-${t.id}-title`}
            className="rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
            data-confirmation={t.id}
            data-enabled={t.enabled ? "yes" : "no"}
          >
            <h3 id={`template-${t.id}-title`} className="text-lg font-bold">
              {t.name}
            </h3>
            <p className="text-sm text-slate-700">
              {t.purpose} · {t.state}
            </p>
            <p className="mt-2 flex flex-wrap items-center gap-3 text-sm font-semibold">
              <span data-confirmation-state>{t.enabled ? copy.on : copy.off}</span>
              {canEdit && (
                <form method="post" className="inline">
                  <input type="hidden" name="template" value={t.id} />
                  <button
                    type="submit"
                    name="action"
                    value={t.enabled ? "off" : "on"}
                    className={secondary}
                  >
                    {t.enabled ? copy.switchOff : copy.switchOn}
                  </button>
                </form>
              )}
            </p>
            {canEdit ? (
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
                    rows={9}
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
                      className={secondary}
                    >
                      {copy.reset}
                    </button>
                  )}
                </div>
              </form>
            ) : (
              <div className="mt-3 text-sm">
                <p className="font-semibold">{t.subject}</p>
                <p className="mt-1 whitespace-pre-line text-slate-700">{t.body}</p>
              </div>
            )}
          </section>
        ))}
      </div>
    </section>
  );
}
