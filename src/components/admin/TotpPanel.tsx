import { AdminField } from "./AdminField";

type Copy = {
  heading: string;
  intro: string;
  off: string;
  start: string;
  scan: string;
  qrLabel: string;
  typeKey: string;
  confirmStep: string;
  code: string;
  codeHint: string;
  turnOn: string;
  cancel: string;
  on: (since: string) => string;
  codesLeft: (n: number) => string;
  renew: string;
  renewHint: string;
  disable: string;
  disableHint: string;
  codesHeading: string;
  codesIntro: string;
};

interface Props {
  copy: Copy;
  /** The current password's label (asked again before a change). */
  currentLabel: string;
  state:
    | { state: "off" }
    /** `svg`: the QR code of the otpauth:// URI, drawn on the server by `qrcode`. */
    | { state: "setup"; key: string; svg: string }
    | { state: "on"; since: string; codesLeft: number };
  /** The password was given again (or a passkey used) moments ago: not asked again. */
  confirmed: boolean;
  /** Recovery codes just made: shown this once. */
  recoveryCodes?: string[] | undefined;
  /** A refusal of one of the forms, beside its field. */
  error?: { form: string; field: string; message: string } | undefined;
}

const primary =
  "mt-6 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900";
const secondary =
  "mt-4 inline-flex min-h-11 items-center justify-center rounded-lg border-2 border-brand-800 bg-white px-4 font-semibold text-brand-900 hover:bg-brand-50";

/**
 * The account page's authenticator app (TOTP, src/admin/totp.ts): set it up (a QR code and the
 * key, then the first code), its recovery codes (shown once when made), new ones, turning it off.
 * Every form is a plain post to the account page, without JavaScript.
 */
export function TotpPanel({ copy, currentLabel, state, confirmed, recoveryCodes, error }: Props) {
  const err = (form: string, field: string) =>
    error?.form === form && error.field === field ? error.message : undefined;
  const current = (form: string, always = false) =>
    (always || !confirmed) && (
      <AdminField
        id={`${form}-current`}
        name="current"
        label={currentLabel}
        type="password"
        autoComplete="current-password"
        error={err(form, "current")}
      />
    );
  return (
    <section
      id="totp"
      aria-labelledby="totp-heading"
      data-totp
      className="mt-6 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="totp-heading" className="text-lg font-bold">
        {copy.heading}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{copy.intro}</p>
      {recoveryCodes && (
        <div className="mt-4 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200" data-recovery-codes>
          <h3 className="font-bold text-slate-900">{copy.codesHeading}</h3>
          <p className="mt-1 text-sm text-slate-800">{copy.codesIntro}</p>
          <ol className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base text-slate-900">
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ol>
        </div>
      )}
      {state.state === "off" && (
        <form method="post" action="/admin/account#totp">
          <p className="mt-4 text-sm text-slate-700">{copy.off}</p>
          <input type="hidden" name="change" value="totp-start" />
          <button type="submit" className={secondary}>
            {copy.start}
          </button>
        </form>
      )}
      {state.state === "setup" && (
        <>
          <p className="mt-4 font-semibold text-slate-900">{copy.scan}</p>
          {/* The library's SVG (numbers and fixed names only), dark on white in either theme. */}
          <div
            role="img"
            aria-label={copy.qrLabel}
            className="mt-3 w-52 max-w-full bg-white p-1 [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
            data-totp-qr
            dangerouslySetInnerHTML={{ __html: state.svg }}
          />
          <p className="mt-3 text-sm text-slate-700">{copy.typeKey}</p>
          <p className="mt-1 font-mono text-base text-slate-900" data-totp-key>
            {state.key}
          </p>
          <form method="post" action="/admin/account#totp">
            <p className="mt-5 font-semibold text-slate-900">{copy.confirmStep}</p>
            <input type="hidden" name="change" value="totp-enable" />
            <AdminField
              id="totp-code"
              name="code"
              label={copy.code}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              hint={copy.codeHint}
              error={err("totp-enable", "code")}
            />
            {current("totp-enable")}
            <button type="submit" className={primary}>
              {copy.turnOn}
            </button>
          </form>
          <form method="post" action="/admin/account#totp">
            <input type="hidden" name="change" value="totp-cancel" />
            <button type="submit" className={secondary}>
              {copy.cancel}
            </button>
          </form>
        </>
      )}
      {state.state === "on" && (
        <>
          <p className="mt-4 text-sm font-semibold text-slate-900" data-totp-on>
            {copy.on(state.since)} {copy.codesLeft(state.codesLeft)}
          </p>
          <form method="post" action="/admin/account#totp">
            <input type="hidden" name="change" value="totp-codes" />
            {current("totp-codes")}
            <button type="submit" className={secondary} aria-describedby="totp-renew-hint">
              {copy.renew}
            </button>
            <p id="totp-renew-hint" className="mt-1 text-sm text-slate-600">
              {copy.renewHint}
            </p>
          </form>
          <form method="post" action="/admin/account#totp" className="mt-4">
            <input type="hidden" name="change" value="totp-disable" />
            {current("totp-disable", true)}
            <button type="submit" className={secondary} aria-describedby="totp-disable-hint">
              {copy.disable}
            </button>
            <p id="totp-disable-hint" className="mt-1 text-sm text-slate-600">
              {copy.disableHint}
            </p>
          </form>
        </>
      )}
    </section>
  );
}
