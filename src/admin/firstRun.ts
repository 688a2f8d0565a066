/**
 * The first hour (issue 39 §5): while the inbox has no owner who can sign in, `npm start`
 * prints a one-time link on the address it listens on (`/admin/setup/<token>`), as self-hosted
 * tools do on their first run. The page asks for the first owner's email and a password and
 * signs them in. The link is a signed, expiring token (24 h, under a key derived from the
 * IP-hash salt, like the report links: nothing is stored until it is used), and it stops
 * working once an owner has a password: one owner, once. Each start while there is still none
 * prints a fresh one. Later accounts are invited from /admin/staff or `npm run admin -- invite`.
 */
import { openToken, signToken, type TokenPurpose } from "../leads/signedToken.ts";
import { isEmail, issueLink, normaliseEmail } from "./accounts.ts";
import { adminMessages } from "./messages.ts";
import { invitePageAction, type SessionOutcome } from "./signInPages.ts";
import type { AdminStore } from "./store/types.ts";

export const FIRST_OWNER_TTL_MS = 24 * 60 * 60_000;
export const SETUP_PATH = "/admin/setup/";
const purpose: TokenPurpose = {
  salt: "greenline-first-owner",
  info: "first owner setup link v1",
  maxLength: 200,
};

/** Whether the inbox still needs its first owner: no active owner with a password. */
export async function needsFirstOwner(store: AdminStore): Promise<boolean> {
  const staff = await store.listStaff();
  return !staff.some((s) => s.role === "owner" && !s.deactivatedAt && s.hasPassword);
}

/** The first owner's link on `origin`, or null when an owner can already sign in. */
export async function firstOwnerLink(
  store: AdminStore,
  secret: string,
  origin: string,
  now: Date = new Date(),
): Promise<string | null> {
  if (!(await needsFirstOwner(store))) return null;
  const token = signToken({ o: 1, e: now.getTime() + FIRST_OWNER_TTL_MS }, secret, purpose);
  return `${origin.replace(/\/+$/, "")}${SETUP_PATH}${token}`;
}

/** Whether `token` is a first-owner link that still works (signed, not expired, no owner yet). */
export async function setupLinkWorks(
  store: AdminStore,
  token: string,
  secret: string,
  now: Date = new Date(),
): Promise<boolean> {
  const opened = openToken(token, secret, purpose, now.getTime());
  return opened.ok && opened.payload.o === 1 && (await needsFirstOwner(store));
}

export type SetupOutcome = SessionOutcome & { emailError?: string };

/**
 * The setup page's post: the email and the password (twice). Makes the owner account and its
 * one-time invite, then redeems it as the invite page does (the password rules, a session).
 */
export async function setupFirstOwner(
  ctx: { store: AdminStore; userAgent: string | null },
  form: FormData,
  now: Date = new Date(),
): Promise<SetupOutcome> {
  const email = normaliseEmail(String(form.get("email") ?? ""));
  if (!isEmail(email)) return { status: 422, emailError: adminMessages.setup.badEmail };
  // Never a way into an account that exists: one with a password signs in as it is.
  const found = await ctx.store.findStaffByEmail(email);
  if (found && (found.staff.hasPassword || found.staff.deactivatedAt)) {
    return { status: 422, emailError: adminMessages.setup.taken };
  }
  const issued = await issueLink(ctx.store, { email, role: "owner" }, now);
  if (issued.staff.role !== "owner") {
    await ctx.store.setRole(issued.staff.id, "owner", now.toISOString());
  }
  return invitePageAction(
    { store: ctx.store, token: issued.token, userAgent: ctx.userAgent },
    form,
  );
}
