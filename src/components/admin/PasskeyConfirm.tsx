interface Props {
  intro: string;
  label: string;
  working: string;
  cancelled: string;
}

/**
 * 'Confirm with a passkey' on the account page (for accounts that have one): instead of the
 * password, before a change. Hidden in the HTML; src/admin/client/passkeys.ts reveals it where
 * the browser supports passkeys.
 */
export function PasskeyConfirm({ intro, label, working, cancelled }: Props) {
  return (
    <div
      hidden
      data-passkey-confirm
      data-working={working}
      data-cancelled={cancelled}
      className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-900"
    >
      <p>{intro}</p>
      <button
        type="button"
        data-passkey-start
        className="mt-2 inline-flex min-h-11 items-center justify-center rounded-lg border-2 border-brand-800 bg-white px-4 font-semibold text-brand-900 hover:bg-brand-50"
      >
        {label}
      </button>
      <p role="status" aria-live="polite" data-passkey-status className="mt-2" />
    </div>
  );
}
