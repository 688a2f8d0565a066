/**
 * The post of 'Forgot password?' (/admin/forgot, signed out): asks ./accounts.ts requestReset
 * (throttled per client and per account) for a one-time link and emails it after the answer, so
 * neither the answer nor its time tells whether the account exists. The page answers 303 back to
 * itself with the address in `?sent=` (the note says where the link went: no cookie on a page for
 * the signed-out), or 429 with Retry-After. forgotNote says it again on the GET, only for what
 * reads as an email address, never other text from the URL.
 */
import type { EmailSettings } from "../leads/notify/email.ts";
import { isEmail, linkFor, normaliseEmail, requestReset } from "./accounts.ts";
import { adminMessages } from "./messages.ts";
import { mailLink } from "./staff.ts";
import type { AdminStore } from "./store/types.ts";
import type { SignInThrottle } from "./throttle.ts";

const copy = adminMessages.forgot;

export type ForgotOutcome =
  | { redirect: string }
  | {
      redirect?: undefined;
      status: 429;
      retryAfterSeconds: number;
      alert: string;
      /** The address as typed, for the form again. */
      email: string;
    };

type Log = { warn: (fields: object, message: string) => void };

/** Asks for a reset link for the address in `form`; `smtp` is configured (else no form). */
export async function forgotPageAction(
  ctx: {
    store: AdminStore;
    throttle: SignInThrottle;
    client: string;
    smtp: EmailSettings;
    siteUrl: string;
    log: Log;
  },
  form: FormData,
): Promise<ForgotOutcome> {
  const email = String(form.get("email") ?? "").slice(0, 254);
  const result = await requestReset(ctx.store, ctx.throttle, { email, client: ctx.client });
  if (!result.ok) {
    return {
      status: 429,
      retryAfterSeconds: result.retryAfterSeconds,
      alert: copy.throttled(result.retryAfterSeconds),
      email,
    };
  }
  if (result.token) {
    const link = linkFor(result.token, ctx.siteUrl);
    void mailLink(ctx.smtp, result.email, link, copy.mail).then((mailed) => {
      if (mailed && !mailed.sent) {
        ctx.log.warn(
          { event: "reset_link_mail_failed", err: mailed.error },
          "reset link not emailed",
        );
      }
    });
  }
  return { redirect: `/admin/forgot?sent=${encodeURIComponent(result.email)}` };
}

/** The note of the GET after a request (`sent`): where the link went, if it reads as an address. */
export function forgotNote(params: URLSearchParams): string | undefined {
  const sent = params.get("sent");
  if (sent === null) return undefined;
  const email = normaliseEmail(sent.slice(0, 254));
  return isEmail(email) ? copy.sent(email) : copy.sentSomewhere;
}
