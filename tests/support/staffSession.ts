/**
 * A signed-in staff account without the sign-in form, for tests whose subject is what comes after
 * signing in (the inbox, a lead's page, the audit log…). The project's own account code does the
 * work against the test's store: `issueLink` creates the account as the admin CLI's `invite` does,
 * the password is set (hashed once per process: each argon2 hash costs the machine what a test's
 * whole sign-in used to) and `startSession` opens the session the cookie then carries.
 *
 * The ways in themselves keep their own tests: the invite link and the sign-in form in
 * tests/e2e/admin.spec.ts and tests/integration/admin-http.test.ts, passkeys and the email change
 * in their specs, the CLI's invite in tests/integration/admin-staff.test.ts and admin-http.test.ts.
 */
import { issueLink, startSession } from "../../src/admin/accounts";
import { hashPassword } from "../../src/admin/passwords";
import { adminStoreFor } from "../../src/admin/store/index";
import type { Role } from "../../src/admin/store/types";
import type { LeadStore } from "../../src/leads/store/types";

/** The password every account of the tests has (the e2e and integration helpers re-export it). */
export const STAFF_PASSWORD = "mossy granite patio lantern";

let hashed: Promise<string> | null = null;

/**
 * Creates (or finds) the account `email` with `role` and STAFF_PASSWORD in `leads`' store, and
 * signs it in: resolves the session's secret, the value of the session cookie.
 */
export async function mintSession(
  leads: LeadStore,
  email: string,
  role: Role = "owner",
): Promise<string> {
  const store = adminStoreFor(leads);
  const now = new Date();
  const { staff } = await issueLink(store, { email, role }, now);
  hashed ??= hashPassword(STAFF_PASSWORD);
  await store.setPassword(staff.id, await hashed, now.toISOString());
  const session = await startSession(store, staff.id, "tests/support/staffSession.ts", now);
  if (!session) throw new Error(`${email} is deactivated: no session for it`);
  return session;
}
