/**
 * Changing one's own email (issue 23): the current password (or a passkey moments before) asks
 * for the change, and a one-time link emailed to the NEW address makes it. Until then nothing
 * changes: the account keeps its address, and the change waits (24 h, one per account, a new
 * request replacing it, only the hash of the link's token stored: migration 18). The old address
 * is told a change was asked for, without the link. Opening the link shows a page (GET changes
 * nothing: mail scanners open links); its button applies the change, once. Someone not signed in
 * to that account on the device gives its password there too, so a mistyped address's owner
 * cannot take the account. Every other session of the account ends; tries at the page are
 * throttled per client (./throttle.ts). Mail goes through the path the reset links use
 * (./staff.ts mailLink). No Astro, no React.
 */
import type { EmailSettings } from "../leads/notify/email.ts";
import {
  audit,
  auditRepeated,
  confirmPassword,
  INVITE_TTL_MS,
  isEmail,
  newSecret,
  normaliseEmail,
  secretHash,
} from "./accounts.ts";
import { adminMessages } from "./messages.ts";
import { checkPassword } from "./passwords.ts";
import { mailLink, mailProduct, mailStaff } from "./staff.ts";
import type { AdminStore, EmailChangeRecord, StaffRecord } from "./store/types.ts";
import type { SignInThrottle } from "./throttle.ts";

export const EMAIL_CHANGE_TTL_MS = INVITE_TTL_MS;
export const CONFIRM_EMAIL_PATH = "/admin/account/confirm-email/";

/** The confirmation page's path, or its absolute URL on `siteUrl`. */
export function confirmLinkFor(token: string, siteUrl?: string): string {
  const path = `${CONFIRM_EMAIL_PATH}${token}`;
  return siteUrl ? `${siteUrl.replace(/\/+$/, "")}${path}` : path;
}

const m = adminMessages.account;
const c = adminMessages.emailChange;

export type EmailChangeRequest =
  | { ok: true; email: string; message: string; noticeError?: string }
  | {
      ok: false;
      status: 422 | 502;
      field: "current" | "email";
      message: string;
      ended?: boolean;
      mailError?: string;
    };

/**
 * Asks for a change of the account's email: checks the current password (unless `confirmed`),
 * the address, records the pending change and emails its link to the new address and a notice to
 * the old one. Without SMTP nothing is asked or changed (the link could never arrive); when the
 * link's email fails, the pending change is dropped again.
 */
export async function requestEmailChange(
  store: AdminStore,
  throttle: SignInThrottle,
  smtp: EmailSettings | null,
  who: { staff: StaffRecord; session: string; confirmed: boolean },
  input: { current: string; email: string; siteUrl: string },
  now: Date = new Date(),
): Promise<EmailChangeRequest> {
  const { staff, session } = who;
  if (!smtp) return { ok: false, status: 422, field: "email", message: m.noMail };
  if (!who.confirmed) {
    const given = await confirmPassword(store, throttle, staff, session, input.current, now);
    if (given !== "confirmed") {
      return {
        ok: false,
        status: 422,
        field: "current",
        message: m.wrongCurrent,
        ended: given === "ended",
      };
    }
  }
  const email = normaliseEmail(input.email);
  if (!isEmail(email)) return { ok: false, status: 422, field: "email", message: m.badEmail };
  if (email === staff.email)
    return { ok: false, status: 422, field: "email", message: m.sameEmail };
  if (await store.findStaffByEmail(email)) {
    return { ok: false, status: 422, field: "email", message: m.emailTaken };
  }
  const token = newSecret();
  await store.setEmailChange({
    staffId: staff.id,
    tokenHash: secretHash(token),
    newEmail: email,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS).toISOString(),
  });
  const mailed = await mailLink(smtp, email, confirmLinkFor(token, input.siteUrl), c.mail);
  if (!mailed?.sent) {
    // No link on its way: nothing waits for one (unless a newer request replaced this one).
    const pending = await store.emailChangeOf(staff.id);
    if (pending?.newEmail === email && pending.createdAt === now.toISOString()) {
      await store.cancelEmailChange(staff.id);
    }
    return {
      ok: false,
      status: 502,
      field: "email",
      message: m.notSent,
      ...(mailed?.error ? { mailError: mailed.error } : {}),
    };
  }
  await audit(
    store,
    "email_change_requested",
    { actorId: staff.id, subject: staff.email, detail: { to: email } },
    now,
  );
  const product = mailProduct();
  const notice = await mailStaff(smtp, staff.email, {
    subject: c.notice.subject(product),
    text: c.notice.text(email, product),
  });
  return {
    ok: true,
    email,
    message: m.emailSent(email),
    ...(notice && !notice.sent && notice.error ? { noticeError: notice.error } : {}),
  };
}

/** Drops the account's pending change (its link stops working); audited. */
export async function cancelEmailChange(
  store: AdminStore,
  staff: StaffRecord,
  now: Date = new Date(),
): Promise<{ ok: boolean; message: string }> {
  const pending = await store.emailChangeOf(staff.id);
  if (!pending || !(await store.cancelEmailChange(staff.id))) {
    return { ok: false, message: m.nothingToCancel };
  }
  await audit(
    store,
    "email_change_cancelled",
    { actorId: staff.id, subject: staff.email, detail: { to: pending.newEmail } },
    now,
  );
  return { ok: true, message: m.cancelled };
}

/**
 * What the account page says of the account's pending change (none: undefined): the address and
 * until when its link works, in the agency's time zone, or that it has expired.
 */
export async function pendingEmailNote(
  store: AdminStore,
  staffId: string,
  timeZone: string,
  now: Date = new Date(),
): Promise<string | undefined> {
  const pending = await store.emailChangeOf(staffId);
  if (!pending) return undefined;
  if (pending.expiresAt <= now.toISOString()) return m.pendingExpired(pending.newEmail);
  const until = new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  })
    .format(new Date(pending.expiresAt))
    .replace(/\u202f/g, " ");
  return m.pending(pending.newEmail, until);
}

export type ConfirmProblem = "gone" | "expired" | "taken" | "password" | "throttled";

export type LinkState =
  | { ok: true; change: EmailChangeRecord & { staff: StaffRecord } }
  | { ok: false; status: 410 | 429; problem: ConfirmProblem; retryAfterSeconds?: number };

const TOKEN = /^[\w-]{1,100}$/;

/** The link's pending change, while it can be confirmed. */
async function linkState(store: AdminStore, token: string, now: Date): Promise<LinkState> {
  const change = TOKEN.test(token) ? await store.findEmailChange(secretHash(token)) : null;
  if (!change || change.staff.deactivatedAt) return { ok: false, status: 410, problem: "gone" };
  if (change.expiresAt <= now.toISOString()) {
    return { ok: false, status: 410, problem: "expired" };
  }
  return { ok: true, change };
}

/**
 * Opening the link (GET): what it would change, nothing changed. Each opening is a try of the
 * client's, given back when the link was good.
 */
export async function openEmailChange(
  store: AdminStore,
  throttle: SignInThrottle,
  input: { token: string; client: string },
  now: Date = new Date(),
): Promise<LinkState> {
  const allowed = await throttle.emailConfirm(input.client);
  if (!allowed.ok) {
    return {
      ok: false,
      status: 429,
      problem: "throttled",
      retryAfterSeconds: allowed.retryAfterSeconds,
    };
  }
  const state = await linkState(store, input.token, now);
  if (state.ok) await throttle.emailConfirmSucceeded(input.client);
  return state;
}

export type ConfirmResult =
  | { ok: true; staff: StaffRecord; from: string; signedIn: boolean }
  | {
      ok: false;
      status: 409 | 410 | 422 | 429;
      problem: ConfirmProblem;
      retryAfterSeconds?: number;
      change?: EmailChangeRecord & { staff: StaffRecord };
    };

/**
 * The link's button (POST): the change applied, once. `signedIn` is this device's session, if
 * any; when it is not the account's own, the account's password must be given. Every other
 * session of the account ends (this device's stays when it is the account's).
 */
export async function confirmEmailChange(
  store: AdminStore,
  throttle: SignInThrottle,
  input: {
    token: string;
    client: string;
    password: string;
    signedIn: { staff: StaffRecord; session: string } | null;
  },
  now: Date = new Date(),
): Promise<ConfirmResult> {
  const allowed = await throttle.emailConfirm(input.client);
  if (!allowed.ok) {
    return {
      ok: false,
      status: 429,
      problem: "throttled",
      retryAfterSeconds: allowed.retryAfterSeconds,
    };
  }
  const state = await linkState(store, input.token, now);
  if (!state.ok) return { ok: false, status: 410, problem: state.problem };
  const { change } = state;
  const own = input.signedIn?.staff.id === change.staffId ? input.signedIn : null;
  if (!own) {
    const found = await store.findStaffByEmail(change.staff.email);
    if (!found || !(await checkPassword(input.password, found.passwordHash))) {
      await auditRepeated(
        store,
        "email_confirm_failed",
        { actorId: input.signedIn?.staff.id ?? null, subject: change.staff.email },
        now,
      );
      return { ok: false, status: 422, problem: "password", change };
    }
  }
  const applied = await store.applyEmailChange(secretHash(input.token), now.toISOString());
  if (applied.outcome === "taken") return { ok: false, status: 409, problem: "taken", change };
  if (applied.outcome !== "done") return { ok: false, status: 410, problem: applied.outcome };
  await throttle.emailConfirmSucceeded(input.client);
  const ended = await store.deleteSessionsOf(
    applied.staff.id,
    own ? secretHash(own.session) : undefined,
  );
  await audit(
    store,
    "email_changed",
    {
      actorId: applied.staff.id,
      subject: applied.staff.email,
      detail: { from: applied.from, sessionsEnded: ended },
    },
    now,
  );
  return { ok: true, staff: applied.staff, from: applied.from, signedIn: Boolean(own) };
}
