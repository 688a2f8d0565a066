/**
 * Owners managing staff from the inbox: invite (the same one-time link the command line prints),
 * change a role (never leaving the agency without an owner), end every session of an account,
 * issue a reset link. Each is audited. The middleware has already checked the actor is an owner.
 */
import { smtpSender, type EmailSettings } from "../leads/notify/email.ts";
import { audit, isEmail, issueLink, normaliseEmail, secretHash } from "./accounts.ts";
import { adminMessages } from "./messages.ts";
import { roles, type AdminStore, type Role, type StaffRecord } from "./store/types.ts";

export type StaffResult =
  | { ok: true; link?: string; message: string }
  | { ok: false; status: 404 | 409 | 422; message: string };

const copy = adminMessages.staff;

export async function inviteStaff(
  store: AdminStore,
  input: { email: unknown; role: unknown },
  actor: StaffRecord,
): Promise<StaffResult & { token?: string; email?: string }> {
  const email = typeof input.email === "string" ? input.email : "";
  const role = roles.includes(input.role as Role) ? (input.role as Role) : "staff";
  // An existing account is said so, not silently given a link under its old role.
  const existing = await store.findStaffByEmail(normaliseEmail(email));
  if (existing?.staff.hasPassword) {
    const { staff } = existing;
    return { ok: false, status: 409, message: copy.exists(staff.email, copy.roles[staff.role]) };
  }
  if (existing?.staff.deactivatedAt) return { ok: false, status: 409, message: copy.isDeactivated };
  try {
    const link = await issueLink(store, { email, role, actorId: actor.id });
    return {
      ok: true,
      token: link.token,
      email: link.staff.email,
      message: copy.linkFor(link.staff.email),
    };
  } catch {
    return { ok: false, status: 422, message: copy.badEmail };
  }
}

/**
 * Emails someone of the agency over the SMTP the lead notifications use (nothing when SMTP is not
 * configured: null). The reason of a failure is returned for the log, never shown.
 */
export async function mailStaff(
  smtp: EmailSettings | null,
  to: string,
  mail: { subject: string; text: string },
): Promise<{ sent: boolean; error?: string } | null> {
  if (!smtp) return null;
  const sender = smtpSender(smtp);
  try {
    await sender.send({ from: smtp.from, to, subject: mail.subject, text: mail.text });
    return { sent: true };
  } catch (error) {
    return { sent: false, error: (error as Error).message };
  } finally {
    sender.close();
  }
}

/** How the inbox names itself in its emails. */
export const mailProduct = (): string => adminMessages.productName.toLowerCase();

/**
 * Emails a one-time link to the person it is for (mailStaff). The page shows the link either way,
 * so a failed email costs nothing but a copy and paste.
 */
export async function mailLink(
  smtp: EmailSettings | null,
  to: string,
  link: string,
  /** The wording: an invite (or an owner's new link), or the person's own 'Forgot password?'. */
  mail: {
    subject: (product: string) => string;
    text: (link: string, product: string) => string;
  } = copy.mail,
): Promise<{ sent: boolean; error?: string } | null> {
  const product = mailProduct();
  return mailStaff(smtp, to, { subject: mail.subject(product), text: mail.text(link, product) });
}

export async function resetStaff(
  store: AdminStore,
  staffId: string,
  actor: StaffRecord,
): Promise<StaffResult & { token?: string; email?: string }> {
  const staff = await store.getStaff(staffId);
  if (!staff) return { ok: false, status: 404, message: copy.missing };
  if (staff.deactivatedAt) return { ok: false, status: 409, message: copy.isDeactivated };
  const link = await issueLink(store, {
    email: staff.email,
    reset: staff.hasPassword,
    actorId: actor.id,
  });
  return { ok: true, token: link.token, email: staff.email, message: copy.linkFor(staff.email) };
}

export async function changeRole(
  store: AdminStore,
  staffId: string,
  role: unknown,
  /** Null: the command line. */
  actor: StaffRecord | null,
  now: Date = new Date(),
): Promise<StaffResult> {
  if (!roles.includes(role as Role)) return { ok: false, status: 422, message: copy.badRole };
  const staff = await store.getStaff(staffId);
  if (!staff) return { ok: false, status: 404, message: copy.missing };
  // The last-owner rule is the store's, checked in the same serialised transaction as the change.
  const changed = await store.setRole(staffId, role as Role, now.toISOString());
  if (changed !== "done") return refused(changed);
  await audit(
    store,
    "role_change",
    { actorId: actor?.id ?? null, subject: staff.email, detail: { role } },
    now,
  );
  return { ok: true, message: copy.roleChanged(staff.email) };
}

const refused = (change: "missing" | "last_owner"): StaffResult =>
  change === "missing"
    ? { ok: false, status: 404, message: copy.missing }
    : { ok: false, status: 422, message: copy.lastOwner };

/**
 * Deactivates an account (a departed staff member): every session ends, and the password,
 * passkeys and links are refused until it is reactivated; the account, its history and its
 * leads stay (reassign them from the lead page). Never the last active owner. Audited. `actor`
 * null: the command line.
 */
export async function setStaffActive(
  store: AdminStore,
  staffId: string,
  active: boolean,
  actor: StaffRecord | null,
  now: Date = new Date(),
): Promise<StaffResult> {
  const staff = await store.getStaff(staffId);
  if (!staff) return { ok: false, status: 404, message: copy.missing };
  const changed = await store.setActive(staffId, active, now.toISOString());
  if (changed !== "done") return refused(changed);
  await audit(
    store,
    active ? "staff_reactivated" : "staff_deactivated",
    { actorId: actor?.id ?? null, subject: staff.email },
    now,
  );
  if (active) return { ok: true, message: copy.reactivated(staff.email) };
  const assigned = await store.assignedCount(staffId);
  return { ok: true, message: copy.deactivatedNotice(staff.email, assigned) };
}

/** Ends every session of an account (the actor's own current one stays when it is theirs). */
export async function endSessions(
  store: AdminStore,
  staffId: string,
  actor: StaffRecord,
  actorSession: string | undefined,
  now: Date = new Date(),
): Promise<StaffResult & { ended?: number }> {
  const staff = await store.getStaff(staffId);
  if (!staff) return { ok: false, status: 404, message: copy.missing };
  const keep = staff.id === actor.id && actorSession ? secretHash(actorSession) : undefined;
  const ended = await store.deleteSessionsOf(staff.id, keep);
  await audit(
    store,
    "sessions_ended",
    { actorId: actor.id, subject: staff.email, detail: { ended } },
    now,
  );
  return { ok: true, ended, message: copy.sessionsEnded(staff.email, ended) };
}

/**
 * The command line's way to set an account's email at once (`npm run -s admin -- email OLD NEW`):
 * for an owner helping someone who lost their mailbox, or an inbox without email set up. Any
 * pending change the person asked for is dropped; audited with no actor.
 */
export async function setEmailDirectly(
  store: AdminStore,
  staffId: string,
  newEmail: string,
  now: Date = new Date(),
): Promise<StaffResult> {
  const staff = await store.getStaff(staffId);
  if (!staff) return { ok: false, status: 404, message: copy.missing };
  const email = normaliseEmail(newEmail);
  if (!isEmail(email)) return { ok: false, status: 422, message: copy.badEmail };
  if (email === staff.email) return { ok: true, message: copy.emailSet(email) };
  if (!(await store.setEmail(staff.id, email, now.toISOString()))) {
    return { ok: false, status: 409, message: adminMessages.account.emailTaken };
  }
  await store.cancelEmailChange(staff.id);
  await audit(
    store,
    "email_changed",
    { actorId: null, subject: email, detail: { from: staff.email, by: "command line" } },
    now,
  );
  return { ok: true, message: copy.emailSet(email) };
}
