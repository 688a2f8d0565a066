import { AdminButton } from "./AdminButton";
import { AdminField } from "./AdminField";

interface Props {
  copy: {
    emailHeading: string;
    emailHint: string;
    current: string;
    email: string;
    saveEmail: string;
    pendingHeading: string;
    cancel: string;
  };
  /** The account's address now (the field's starting value). */
  email: string;
  /** The password was given again (or a passkey used) moments ago: not asked again. */
  confirmed: boolean;
  /** A change waiting for its link, said in words (the address and until when). */
  pending?: string | undefined;
  /** Email is not set up: the note says the change cannot be confirmed. */
  noMail?: string | undefined;
  errors?: { current?: string | undefined; email?: string | undefined } | undefined;
  /** The new email as typed, when it was refused (the field shows it again). */
  typed?: string | undefined;
}

const secondary =
  "inline-flex min-h-11 items-center justify-center rounded-lg border-2 border-brand-800 bg-white px-4 font-semibold text-brand-900 hover:bg-brand-50";

/**
 * The account page's email: a change waiting for its link (with a form that cancels it) and the
 * form that asks for a new one (plain posts; src/admin/emailChange.ts).
 */
export function EmailChangePanel({
  copy,
  email,
  confirmed,
  pending,
  noMail,
  errors,
  typed,
}: Props) {
  return (
    <section
      aria-labelledby="email-heading"
      className="mt-6 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="email-heading" className="text-lg font-bold">
        {copy.emailHeading}
      </h2>
      {pending && (
        <div data-email-pending className="mt-4 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200">
          <h3 className="text-sm font-bold text-slate-900">{copy.pendingHeading}</h3>
          <p className="mt-1 text-sm text-slate-800 wrap-anywhere">{pending}</p>
          <form method="post" className="mt-3">
            <input type="hidden" name="change" value="cancel-email" />
            <button type="submit" className={secondary}>
              {copy.cancel}
            </button>
          </form>
        </div>
      )}
      {noMail && (
        <p data-email-nomail className="mt-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
          {noMail}
        </p>
      )}
      <form method="post" data-email-form>
        <input type="hidden" name="change" value="email" />
        {!confirmed && (
          <AdminField
            id="em-current"
            name="current"
            label={copy.current}
            type="password"
            autoComplete="current-password"
            error={errors?.current}
          />
        )}
        <AdminField
          id="em-new"
          name="email"
          label={copy.email}
          type="email"
          autoComplete="email"
          defaultValue={typed ?? email}
          hint={copy.emailHint}
          error={errors?.email}
        />
        <AdminButton>{copy.saveEmail}</AdminButton>
      </form>
    </section>
  );
}
