/**
 * Passkeys in Chromium with its virtual authenticator (DevTools protocol, WebAuthn domain): an
 * owner adds a passkey from the account page (after the password), which signs out their other
 * sessions; signs out and back in with the passkey alone; confirms with it instead of the
 * password; removes it. The sign-in and account pages stay axe-clean throughout.
 */
import type { CDPSession, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { uniqueEmail } from "./leads";
import { invite, PASSWORD } from "./staff";

/** A platform authenticator that holds resident keys and verifies its user without a prompt. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

async function setPassword(page: Page, email: string) {
  await page.goto(await invite(email));
  await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("New password again").fill(PASSWORD);
  await page.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(page.getByRole("heading", { name: "Leads" })).toBeVisible();
}

test.describe("passkeys", () => {
  // A passkey belongs to a domain: WebAuthn refuses an IP address as the site, so these tests
  // use the e2e server by the name localhost (its own cookies; the server sees that host).
  test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 4399}` });

  test("add a passkey, sign in with it alone, confirm with it, remove it", async ({
    page,
    browser,
    consoleErrors,
  }) => {
    const email = uniqueEmail("passkey-owner").toLowerCase();
    const { cdp, id } = await virtualAuthenticator(page);
    await setPassword(page, email);

    // A second session of the same account, elsewhere: adding a passkey signs it out.
    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await other.goto("/admin/sign-in");
    await other.getByLabel("Email").fill(email);
    await other.getByLabel("Password").fill(PASSWORD);
    await other.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(other.getByRole("heading", { name: "Leads" })).toBeVisible();

    await page.goto("/admin/account");
    const panel = page.locator("[data-passkeys]");
    await expect(panel).toContainText("No passkeys yet.");
    await expect(panel.locator("[data-passkey-unsupported]")).toBeHidden();
    await expectNoAxeViolations(page);
    // The password is asked first: a wrong one is refused before any prompt.
    await panel.getByLabel("Name for this passkey").fill("Test laptop");
    await panel.locator("#pk-current").fill("not my password at all");
    await panel.getByRole("button", { name: "Add a passkey" }).click();
    await expect(panel.locator("[data-passkey-status]")).toHaveText(
      "Enter your current password (or confirm with a passkey) first.",
    );
    await panel.locator("#pk-current").fill(PASSWORD);
    await panel.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page).toHaveURL(/\/admin\/account\?saved=passkey$/);
    await expect(page.getByRole("status").first()).toHaveText(
      "Passkey added. Your other sessions were signed out.",
    );
    await expect(panel.locator("[data-passkey-item]")).toHaveCount(1);
    await expect(panel.locator("[data-passkey-item]")).toContainText("Test laptop");
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId: id });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await expectNoAxeViolations(page);

    // The other session is over.
    await other.goto("/admin");
    await expect(other).toHaveURL(/\/admin\/sign-in/);
    await elsewhere.close();

    // Signed out, the passkey alone signs in (no email typed).
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in\?out=1$/);
    const signIn = page.getByRole("button", { name: "Sign in with a passkey" });
    await expect(signIn).toBeVisible();
    await expectNoAxeViolations(page);
    await signIn.click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText(`Signed in as ${email} (owner)`)).toBeVisible();

    // On the account page, the passkey stands in for the password.
    await page.goto("/admin/account");
    await page.getByRole("button", { name: "Confirm with a passkey" }).click();
    await expect(page).toHaveURL(/\/admin\/account\?confirmed=1$/);
    await expect(page.getByRole("status").first()).toContainText("Confirmed with your passkey");
    await expect(page.locator("#pw-current")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page
      .locator("[data-passkey-item]")
      .getByRole("button", { name: "Remove Test laptop" })
      .click();
    await expect(page.getByRole("status").first()).toHaveText(
      "Passkey removed. Your other sessions were signed out.",
    );
    await expect(page.locator("[data-passkeys]")).toContainText("No passkeys yet.");
    // The audit log has all of it, in words.
    await page.goto("/admin/audit");
    const log = page.locator("[data-audit]");
    for (const action of ["Passkey added", "Passkey removed", "Identity confirmed"]) {
      await expect(log).toContainText(action);
    }
    // The browser logs the refused wrong password (403) itself; nothing else may be logged.
    const rest = consoleErrors.filter((e) => !/status of 403/.test(e));
    consoleErrors.splice(0, consoleErrors.length, ...rest);
  });

  test("a passkey this inbox does not know is refused with a clear message", async ({
    page,
    consoleErrors,
  }) => {
    const { cdp, id } = await virtualAuthenticator(page);
    await setPassword(page, uniqueEmail("passkey-stranger"));
    await page.goto("/admin/account");
    await page.locator("#pk-current").fill(PASSWORD);
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page).toHaveURL(/saved=passkey/);
    // Removed on the server only (the password was given moments ago, so it is not asked
    // again): the authenticator still holds it and offers it.
    const item = page.locator("[data-passkey-item]");
    await expect(item.getByLabel("Current password")).toHaveCount(0);
    await item.getByRole("button", { name: /^Remove / }).click();
    await expect(page.locator("[data-passkeys]")).toContainText("No passkeys yet.");
    const held = await cdp.send("WebAuthn.getCredentials", { authenticatorId: id });
    expect(held.credentials).toHaveLength(1);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.locator("[data-passkey-status]")).toHaveText(
      "That passkey is not one of this inbox's. Sign in with your password.",
    );
    await expect(page).toHaveURL(/\/admin\/sign-in/);
    await expectNoAxeViolations(page);
    const rest = consoleErrors.filter((e) => !/status of 401/.test(e));
    consoleErrors.splice(0, consoleErrors.length, ...rest);
  });
});
