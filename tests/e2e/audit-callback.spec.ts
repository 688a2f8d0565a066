/**
 * 'Want us to walk you through it?' in Chromium (issue 39 §1): once the website check's score is
 * shown, the audit thank-you page and the report page ask for a phone number and a good time to
 * call. With JavaScript (desktop, 1366×900) the island sends it in place and says so; without
 * (phone, 390×844) the plain form post comes back with the problem beside the field, then with
 * the confirmation. Both pages stay axe-clean and fit the width. The check runs for real on the
 * run's fixture website (tests/e2e/auditSite.ts).
 */
import type { Page } from "@playwright/test";
import { auditSiteUrl } from "./audit";
import { expect, expectNoAxeViolations, hasHorizontalOverflow, test } from "./fixtures";
import { humanPause, uniqueEmail } from "./leads";

async function requestAudit(page: Page, email: string) {
  await page.goto("/free-audit");
  const form = page.locator('form[data-lead-form="audit"]');
  await form.getByLabel("Company Name").fill("Callback Lawns");
  await form.getByLabel("Owner Name").fill("Cal Back");
  await form.getByLabel("Website").fill(auditSiteUrl);
  await form.getByLabel("Email").fill(email);
  await humanPause(page);
  await form.getByRole("button", { name: "Get My Free Audit" }).click();
  await page.waitForURL((url) => url.pathname === "/thank-you/audit");
}

test.describe.configure({ timeout: 120_000 });

test.describe("with JavaScript, on a desktop", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("the thank-you page asks beside the score and sends the number in place", async ({
    page,
  }) => {
    await requestAudit(page, uniqueEmail("callback-js"));
    const status = page.locator("[data-audit-state]");
    await expect(status).toHaveAttribute("data-audit-state", "ready", { timeout: 45_000 });
    const ask = page.locator("[data-callback]");
    await expect(
      ask.getByRole("heading", { name: "Want us to walk you through it?" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    const url = page.url();
    await ask.getByLabel("Your phone number").fill("(512) 555-0142");
    await ask.getByLabel("A good time to call").selectOption("afternoon");
    await ask.getByRole("button", { name: "Call me" }).click();
    const saved = ask.locator("[data-callback-saved]");
    await expect(saved).toContainText("Thanks! We have your number");
    await expect(saved).toContainText("Your number: (512) 555-0142");
    // Sent in place: the page did not move.
    expect(page.url()).toBe(url);
    await expectNoAxeViolations(page);
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
});

test.describe("without JavaScript, on a phone", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the report page's plain form: the problem beside the field, then the confirmation", async ({
    page,
    consoleErrors,
  }) => {
    await requestAudit(page, uniqueEmail("callback-nojs"));
    const href = (await page
      .getByRole("link", { name: "See your full report" })
      .getAttribute("href"))!;
    await expect(async () => {
      await page.goto(href);
      await expect(page.locator("[data-audit-score]")).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 45_000 });
    const ask = page.locator("[data-callback]");
    await expect(
      ask.getByRole("heading", { name: "Want us to walk you through it?" }),
    ).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);

    await ask.getByLabel("Your phone number").fill("555");
    await ask.getByRole("button", { name: "Call me" }).click();
    await expect(page.locator("[data-callback]")).toContainText(
      "Please enter a phone number with its area code",
    );
    await expect(page.getByLabel("Your phone number")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Your phone number")).toHaveValue("555");

    // The browser logs the refused post's 422 itself; nothing else may be logged.
    const rest = consoleErrors.filter((e) => !/status of 422/.test(e));
    consoleErrors.splice(0, consoleErrors.length, ...rest);

    await page.getByLabel("Your phone number").fill("512 555 0142");
    await page.getByLabel("A good time to call").selectOption("morning");
    await page.getByRole("button", { name: "Call me" }).click();
    await page.waitForURL((u) => u.searchParams.get("call") === "saved");
    await expect(page.locator("[data-callback-saved]")).toContainText(
      "Thanks! We have your number and will call you at the time you chose.",
    );
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
});
