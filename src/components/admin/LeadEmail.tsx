interface Props {
  copy: {
    heading: string;
    template: string;
    useTemplate: string;
    to: string;
    replyTo: string;
    subject: string;
    body: string;
    send: string;
    hint: string;
    templatesLink: string;
  };
  /** Why nothing can be sent (no address, no SMTP), or null. */
  blocked: string | null;
  to: string;
  replyTo: string;
  templates: { value: string; label: string }[];
  template: string;
  subject: string;
  body: string;
  subjectMax: number;
  bodyMax: number;
}

const control =
  "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base focus:border-brand-700 focus:ring-2 focus:ring-brand-700 focus:outline-none";

/**
 * 'Email the lead' on its page: a template picker (a GET form: 'Use template' reloads the page
 * with it filled in, no script needed), then the email itself (To, where replies go, subject and
 * message, editable) posted as action 'email' and answered 303. Only text is sent: the server
 * renders it (escaped) into the agency's email.
 */
export function LeadEmail(props: Props) {
  const { copy } = props;
  return (
    <section
      id="lead-email"
      aria-labelledby="lead-email-title"
      className="rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
      data-lead-email
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h2 id="lead-email-title" className="text-lg font-bold">
          {copy.heading}
        </h2>
        <a href="/admin/templates" className="text-sm font-semibold text-brand-800 underline">
          {copy.templatesLink}
        </a>
      </div>
      {props.blocked ? (
        <p className="mt-3 text-slate-700" data-lead-email-blocked>
          {props.blocked}
        </p>
      ) : (
        <>
          <form method="get" action="#lead-email" className="mt-3 flex flex-wrap items-end gap-3">
            <div className="min-w-0 grow sm:grow-0">
              <label htmlFor="lead-email-template" className="block text-sm font-semibold">
                {copy.template}
              </label>
              <select
                id="lead-email-template"
                name="template"
                defaultValue={props.template}
                className={`${control} min-h-11`}
              >
                {props.templates.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="submit"
              className="inline-flex min-h-11 items-center justify-center rounded-lg px-4 font-semibold text-brand-900 ring-1 ring-slate-300 hover:bg-slate-100"
            >
              {copy.useTemplate}
            </button>
          </form>
          <form method="post" className="mt-4 grid gap-3" data-lead-email-form>
            <input type="hidden" name="action" value="email" />
            <input type="hidden" name="template" value={props.template} />
            <dl className="grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
              <dt className="font-semibold text-slate-700">{copy.to}</dt>
              <dd className="wrap-anywhere">{props.to}</dd>
              <dt className="font-semibold text-slate-700">{copy.replyTo}</dt>
              <dd className="wrap-anywhere">{props.replyTo}</dd>
            </dl>
            <div>
              <label htmlFor="lead-email-subject" className="block text-sm font-semibold">
                {copy.subject}
              </label>
              <input
                id="lead-email-subject"
                name="subject"
                type="text"
                required
                maxLength={props.subjectMax}
                defaultValue={props.subject}
                className={`${control} min-h-11`}
              />
            </div>
            <div>
              <label htmlFor="lead-email-body" className="block text-sm font-semibold">
                {copy.body}
              </label>
              <textarea
                id="lead-email-body"
                name="body"
                required
                rows={12}
                maxLength={props.bodyMax}
                defaultValue={props.body}
                aria-describedby="lead-email-hint"
                className={control}
              />
              <p id="lead-email-hint" className="mt-1 text-sm text-slate-600">
                {copy.hint}
              </p>
            </div>
            <div>
              <button
                type="submit"
                className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900"
              >
                {copy.send}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
