interface Props {
  or: string;
  label: string;
  /** Where to go once signed in (a path under /admin). */
  next: string;
  /** What the script says while waiting and when nothing was chosen. */
  working: string;
  cancelled: string;
}

/**
 * 'Sign in with a passkey' under the password form: hidden in the HTML and revealed by the
 * page's script (src/admin/client/passkeys.ts) only where the browser can use passkeys, so no
 * button is shown that cannot work.
 */
export function PasskeySignIn({ or, label, next, working, cancelled }: Props) {
  return (
    <div
      hidden
      data-passkey-signin
      data-next={next}
      data-working={working}
      data-cancelled={cancelled}
      className="mt-6 border-t border-slate-200 pt-4"
    >
      <p className="text-center text-sm text-slate-600">{or}</p>
      <button
        type="button"
        data-passkey-start
        className="mt-3 inline-flex min-h-11 w-full items-center justify-center rounded-lg border-2 border-brand-800 bg-white px-4 font-semibold text-brand-900 hover:bg-brand-50"
      >
        {label}
      </button>
      <p
        role="status"
        aria-live="polite"
        data-passkey-status
        className="mt-2 text-sm text-slate-800"
      />
    </div>
  );
}
