/**
 * The posts of one's own account page (/admin/account): the form's `change` names what it asks
 * (a new password, a new email, cancelling a waiting email change, removing a passkey, the
 * authenticator app's setup, first code, new recovery codes or turning it off); each is done by
 * the module of its concern (./accounts.ts, ./emailChange.ts, ./passkeys.ts, ./totp.ts), which
 * checks the password, throttles and audits. The page answers a success with 303 back to itself
 * (`?saved=<key>`, said by accountNotice), so a reload re-sends nothing; the exception is new
 * recovery codes, shown once on the post's own answer (as D203's links: a redirect would carry
 * them in a URL or in storage). Too many wrong passwords end the session (303 to the sign-in
 * page); any other refusal is the page again with its status, the message beside the field and
 * the email that was typed (never a password or a code).
 */
import type { EmailSettings } from "../leads/notify/email.ts";
import { changeOwn } from "./accounts.ts";
import { cancelEmailChange, requestEmailChange } from "./emailChange.ts";
import { adminMessages } from "./messages.ts";
import { removePasskey } from "./passkeys.ts";
import {
  beginTotp,
  cancelTotpSetup,
  disableTotp,
  enableTotp,
  renewRecoveryCodes,
  type TotpResult,
} from "./totp.ts";
import type { AdminStore, SessionRecord, StaffRecord } from "./store/types.ts";
import type { SignInThrottle } from "./throttle.ts";

const copy = adminMessages.account;
const keys = adminMessages.passkeys;

/** What a success of the page says after its redirect, by the `saved` key it carries. */
type SavedKey =
  | "password"
  | "email-sent"
  | "email-cancelled"
  | "passkey"
  | "passkey-removed"
  | "totp-setup"
  | "totp-cancelled"
  | "totp-off"
  | "recovery";

export type AccountPageOutcome =
  | { redirect: string; ended?: undefined }
  /** Too many wrong passwords: the session is over. */
  | { redirect?: undefined; ended: true }
  | {
      redirect?: undefined;
      ended?: undefined;
      status: number;
      /** A refusal said at the top of the page (no field of its own). */
      notice?: string;
      /** A refusal of a form (password, email, or an authenticator app's), beside its field. */
      errors?: { form: string; field: string; message: string };
      /** New recovery codes (the app turned on, or new ones made): shown this once. */
      recoveryCodes?: string[];
      /** What the page says above them. */
      codesNote?: string;
      /** A passkey that could not be removed, said beside it. */
      removeError?: { id: string; message: string };
      /** The new email as typed, for the email form again. */
      typedEmail?: string;
    };

type Log = { warn: (fields: object, message: string) => void };

/** Does what the account page's form `form` asks, for the signed-in `staff`. */
export async function accountPageAction(
  ctx: {
    store: AdminStore;
    throttle: SignInThrottle;
    staff: StaffRecord;
    session: string;
    record: SessionRecord;
    /** The password (or a passkey) was given moments ago. */
    confirmed: boolean;
    smtp: EmailSettings | null;
    siteUrl: string;
    log: Log;
    /** The key TOTP secrets are sealed with (IP_HASH_SALT). */
    serverSecret: string;
  },
  form: FormData,
): Promise<AccountPageOutcome> {
  const { store, throttle, staff, session, confirmed } = ctx;
  const change = String(form.get("change") ?? "");
  const text = (name: string) => String(form.get(name) ?? "");
  const saved = (key: SavedKey) => ({ redirect: `/admin/account?saved=${key}` });
  if (change.startsWith("totp-")) {
    const signed = { staff, session, confirmed };
    const current = { current: text("current") };
    let result: TotpResult<{ codes?: string[] }>;
    let key: SavedKey | null = null;
    if (change === "totp-start") {
      result = await beginTotp(store, ctx.serverSecret, staff);
      key = "totp-setup";
    } else if (change === "totp-cancel") {
      await cancelTotpSetup(store, staff);
      return { redirect: "/admin/account?saved=totp-cancelled#totp" };
    } else if (change === "totp-enable") {
      result = await enableTotp(store, throttle, ctx.serverSecret, signed, {
        code: text("code"),
        ...current,
      });
    } else if (change === "totp-codes") {
      result = await renewRecoveryCodes(store, throttle, signed, current);
    } else if (change === "totp-disable") {
      result = await disableTotp(store, throttle, { staff, session }, current);
      key = "totp-off";
    } else {
      return { status: 422, notice: adminMessages.totp.noSetup };
    }
    if (!result.ok) {
      if (result.ended) return { ended: true };
      return result.field
        ? {
            status: result.status,
            errors: { form: change, field: result.field, message: result.message },
          }
        : { status: result.status, notice: result.message };
    }
    if (result.codes) {
      const note =
        change === "totp-enable" ? adminMessages.totp.enabled : adminMessages.totp.renewed;
      return { status: 200, recoveryCodes: result.codes, codesNote: note };
    }
    return { redirect: `/admin/account?saved=${key!}#totp` };
  }
  if (change === "remove-passkey") {
    const result = await removePasskey(store, throttle, ctx.record, session, {
      id: text("id"),
      password: text("current"),
    });
    if (result.ok) return saved("passkey-removed");
    if (result.ended) return { ended: true };
    return { status: result.status, removeError: { id: text("id"), message: result.message } };
  }
  if (change === "cancel-email") {
    const result = await cancelEmailChange(store, staff);
    if (result.ok) return saved("email-cancelled");
    return { status: 409, notice: result.message };
  }
  if (change === "email") {
    const typedEmail = text("email").slice(0, 254);
    const result = await requestEmailChange(
      store,
      throttle,
      ctx.smtp,
      { staff, session, confirmed },
      { current: text("current"), email: typedEmail, siteUrl: ctx.siteUrl },
    );
    if (result.ok) {
      if (result.noticeError) {
        ctx.log.warn(
          { event: "email_change_notice_failed", err: result.noticeError },
          "notice not sent",
        );
      }
      return saved("email-sent");
    }
    if (result.ended) return { ended: true };
    if (result.mailError) {
      ctx.log.warn(
        { event: "email_change_mail_failed", err: result.mailError },
        "link not emailed",
      );
    }
    return {
      status: result.status,
      errors: { form: "email", field: result.field, message: result.message },
      typedEmail,
    };
  }
  const result = await changeOwn(
    store,
    throttle,
    staff,
    session,
    { current: text("current"), password: text("password"), confirm: text("confirm") },
    new Date(),
    confirmed,
  );
  if (result.ok) return saved("password");
  if (result.ended) return { ended: true };
  return {
    status: 422,
    errors: { form: "password", field: result.field, message: result.message },
  };
}

/**
 * What the account page says on a GET after a success (`saved`), or when back from the email's
 * link (`email=changed`) or a passkey's confirmation (`confirmed`): the copy of adminMessages,
 * never text from the URL.
 */
export async function accountNotice(
  store: AdminStore,
  staff: StaffRecord,
  params: URLSearchParams,
  confirmed: boolean,
): Promise<string | undefined> {
  if (params.get("email") === "changed") return copy.emailChanged(staff.email);
  if (params.has("confirmed") && confirmed) return keys.confirmed;
  switch (params.get("saved")) {
    case "password":
      return copy.passwordChanged;
    case "email-sent": {
      // The address the link went to: the change waiting now (none, once it is confirmed).
      const pending = await store.emailChangeOf(staff.id);
      return pending ? copy.emailSent(pending.newEmail) : undefined;
    }
    case "email-cancelled":
      return copy.cancelled;
    case "passkey":
      return keys.saved;
    case "passkey-removed":
      return keys.removed;
    case "totp-setup":
      return adminMessages.totp.setupStarted;
    case "totp-cancelled":
      return adminMessages.totp.cancelled;
    case "totp-off":
      return adminMessages.totp.disabled;
    case "recovery":
      return adminMessages.totp.recoveryLeft((await store.recoveryCodesOf(staff.id)).length);
    default:
      return undefined;
  }
}
