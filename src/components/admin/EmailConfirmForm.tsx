import { AdminButton } from "./AdminButton";
import { AdminField } from "./AdminField";

interface Props {
  copy: { passwordIntro: string; password: string; submit: string };
  /** Not signed in to this account on this device: its password is asked. */
  askPassword: boolean;
  passwordError?: string | undefined;
}

/**
 * The button of the new email's link: a plain post (opening the link changed nothing), with the
 * account's password when this device is not signed in to it.
 */
export function EmailConfirmForm({ copy, askPassword, passwordError }: Props) {
  return (
    <form method="post" className="mt-2" data-email-confirm>
      {askPassword && (
        <>
          <p className="mt-4 text-sm text-slate-700">{copy.passwordIntro}</p>
          <AdminField
            id="password"
            name="password"
            label={copy.password}
            type="password"
            autoComplete="current-password"
            error={passwordError}
          />
        </>
      )}
      <AdminButton>{copy.submit}</AdminButton>
    </form>
  );
}
