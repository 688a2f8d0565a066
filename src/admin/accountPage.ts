/**
 * The posts of one's own account page (/admin/account): the form's `change` names what it asks
 * (a new password, a new email, cancelling a waiting email change, removing a passkey); each is
 * done by the module of its concern (./accounts.ts, ./emailChange.ts, ./passkeys.ts), which
 * checks the password, throttles and audits. The page answers a success with 303 back to itself
 * (`?saved=<key>`, said by accountNotice), so a reload re-sends nothing; too many wrong
 * passwords end the session (303 to the sign-in page); any other refusal is the page again with
 * its status, the message beside the field and the email that was typed (never a password).
 */
import type { EmailSettings } from "../leads/notify/email.ts";
import { changeOwn } from "./accounts.ts";
import { cancelEmailChange, requestEmailChange } from "./emailChange.ts";
import { adminMessages } from "./messages.ts";
import { removePasskey } from "./passkeys.ts";
import type { AdminStore, SessionRecord, StaffRecord } from "./store/types.ts";
import type { SignInThrottle } from "./throttle.ts";

const copy = adminMessages.account;
const keys = adminMessages.passkeys;

/** What a success of the page says after its redirect, by the `saved` key it carries. */
type SavedKey = "password" | "email-sent" | "email-cancelled" | "passkey" | "passkey-removed";

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
      /** A refusal of the password or email form, said beside its field. */
      errors?: { form: "password" | "email"; field: string; message: string };
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
  },
  form: FormData,
): Promise<AccountPageOutcome> {
  const { store, throttle, staff, session, confirmed } = ctx;
  const change = String(form.get("change") ?? "");
  const text = (name: string) => String(form.get(name) ?? "");
  const saved = (key: SavedKey) => ({ redirect: `/admin/account?saved=${key}` });
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
    default:
      return undefined;
  }
}
