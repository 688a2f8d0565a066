/**
 * The first hour (issue 39 §5): while the inbox has no active owner, `npm start` prints a
 * one-time link (24 h) on the address it listens on, for the first owner to set a password, as
 * self-hosted tools do on their first run. The account's email is the configuration's
 * (./config.ts `firstOwnerEmail`); each start while there is still no owner prints a fresh link.
 */
import { issueLink, linkFor } from "./accounts.ts";
import type { AdminStore } from "./store/types.ts";

export interface FirstOwnerLink {
  email: string;
  link: string;
}

/** A one-time link for the first owner on `origin`, or null when an active owner exists. */
export async function firstOwnerLink(
  store: AdminStore,
  email: string,
  origin: string,
  now: Date = new Date(),
): Promise<FirstOwnerLink | null> {
  const staff = await store.listStaff();
  if (staff.some((s) => s.role === "owner" && !s.deactivatedAt)) return null;
  const issued = await issueLink(store, { email, role: "owner" }, now);
  // An account of that email made earlier as staff, with no owner left: it becomes the owner.
  if (issued.staff.role !== "owner") {
    await store.setRole(issued.staff.id, "owner", now.toISOString());
  }
  return { email: issued.staff.email, link: linkFor(issued.token, origin) };
}
