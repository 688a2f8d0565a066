/**
 * The /testimonial form's states (spec sections 4 and 8): editing → submitting ('Submitting...',
 * spinner, button disabled, no second submit) → success ('Thank You!', 'Submit Another Request'
 * back to an empty form) or error (red box above the button, input kept, cleared on the next
 * submit), including a store that cannot be reached (503). Leads are read back from the store.
 */
import type { Page } from "@playwright/test";
import { test, expect, expectNoAxeViolations } from "./fixtures";
import { E2E_MIN_FILL_MS } from "./fillTime";
import {
  allowFailedPostErrors,
  countLeadPosts,
  humanPause,
  leadsWithEmail,
  routeLeadsTo,
  uniqueEmail,
  unrouteLeads,
  withUnavailableServer,
} from "./leads";

const SUCCESS =
  "We've received your information and will be in touch with you shortly to discuss how we can help transform your business.";
const ERROR = "Something went wrong. Please try again.";

const card = (page: Page) => page.locator("#get-started");
const form = (page: Page) => page.locator('form[data-lead-form="testimonial"]');

async function fill(page: Page, email: string) {
  await form(page).getByLabel("Full Name").fill("Taylor E2E");
  await form(page).getByLabel("Email Address").fill(email);
  await form(page).getByLabel("Phone Number").fill("(512) 555-4242");
}

test.describe("testimonial form with JavaScript", () => {
  test("submitting, success, 'Submit Another Request', and the lead in the store", async ({
    page,
  }) => {
    const email = uniqueEmail("testimonial");
    const posts = countLeadPosts(page);
    await page.goto("/testimonial?utm_source=e2e-video&utm_medium=social&utm_content=clip-1");
    await fill(page, email);
    await humanPause(page);

    // Hold the answer back so the submitting state can be seen, and try to send twice.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/leads", async (route) => {
      await held;
      await route.continue();
    });
    const button = form(page).getByRole("button");
    await button.click();
    await expect(button).toHaveText("Submitting...");
    await expect(button).toBeDisabled();
    await expect(button.locator("svg.animate-spin")).toBeVisible();
    await form(page).getByLabel("Phone Number").press("Enter");
    release();

    await expect(card(page).getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(card(page)).toContainText(SUCCESS);
    await expectNoAxeViolations(page);
    await expect(card(page).getByRole("heading", { name: "Thank You!" })).toBeFocused();
    expect(posts).toHaveLength(1);

    const [lead] = await leadsWithEmail(email, "testimonial");
    expect(lead).toMatchObject({
      form: "testimonial",
      spam: false,
      fields: { name: "Taylor E2E", email, phone: "+15125554242" },
      metadata: {
        source: "testimonial_landing_page",
        page: "/testimonial",
        utm: { utm_source: "e2e-video", utm_medium: "social", utm_content: "clip-1" },
        spamReasons: [],
      },
    });
    expect(lead!.metadata.timestamp).toBe(lead!.createdAt);
    expect(Date.now() - Date.parse(lead!.metadata.timestamp)).toBeLessThan(120_000);
    expect(lead!.metadata.userAgent).toBe(await page.evaluate(() => navigator.userAgent));

    // Back to an empty form, focused at its first field.
    await card(page).getByRole("button", { name: "Submit Another Request" }).click();
    await expect(form(page).getByRole("heading")).toHaveText("Ready to Transform Your Business?");
    for (const label of ["Full Name", "Email Address", "Phone Number"])
      await expect(form(page).getByLabel(label)).toHaveValue("");
    await expect(form(page).getByLabel("Full Name")).toBeFocused();
    await expect(form(page).getByRole("button")).toHaveText("Get Started Today");
  });

  test("sends the fill time, page and UTM; a filled honeypot is answered alike and kept as spam", async ({
    page,
  }) => {
    const email = uniqueEmail("testimonial-bot");
    const posts = countLeadPosts(page);
    await page.goto("/testimonial?utm_source=e2e-bot");
    await fill(page, email);
    await humanPause(page);
    // What a bot does: fill every input it finds, the hidden one included.
    await form(page).locator('input[name="fax"]').fill("+1 555 010 0000", { force: true });
    await form(page).getByRole("button").click();
    await expect(card(page).getByRole("heading", { name: "Thank You!" })).toBeVisible();
    const body = JSON.parse(posts[0]!) as Record<string, string>;
    expect(body).toMatchObject({
      _form: "testimonial",
      _page: "/testimonial",
      utm_source: "e2e-bot",
    });
    expect(Number(body._t)).toBeGreaterThan(E2E_MIN_FILL_MS);
    const [lead] = await leadsWithEmail(email, "testimonial");
    expect(lead).toMatchObject({ spam: true, metadata: { spamReasons: ["honeypot"] } });
  });

  test("the browser's own checks run first: nothing is sent with an empty or bad field", async ({
    page,
  }) => {
    const posts = countLeadPosts(page);
    await page.goto("/testimonial");
    await form(page).getByLabel("Full Name").fill("Taylor E2E");
    await form(page).getByLabel("Email Address").fill("not-an-email");
    await form(page).getByLabel("Phone Number").fill("555");
    await form(page).getByRole("button").click();
    expect(
      await form(page)
        .getByLabel("Email Address")
        .evaluate((el: HTMLInputElement) => el.validity.typeMismatch),
    ).toBe(true);
    await page.waitForTimeout(300);
    expect(posts).toHaveLength(0);
  });

  test.describe("when the store cannot be reached", () => {
    const down = withUnavailableServer();

    test("the red box shows above the button, input is kept, and the next submit clears it", async ({
      page,
      consoleErrors,
    }) => {
      const email = uniqueEmail("testimonial-503");
      await page.goto("/testimonial");
      await fill(page, email);
      await humanPause(page);
      await routeLeadsTo(page, down());
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/leads");
      await form(page).getByRole("button").click();
      expect((await answer).status()).toBe(503);

      const box = form(page).locator("[data-form-error]");
      await expect(box).toBeVisible();
      await expect(box).toHaveAttribute("role", "alert");
      await expect(box).toContainText(ERROR);
      await expectNoAxeViolations(page);
      await expect(box).toContainText("could not save your details");
      const button = form(page).getByRole("button");
      expect((await box.boundingBox())!.y).toBeLessThan((await button.boundingBox())!.y);
      await expect(button).toBeEnabled();
      await expect(button).toHaveText("Get Started Today");
      await expect(form(page).getByLabel("Full Name")).toHaveValue("Taylor E2E");
      await expect(form(page).getByLabel("Email Address")).toHaveValue(email);
      await expect(form(page).getByLabel("Phone Number")).toHaveValue("(512) 555-4242");
      // Typing does not clear it (spec section 4: it clears on the next submit).
      await form(page).getByLabel("Full Name").fill("Taylor E2E Jr");
      await expect(box).toBeVisible();

      // The store is back: the next submit clears the box at once and succeeds.
      await unrouteLeads(page);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/leads", async (route) => {
        await held;
        await route.continue();
      });
      await button.click();
      await expect(box).toHaveCount(0);
      release();
      await expect(card(page).getByRole("heading", { name: "Thank You!" })).toBeVisible();
      const [lead] = await leadsWithEmail(email, "testimonial");
      expect(lead!.fields.name).toBe("Taylor E2E Jr");
      allowFailedPostErrors(consoleErrors);
    });
  });
});

test.describe("testimonial form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts natively, lands on /thank-you and stores the testimonial lead", async ({ page }) => {
    const email = uniqueEmail("testimonial-nojs");
    await page.goto("/testimonial?utm_source=e2e-print");
    await fill(page, email);
    const post = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/leads");
    await form(page).getByRole("button", { name: "Get Started Today" }).click();
    expect((await post).status()).toBe(303);
    await page.waitForURL((url) => url.pathname === "/thank-you");
    const [lead] = await leadsWithEmail(email, "testimonial");
    expect(lead).toMatchObject({
      spam: false,
      fields: { name: "Taylor E2E", email, phone: "+15125554242" },
      metadata: {
        source: "testimonial_landing_page",
        page: "/testimonial",
        utm: { utm_source: "e2e-print" },
      },
    });
  });
});
