/**
 * The spec's backend lead form (section 7), reused in every industry page's closing call to
 * action: name, email and phone stored as a quick lead; submitting flag; an error text that clears
 * as soon as the visitor types; a native post without JavaScript.
 */
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import {
  allowFailedPostErrors,
  humanPause,
  leadsWithEmail,
  routeLeadsTo,
  uniqueEmail,
  unrouteLeads,
  withUnavailableServer,
} from "./leads";

const PATH = "/industries/turf-lawn-care";
const form = (page: Page) => page.locator('form[data-lead-form="quick"]');
const closing = (page: Page) => page.locator("#get-started");

async function fill(page: Page, email: string) {
  await form(page).getByLabel("Full Name").fill("Jordan E2E");
  await form(page).getByLabel("Email").fill(email);
  await form(page).getByLabel("Phone Number").fill("512-555-9090");
}

test.describe("quick lead form with JavaScript", () => {
  test("sends in place, shows the thank-you view and stores a quick lead", async ({ page }) => {
    const email = uniqueEmail("quick");
    await page.goto(`${PATH}?utm_source=e2e-quick`);
    await expect(form(page).getByRole("heading", { level: 3 })).toHaveText(
      "Get Your Free Marketing Plan",
    );
    await fill(page, email);
    await humanPause(page);
    await form(page).getByRole("button", { name: "Request My Call" }).click();
    await expect(closing(page).getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${PATH}\\?`));
    const [lead] = await leadsWithEmail(email, "quick");
    expect(lead).toMatchObject({
      form: "quick",
      spam: false,
      fields: { name: "Jordan E2E", email, phone: "+15125559090" },
      metadata: { source: "quick_lead_form", page: PATH, utm: { utm_source: "e2e-quick" } },
    });
  });

  test.describe("when the store cannot be reached", () => {
    const down = withUnavailableServer();

    test("shows the error text, keeps the input, and clears the text when the visitor types", async ({
      page,
      consoleErrors,
    }) => {
      const email = uniqueEmail("quick-503");
      await page.goto(PATH);
      await fill(page, email);
      await humanPause(page);
      await routeLeadsTo(page, down());
      await form(page).getByRole("button", { name: "Request My Call" }).click();
      const error = form(page).locator("[data-form-error]");
      await expect(error).toContainText("could not save your details");
      await expect(form(page).getByLabel("Email")).toHaveValue(email);
      await form(page).getByLabel("Phone Number").press("End");
      await form(page).getByLabel("Phone Number").press("Backspace");
      await form(page).getByLabel("Phone Number").pressSequentially("1");
      await expect(error).toHaveCount(0);

      await unrouteLeads(page);
      await form(page).getByRole("button", { name: "Request My Call" }).click();
      await expect(closing(page).getByRole("heading", { name: "Thank You!" })).toBeVisible();
      const [lead] = await leadsWithEmail(email, "quick");
      expect(lead!.fields.phone).toBe("+15125559091");
      allowFailedPostErrors(consoleErrors);
    });
  });
});

test.describe("quick lead form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts natively and lands on /thank-you", async ({ page }) => {
    const email = uniqueEmail("quick-nojs");
    await page.goto(PATH);
    await fill(page, email);
    await form(page).getByRole("button", { name: "Request My Call" }).click();
    await page.waitForURL((url) => url.pathname === "/thank-you");
    const [lead] = await leadsWithEmail(email, "quick");
    expect(lead!.metadata).toMatchObject({ source: "quick_lead_form", page: PATH });
  });
});
