/**
 * The home page's audit and contact forms, sent for real in Chromium with JavaScript on and off:
 * each lands on /thank-you and its lead is in the store with its metadata (read back through the
 * leads CLI from the e2e server's DATA_DIR). Without JavaScript, a bad website comes back on a
 * page that shows the problem next to the visitor's own input, and fixing it sends the lead.
 */
import type { Page } from "@playwright/test";
import type { LeadRecord } from "../../src/leads/store/types";
import { leadMessages } from "../../src/leads/messages";
import { test, expect } from "./fixtures";
import { expectLanding } from "./audit";
import { E2E_MIN_FILL_MS } from "./fillTime";
import { humanPause, storedLeads } from "./leads";

async function leadWithEmail(email: string): Promise<LeadRecord> {
  let found: LeadRecord | undefined;
  await expect
    .poll(async () => (found = (await storedLeads()).find((l) => l.fields.email === email)), {
      message: `lead ${email} in the store`,
    })
    .toBeTruthy();
  return found!;
}

/**
 * /thank-you is another page's work: these tests check that the browser lands on its path (303
 * Location and final URL), not its content. While that page does not exist yet, Chromium reports
 * its 404 as a console error, which is expected here and only here.
 */
let thankYouMissing = false;
test.beforeAll(async ({ request }) => {
  thankYouMissing = (await request.get("/thank-you")).status() === 404;
});

const unique = (label: string) =>
  `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@e2e.test`;

/** A person takes a few seconds; the server flags faster (scripted) submissions as spam. */

async function fillAudit(page: Page, email: string, website = "greenacres-e2e.test") {
  const form = page.locator('form[data-lead-form="audit"]').first();
  await form.getByLabel("Company Name").fill("Green Acres E2E");
  await form.getByLabel("Owner Name").fill("Dana E2E");
  await form.getByLabel("Website").fill(website);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel(/What would you like to grow/).fill("More mowing contracts.");
  return form;
}

async function fillContact(page: Page, email: string) {
  const form = page.locator('form[data-lead-form="contact"]');
  await form.getByLabel("Full Name").fill("Casey E2E");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("512-555-7777");
  await form.getByLabel("Company").fill("Casey Lawns");
  await form.getByLabel("Message").fill("Please call me back.");
  return form;
}

/** Submits and checks the 303 to /thank-you and the page the browser ends on. */
async function submitAndLand(
  page: Page,
  button: string,
  form: ReturnType<Page["locator"]>,
  consoleErrors: string[],
) {
  const post = page.waitForResponse(
    (r) => r.url().endsWith("/api/leads") && r.request().method() === "POST",
  );
  // The form names itself to /thank-you, which thanks for what was sent.
  const next = await form.locator('input[name="_next"]').inputValue();
  expect(next).toMatch(/^\/thank-you\?form=(audit|contact)$/);
  await form.getByRole("button", { name: button }).click();
  const response = await post;
  expect(response.status()).toBe(303);
  await expectLanding(page, response.headers()["location"], next);
  if (thankYouMissing) {
    const i = consoleErrors.findIndex((e) => /status of 404/.test(e));
    if (i >= 0) consoleErrors.splice(i, 1);
  }
}

test.describe("home forms with JavaScript", () => {
  test("the audit form stores a lead with its metadata and lands on /thank-you", async ({
    page,
    consoleErrors,
  }) => {
    const email = unique("audit-js");
    await page.goto("/?utm_source=e2e-news&utm_medium=email&utm_campaign=spring");
    const form = await fillAudit(page, email);
    await humanPause(page);
    await submitAndLand(page, "Get My Free Audit", form, consoleErrors);

    const lead = await leadWithEmail(email);
    expect(lead).toMatchObject({
      kind: "audit",
      form: "audit",
      subject: "Free Marketing Audit Request",
      spam: false,
      fields: {
        companyName: "Green Acres E2E",
        ownerName: "Dana E2E",
        website: "greenacres-e2e.test", // as typed (D250)
        email,
        message: "More mowing contracts.",
      },
      metadata: {
        source: "audit_form",
        page: "/",
        landingPage: "/",
        utm: { utm_source: "e2e-news", utm_medium: "email", utm_campaign: "spring" },
        spamReasons: [],
      },
    });
    expect(lead.metadata.userAgent).toContain("Chrome");
    expect(lead.metadata.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(lead.metadata.timestamp).toBe(lead.createdAt);
  });

  test("the contact form keeps the visit's landing page and utm_* across pages", async ({
    page,
    consoleErrors,
  }) => {
    const email = unique("contact-js");
    // The visit lands elsewhere with a campaign, then sends the form from the home page.
    await page.goto("/?utm_source=e2e-ads&utm_campaign=fall");
    await page.goto("/#contact");
    const form = await fillContact(page, email);
    await humanPause(page);
    await submitAndLand(page, "Send Message", form, consoleErrors);

    const lead = await leadWithEmail(email);
    expect(lead).toMatchObject({
      kind: "contact",
      form: "contact",
      subject: "Contact Form Submission",
      spam: false,
      fields: {
        "full-name": "Casey E2E",
        email,
        phone: "+15125557777",
        company: "Casey Lawns",
        message: "Please call me back.",
      },
      metadata: {
        source: "contact_form",
        page: "/",
        landingPage: "/",
        utm: { utm_source: "e2e-ads", utm_campaign: "fall" },
      },
    });
  });

  test("a bot's submission is kept as spam, flagged by honeypot and fill time, and still lands", async ({
    page,
    consoleErrors,
  }) => {
    const email = unique("bot");
    await page.goto("/");
    const form = await fillContact(page, email);
    // Bots fill every input, the hidden honeypot included.
    await form.locator('input[name="fax"]').evaluate((el: HTMLInputElement) => {
      el.value = "555-0100";
    });
    const sent = page.waitForRequest(
      (r) => r.url().endsWith("/api/leads") && r.method() === "POST",
    );
    await submitAndLand(page, "Send Message", form, consoleErrors);
    const elapsed = Number(new URLSearchParams((await sent).postData() ?? "").get("_t"));
    expect(elapsed).toBeGreaterThan(0);
    const lead = await leadWithEmail(email);
    expect(lead.spam).toBe(true);
    // No pause: the fill time is flagged too, unless this machine took longer than the
    // minimum fill time to get here.
    expect(lead.metadata.spamReasons).toEqual(
      elapsed < E2E_MIN_FILL_MS ? ["honeypot", "too_fast"] : ["honeypot"],
    );
  });
});

test.describe("home forms without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the audit form posts natively and the lead is stored", async ({ page, consoleErrors }) => {
    const email = unique("audit-nojs");
    await page.goto("/?utm_source=e2e-nojs&utm_term=lawn");
    const form = await fillAudit(page, email);
    await submitAndLand(page, "Get My Free Audit", form, consoleErrors);

    const lead = await leadWithEmail(email);
    expect(lead).toMatchObject({
      kind: "audit",
      spam: false,
      fields: { website: "greenacres-e2e.test", email }, // as typed (D250)
      // No script ran: page and utm_* come from the Referer; there is no landing page or fill time.
      metadata: {
        source: "audit_form",
        page: "/",
        landingPage: null,
        utm: { utm_source: "e2e-nojs", utm_term: "lawn" },
        spamReasons: [],
      },
    });
    expect(lead.metadata.userAgent).toContain("Chrome");
  });

  test("the contact form posts natively and the lead is stored", async ({
    page,
    consoleErrors,
  }) => {
    const email = unique("contact-nojs");
    await page.goto("/");
    const form = await fillContact(page, email);
    await submitAndLand(page, "Send Message", form, consoleErrors);
    const lead = await leadWithEmail(email);
    expect(lead).toMatchObject({
      kind: "contact",
      spam: false,
      fields: { "full-name": "Casey E2E", email },
      metadata: { source: "contact_form", page: "/" },
    });
  });

  test("a bad website comes back with the message next to the visitor's input, then sends", async ({
    page,
    consoleErrors,
  }) => {
    const email = unique("audit-fix");
    await page.goto("/");
    const form = await fillAudit(page, email, "not a website");
    const post = page.waitForResponse((r) => r.url().endsWith("/api/leads"));
    await form.getByRole("button", { name: "Get My Free Audit" }).click();
    // Post/Redirect/Get: the review page has its own address, never /api/leads.
    expect((await post).status()).toBe(303);
    await page.waitForURL((url) => url.pathname === "/form-review");
    // Chromium reports any 4xx document as a console error; this 422 is the point of the test.
    await expect.poll(() => consoleErrors.findIndex((e) => /status of 422/.test(e))).toBe(0);
    consoleErrors.splice(0, 1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(leadMessages.review.title);
    // A reload shows the same page and sends nothing.
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.reload();
    await expect.poll(() => consoleErrors.findIndex((e) => /status of 422/.test(e))).toBe(0);
    consoleErrors.splice(0, 1);
    expect(new URL(page.url()).pathname).toBe("/form-review");
    expect(posts).toEqual([]);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(leadMessages.review.title);
    await expect(page.getByRole("alert")).toContainText(leadMessages.invalid);
    const again = page.locator('form[data-lead-form="audit"]');
    const website = again.getByLabel("Website");
    await expect(website).toHaveValue("not a website");
    await expect(website).toHaveAttribute("aria-invalid", "true");
    await expect(again.locator("#review-website-error")).toHaveText(leadMessages.website);
    await expect(again.getByLabel("Company Name")).toHaveValue("Green Acres E2E");
    await expect(again.getByLabel("Email")).toHaveValue(email);
    await expect(again.getByLabel(/What would you like to grow/)).toHaveValue(
      "More mowing contracts.",
    );
    expect((await storedLeads()).some((l) => l.fields.email === email)).toBe(false);

    await website.fill("greenacres-fixed.test");
    await submitAndLand(page, "Get My Free Audit", again, consoleErrors);
    const lead = await leadWithEmail(email);
    expect(lead.fields.website).toBe("greenacres-fixed.test");
    // The page it was first sent from is carried over, not the review page.
    expect(lead.metadata.page).toBe("/");
  });
});
