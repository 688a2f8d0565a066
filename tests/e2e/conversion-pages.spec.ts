/**
 * The six conversion pages of issue 5 in Chromium: accessibility and the phone layout, what must
 * show (the video, the calendar's region, the form headings, the privacy line under the form, the
 * yellow buttons), and the audit and contact forms sent for real with and without JavaScript,
 * their leads read back from the store with their metadata. Each page's copy, figures and form
 * fields are read from the build: tests/content/conversion-pages.test.ts.
 */
import type { Locator, Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { expectAccessibleOnDesktopAndPhone } from "./checks";
import { expectLanding } from "./audit";
import { humanPause, leadsWithEmail, uniqueEmail } from "./leads";

const conversionRoutes = [
  "/free-audit",
  "/thank-you",
  "/book-call",
  "/contact-us",
  "/testimonial",
  "/landscape-business-growth-initiation",
];

/** Submits a native form and checks the 303 to its /thank-you and the page the browser lands on. */
async function submitAndLand(page: Page, form: Locator, button: string) {
  const post = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/api/leads" && r.request().method() === "POST",
  );
  // The form names itself to /thank-you, which thanks for what was sent.
  const next = await form.locator('input[name="_next"]').inputValue();
  expect(next).toMatch(/^\/thank-you\?form=(audit|contact)$/);
  await form.getByRole("button", { name: button }).click();
  const response = await post;
  expect(response.status()).toBe(303);
  await expectLanding(page, response.headers()["location"], next);
}

/** What must show on each page, beside axe and the phone layout. */
const mustShow: Record<string, (page: Page) => Locator[]> = {
  "/book-call": (page) => [page.getByRole("region", { name: /Scheduling calendar/ })],
  "/contact-us": (page) => [
    page
      .locator('form[data-lead-form="contactPage"]')
      .getByRole("heading", { name: "Send Message" }),
  ],
  "/testimonial": (page) => [page.locator("[data-video-play]").first()],
};

test.describe("every conversion page", () => {
  for (const path of conversionRoutes) {
    test(`${path}: axe, 375 px, and what must show`, async ({ page }) => {
      await expectAccessibleOnDesktopAndPhone(page, path);
      for (const locator of mustShow[path]?.(page) ?? []) await expect(locator).toBeVisible();
    });
  }
});

test.describe("/free-audit", () => {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled });
      test("the audit request is stored with its metadata and lands on /thank-you", async ({
        page,
      }) => {
        const email = uniqueEmail(`free-audit-${javaScriptEnabled ? "js" : "nojs"}`);
        await page.goto("/free-audit?utm_source=e2e-ads&utm_campaign=audit");
        const form = page.locator('form[data-lead-form="audit"]');
        await form.getByLabel("Company Name").fill("Audit Lawns E2E");
        await form.getByLabel("Owner Name").fill("Avery E2E");
        await form.getByLabel("Website").fill("auditlawns-e2e.test");
        await form.getByLabel("Email").fill(email);
        if (javaScriptEnabled) await humanPause(page);
        await submitAndLand(page, form, "Get My Free Audit");
        const [lead] = await leadsWithEmail(email, "audit");
        expect(lead).toMatchObject({
          form: "audit",
          subject: "Free Marketing Audit Request",
          spam: false,
          fields: {
            companyName: "Audit Lawns E2E",
            ownerName: "Avery E2E",
            // Stored as typed; the check tries https, then http (D250).
            website: "auditlawns-e2e.test",
            email,
            message: "",
          },
          metadata: {
            source: "audit_form",
            page: "/free-audit",
            utm: { utm_source: "e2e-ads", utm_campaign: "audit" },
          },
        });
        expect(lead!.metadata.userAgent).toContain("Chrome");
      });
    });
  }
});

test.describe("/contact-us", () => {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled });
      test("the message is stored as a contact lead and lands on /thank-you", async ({ page }) => {
        const email = uniqueEmail(`contact-page-${javaScriptEnabled ? "js" : "nojs"}`);
        await page.goto("/contact-us?utm_source=e2e-card");
        const form = page.locator('form[data-lead-form="contactPage"]');
        await form.getByLabel("Full Name").fill("Morgan E2E");
        await form.getByLabel("Email").fill(email);
        await form.getByLabel("Company").fill("Morgan Hardscapes");
        await form.getByLabel("Message").fill("We want more patio jobs.");
        if (javaScriptEnabled) await humanPause(page);
        await submitAndLand(page, form, "Send Message");
        const [lead] = await leadsWithEmail(email, "contact");
        expect(lead).toMatchObject({
          form: "contactPage",
          subject: "Contact Form Submission",
          spam: false,
          fields: {
            "full-name": "Morgan E2E",
            email,
            phone: "",
            company: "Morgan Hardscapes",
            message: "We want more patio jobs.",
          },
          metadata: {
            source: "contact_page_form",
            page: "/contact-us",
            utm: { utm_source: "e2e-card" },
          },
        });
      });
    });
  }
});

test.describe("/testimonial", () => {
  test("the privacy line sits right under the form card", async ({ page }) => {
    await page.goto("/testimonial");
    const form = page.locator('form[data-lead-form="testimonial"]');
    const privacy = page.locator("[data-privacy]");
    await expect(privacy).toBeVisible();
    const card = (await form.boundingBox())!;
    expect((await privacy.boundingBox())!.y).toBeGreaterThan(card.y + card.height);
  });
});

test.describe("/landscape-business-growth-initiation", () => {
  test("the five buttons back to the form are yellow", async ({ page }) => {
    await page.goto("/landscape-business-growth-initiation");
    const yellow = page.locator('main a[href="#offer-form"]');
    await expect(yellow).toHaveCount(5);
    for (const button of await yellow.all())
      await expect(button).toHaveCSS("background-color", "rgb(250, 204, 21)");
  });
});
