import { AdminButton } from "./AdminButton";
import { AdminField } from "./AdminField";

interface Props {
  copy: {
    code: string;
    codeHint: string;
    signInSubmit: string;
    useRecovery: string;
    recoveryCode: string;
    recoveryHint: string;
    recoverySubmit: string;
  };
  /** The signed pending state of the right password (src/admin/totp.ts). */
  pending: string;
  /** The address typed at the password step (said above; carried along). */
  email: string;
  /** Where the forms post: the sign-in page with its `next`. */
  action: string;
  error?: { message: string; recovery: boolean } | undefined;
}

/**
 * The sign-in page's code step (plain forms, no script): the code from the authenticator app,
 * and under a disclosure a recovery code instead (open when that was the one refused).
 */
export function TotpSignIn({ copy, pending, email, action, error }: Props) {
  const hidden = (
    <>
      <input type="hidden" name="pending" value={pending} />
      <input type="hidden" name="email" value={email} />
    </>
  );
  return (
    <>
      <form method="post" action={action} className="mt-2" data-totp-code>
        {hidden}
        <AdminField
          id="code"
          name="code"
          label={copy.code}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          hint={copy.codeHint}
          error={error && !error.recovery ? error.message : undefined}
          autoFocus={!error?.recovery}
        />
        <AdminButton>{copy.signInSubmit}</AdminButton>
      </form>
      <details className="mt-6" open={error?.recovery} data-totp-recovery>
        <summary className="cursor-pointer text-sm font-semibold text-brand-800 underline">
          {copy.useRecovery}
        </summary>
        <form method="post" action={action}>
          {hidden}
          <AdminField
            id="recovery"
            name="recovery"
            label={copy.recoveryCode}
            type="text"
            autoComplete="off"
            maxLength={40}
            hint={copy.recoveryHint}
            error={error?.recovery ? error.message : undefined}
            autoFocus={error?.recovery}
          />
          <AdminButton>{copy.recoverySubmit}</AdminButton>
        </form>
      </details>
    </>
  );
}
