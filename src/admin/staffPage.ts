/**
 * The posts of the staff page (/admin/staff, owners): the form's `action` names what it asks
 * (invite, a new sign-in link, a role, ending sessions, deactivating or reactivating, turning off
 * someone's authenticator app), each done and audited by ./staff.ts (the app: ./totp.ts). A change answers 303 back to the page (`?saved=<action>&staff=<id>`,
 * said by staffNotice from the account as it is then), so a reload re-sends nothing. An invite or
 * a new sign-in link is the exception (D203): its one-time link is shown once, on the answer to
 * the post itself, because carrying it through a redirect would put the secret in a URL (history,
 * logs) or in storage; a reload of that answer offers to re-send, which the browser asks first.
 * A refusal is the page again with its status and message.
 */
import type { EmailSettings } from "../leads/notify/email.ts";
import { linkFor } from "./accounts.ts";
import { adminMessages } from "./messages.ts";
import {
  changeRole,
  endSessions,
  inviteStaff,
  mailLink,
  resetStaff,
  setStaffActive,
  type StaffResult,
} from "./staff.ts";
import type { AdminStore, StaffRecord } from "./store/types.ts";
import { resetTotp } from "./totp.ts";

const copy = adminMessages.staff;

/** The changes a redirect reports, by the `saved` key it carries. */
const savedKeys = ["role", "sessions", "deactivate", "reactivate", "totp"] as const;
type SavedKey = (typeof savedKeys)[number];

export type StaffPageOutcome =
  | { redirect: string }
  | {
      redirect?: undefined;
      status: number;
      notice: { text: string; error: boolean; link?: string; mail?: string | null };
      /** A refused invite's email as typed, for the invite form again. */
      typedEmail?: string;
    };

type Log = { warn: (fields: object, message: string) => void };

/** Does what the staff page's form `form` asks, as the owner `actor`. */
export async function staffPageAction(
  ctx: {
    store: AdminStore;
    actor: StaffRecord;
    /** The actor's own session: ending their own sessions keeps it. */
    session: string | undefined;
    smtp: EmailSettings | null;
    siteUrl: string;
    log: Log;
  },
  form: FormData,
): Promise<StaffPageOutcome> {
  const { store, actor } = ctx;
  const action = String(form.get("action") ?? "");
  const target = String(form.get("staff") ?? "");
  if (action === "invite" || action === "reset") {
    const result =
      action === "invite"
        ? await inviteStaff(store, { email: form.get("email"), role: form.get("role") }, actor)
        : await resetStaff(store, target, actor);
    if (!result.ok) {
      const typed = form.get("email");
      return {
        status: result.status,
        notice: { text: result.message, error: true },
        ...(action === "invite" && typeof typed === "string"
          ? { typedEmail: typed.slice(0, 254) }
          : {}),
      };
    }
    const link = result.token ? linkFor(result.token, ctx.siteUrl) : undefined;
    // With SMTP configured, the link is also emailed to the person it is for.
    const mailed = link && result.email ? await mailLink(ctx.smtp, result.email, link) : null;
    if (mailed && !mailed.sent) {
      ctx.log.warn({ event: "staff_link_mail_failed", err: mailed.error }, "link not emailed");
    }
    const mail =
      mailed && result.email ? (mailed.sent ? copy.emailed(result.email) : copy.notEmailed) : null;
    return { status: 200, notice: { text: result.message, error: false, link, mail } };
  }
  let key: SavedKey;
  let result: StaffResult & { ended?: number };
  let count = "";
  if (action === "totp-reset") {
    key = "totp";
    const reset = await resetTotp(store, target, actor);
    result = reset.ok
      ? { ok: true, message: reset.message }
      : { ok: false, status: reset.status === 404 ? 404 : 409, message: reset.message };
  } else if (action === "sessions") {
    key = "sessions";
    result = await endSessions(store, target, actor, ctx.session);
    if (result.ok && result.ended !== undefined) count = `&n=${result.ended}`;
  } else if (action === "deactivate" && form.get("confirm") !== "yes") {
    // Deactivating asks first: a post without the confirmation's button changes nothing.
    return { status: 422, notice: { text: copy.deactivateNeedsConfirm, error: true } };
  } else if (action === "deactivate" || action === "reactivate") {
    key = action;
    result = await setStaffActive(store, target, action === "reactivate", actor);
  } else {
    key = "role";
    result = await changeRole(store, target, form.get("role"), actor);
  }
  if (!result.ok) return { status: result.status, notice: { text: result.message, error: true } };
  return {
    redirect: `/admin/staff?saved=${key}&staff=${encodeURIComponent(target)}${count}`,
  };
}

/**
 * What the staff page says on the GET after a change (`saved`, the account in `staff`, and for
 * ended sessions how many in `n`): the copy of ./staff.ts's answer, the account's email read from
 * the store (never text from the URL); nothing for an unknown key or account.
 */
export async function staffNotice(
  store: AdminStore,
  params: URLSearchParams,
): Promise<string | undefined> {
  const key = params.get("saved") as SavedKey | null;
  if (!key || !savedKeys.includes(key)) return undefined;
  const id = params.get("staff") ?? "";
  const account = /^[\w-]{1,64}$/.test(id) ? await store.getStaff(id) : null;
  if (!account) return undefined;
  if (key === "role") return copy.roleChanged(account.email);
  if (key === "reactivate") return copy.reactivated(account.email);
  if (key === "totp") return adminMessages.totp.resetDone(account.email);
  if (key === "deactivate") {
    return copy.deactivatedNotice(account.email, await store.assignedCount(account.id));
  }
  const n = Number(params.get("n"));
  return copy.sessionsEnded(account.email, Number.isSafeInteger(n) && n >= 0 ? n : 0);
}
