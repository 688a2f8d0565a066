/**
 * Owners managing staff from the inbox: invite (the same one-time link the command line prints),
 * change a role (never leaving the agency without an owner), end every session of an account,
 * issue a reset link. Each is audited. The middleware has already checked the actor is an owner.
 */
import { smtpSender, type EmailSettings } from "../leads/notify/email.ts";
import { audit, issueLink, normaliseEmail, secretHash } from "./accounts.ts";
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
 * Emails a one-time link to the person it is for, over the SMTP the lead notifications use
 * (nothing when SMTP is not configured). The page shows the link either way, so a failed email
 * costs nothing but a copy and paste; the reason is returned for the log, never shown.
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
  if (!smtp) return null;
  const sender = smtpSender(smtp);
  const product = adminMessages.productName.toLowerCase();
  try {
    await sender.send({
      from: smtp.from,
      to,
      subject: mail.subject(product),
      text: mail.text(link, product),
    });
    return { sent: true };
  } catch (error) {
    return { sent: false, error: (error as Error).message };
  } finally {
    sender.close();
  }
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
): Promise<StaffResult> {
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
  return { ok: true, message: copy.sessionsEnded(staff.email, ended) };
}
