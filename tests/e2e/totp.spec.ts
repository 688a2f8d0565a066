/**
 * The authenticator app (TOTP) in Chromium: an owner sets it up from the account page (the QR
 * code drawn on the server, its key, a code from the tests' own RFC 6238 generator and the
 * password), sees ten recovery codes, signs out, and signs in again with the password and the
 * app's next code. The account page and both steps of the sign-in are axe-clean. (Wrong and
 * replayed codes, recovery codes, throttling and the owner's reset: tests/integration/totp-http.)
 */
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { uniqueEmail } from "./leads";
import { PASSWORD, signInAs } from "./staff";
import { totpCode } from "../support/totp";

test("set up an authenticator app, then sign in with the password and its code", async ({
  page,
}) => {
  const email = uniqueEmail("totp-owner").toLowerCase();
  await signInAs(page, email);
  await page.goto("/admin/account");
  const panel = page.locator("[data-totp]");
  await panel.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(page).toHaveURL(/\/admin\/account\?saved=totp-setup#totp$/);
  await expect(
    panel.getByRole("img", { name: "QR code to scan with your authenticator app" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const key = (await panel.locator("[data-totp-key]").innerText()).replace(/\s/g, "");
  await panel.getByLabel("Code from the app").fill(totpCode(key));
  await panel.getByLabel("Current password").fill(PASSWORD);
  await panel.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("status").first()).toContainText("The authenticator app is on");
  await expect(page.locator("[data-recovery-codes] li")).toHaveCount(10);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
  await expectNoAxeViolations(page);
  // The app's next code (the one that turned it on has been used).
  await page.getByLabel("Code from the app").fill(totpCode(key, Date.now() + 30_000));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(`Signed in as ${email} (owner)`)).toBeVisible();
});
