/**
 * Staff accounts for the inbox's browser tests. `signInAs` gives a page a signed-in account
 * without the form (tests/support/staffSession.ts: the project's own account code against the
 * e2e server's store); `invite` is the admin command line's one-time link (its `main`, run in
 * this process: tests/support/runCli.ts), for the specs whose subject is the way in itself
 * (admin.spec.ts's invite → password → sign out → sign in).
 */
import { test, type Page } from "@playwright/test";
import { issueLink, linkFor } from "../../src/admin/accounts";
import { adminStoreFor } from "../../src/admin/store/index";
import type { Role } from "../../src/admin/store/types";
import { runCli } from "../support/runCli";
import { withStore } from "./leads";
import { mintSession, STAFF_PASSWORD } from "../support/staffSession";

export const PASSWORD = STAFF_PASSWORD;

/**
 * `npm run -s admin -- invite EMAIL --role owner` against the e2e server's store, run in this
 * process (tests/support/runCli.ts).
 */
export async function invite(email: string): Promise<string> {
  const result = await runCli("admin", ["invite", email, "--role", "owner"], {
    DATA_DIR: process.env.E2E_DATA_DIR ?? "",
  });
  if (result.status !== 0) throw new Error(`admin invite failed: ${result.stderr}`);
  // Printed on the address npm start listens on by default (http://localhost:4321); the test
  // server listens on E2E_PORT, so the link's path is opened there.
  return new URL(result.stdout.trim()).pathname;
}

/**
 * A one-time link's path for `email` (an owner), made as `invite` makes it but in this process:
 * for tests that look at the link's page without setting the password through it.
 */
export function inviteLink(email: string): Promise<string> {
  return withStore(async (leads) => {
    const link = await issueLink(adminStoreFor(leads), { email, role: "owner" });
    return linkFor(link.token);
  });
}

/**
 * Signs `page`'s browser context in as `email` (an owner unless told; created with PASSWORD when
 * new) on the server at `baseURL` whose store is in `dataDir` (the shared e2e server's by default):
 * the session cookie the server would have set, minted in its store. The page is not navigated.
 */
export async function signInAs(
  page: Page,
  email: string,
  { role = "owner", dataDir, baseURL }: { role?: Role; dataDir?: string; baseURL?: string } = {},
): Promise<void> {
  const url = baseURL ?? test.info().project.use.baseURL;
  if (!url) throw new Error("signInAs needs the server's baseURL");
  const session = await withStore((leads) => mintSession(leads, email, role), dataDir);
  await page
    .context()
    .addCookies([{ name: "gl_session", value: session, url, httpOnly: true, sameSite: "Lax" }]);
}
