import { AdminField } from "./AdminField";

export interface PasskeyItem {
  id: string;
  name: string;
  /** "added 3 days ago · last used just now" */
  detail: string;
}

interface Props {
  copy: {
    heading: string;
    intro: string;
    none: string;
    listLabel: string;
    name: string;
    nameHint: string;
    current: string;
    currentHint: string;
    add: string;
    removeLabel: string;
    remove: (name: string) => string;
    unsupported: string;
    working: string;
    cancelled: string;
  };
  passkeys: PasskeyItem[];
  /** The password was given again (or a passkey used) moments ago: not asked again. */
  confirmed: boolean;
  /** An error of the remove form, by passkey id. */
  removeError?: { id: string; message: string } | undefined;
}

const secondary =
  "inline-flex min-h-11 items-center justify-center rounded-lg border-2 border-brand-800 bg-white px-4 font-semibold text-brand-900 hover:bg-brand-50";

/**
 * The account page's passkeys: the list with a remove form each (plain posts), and the form that
 * adds one, which needs the browser's passkey prompt: it is hidden in the HTML and revealed by
 * src/admin/client/passkeys.ts where the browser supports passkeys; elsewhere a line says why.
 */
export function PasskeyPanel({ copy, passkeys, confirmed, removeError }: Props) {
  return (
    <section
      aria-labelledby="passkeys-heading"
      data-passkeys
      className="mt-6 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="passkeys-heading" className="text-lg font-bold">
        {copy.heading}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{copy.intro}</p>
      {passkeys.length ? (
        <ul aria-label={copy.listLabel} className="mt-4 divide-y divide-slate-200">
          {passkeys.map((k) => (
            <li key={k.id} className="py-3" data-passkey-item>
              <p className="font-semibold text-slate-900">{k.name}</p>
              <p className="text-sm text-slate-600">{k.detail}</p>
              <form method="post" className="mt-2">
                <input type="hidden" name="change" value="remove-passkey" />
                <input type="hidden" name="id" value={k.id} />
                {!confirmed && (
                  <AdminField
                    id={`rm-current-${k.id.slice(0, 16)}`}
                    name="current"
                    label={copy.current}
                    type="password"
                    autoComplete="current-password"
                    error={removeError?.id === k.id ? removeError.message : undefined}
                  />
                )}
                <button
                  type="submit"
                  aria-label={copy.remove(k.name)}
                  className={`mt-3 ${secondary}`}
                >
                  {copy.removeLabel}
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-slate-700">{copy.none}</p>
      )}
      <p data-passkey-unsupported className="mt-4 text-sm text-slate-700">
        {copy.unsupported}
      </p>
      <form hidden data-passkey-add data-working={copy.working} data-cancelled={copy.cancelled}>
        <AdminField
          id="pk-name"
          name="name"
          label={copy.name}
          type="text"
          autoComplete="off"
          hint={copy.nameHint}
          optional
        />
        {!confirmed && (
          <AdminField
            id="pk-current"
            name="password"
            label={copy.current}
            type="password"
            autoComplete="current-password"
            hint={copy.currentHint}
          />
        )}
        <button type="submit" className={`mt-6 w-full ${secondary}`}>
          {copy.add}
        </button>
        <p
          role="status"
          aria-live="polite"
          data-passkey-status
          className="mt-2 text-sm text-slate-800"
        />
      </form>
    </section>
  );
}
