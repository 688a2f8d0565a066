/**
 * The six conversion pages of issue 5: each page's copy and figures (spec sections 2 and 9),
 * accessibility and the phone layout, and the audit and contact forms sent for real with and
 * without JavaScript, their leads read back from the store with their metadata.
 */
import type { Locator, Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import {
  expectAccessibleOnDesktopAndPhone,
  expectEveryControlLeadsSomewhere,
  expectExternalLinksSafe,
  expectOneH1AndLandmarks,
} from "./checks";
import { expectLanding } from "./audit";
import { humanPause, leadsWithEmail, uniqueEmail } from "./leads";
import { formatHoursLong, formatPhone, formatUsd, phoneHref } from "../../src/lib/format";
import { site } from "../../src/config/site";

export const conversionRoutes = [
  "/free-audit",
  "/thank-you",
  "/book-call",
  "/contact-us",
  "/testimonial",
  "/landscape-business-growth-initiation",
];

const auditValue = formatUsd(site.offers.auditValue);

/** name:type:required-or-optional of every visible control of a form. */
const controls = (form: Locator) =>
  form.evaluate((f) =>
    Array.from(f.querySelectorAll<HTMLInputElement>("input:not([type=hidden]), textarea, select"))
      .filter((el) => !el.closest("[aria-hidden=true]"))
      .map((el) => `${el.name}:${el.type}:${el.required ? "required" : "optional"}`),
  );

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

test.describe("every conversion page", () => {
  for (const path of conversionRoutes) {
    test(`${path}: one h1, landmarks, no dead controls, safe external links, axe, 375 px`, async ({
      page,
    }) => {
      await page.goto(path);
      await expectOneH1AndLandmarks(page);
      await expectEveryControlLeadsSomewhere(page);
      await expectExternalLinksSafe(page);
      await expectAccessibleOnDesktopAndPhone(page, path);
    });
  }

  test("no conversion page blocks indexing (/thank-you is left out of the sitemap instead)", async ({
    page,
  }) => {
    for (const path of conversionRoutes) {
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]'), path).toHaveCount(0);
    }
  });
});

test.describe("/free-audit", () => {
  test("shows the headline, the form, the three benefits and the limited-time offer", async ({
    page,
  }) => {
    await page.goto("/free-audit");
    await expect(page.locator("h1")).toHaveText("Get Your FREE Marketing Audit");
    await expect(page.locator("#audit-request h3")).toHaveText([
      "Comprehensive Analysis",
      "Custom Strategy",
      "Growth Opportunities",
    ]);
    const offer = page.locator("#audit-offer");
    await expect(offer).toContainText("LIMITED TIME OFFER");
    await expect(offer).toContainText(`Normally ${auditValue}, free for a limited time`);
    const form = page.locator('form[data-lead-form="audit"]');
    expect(await controls(form)).toEqual([
      "companyName:text:required",
      "ownerName:text:required",
      "website:text:required",
      "email:email:required",
      "message:textarea:optional",
    ]);
    await expect(form.locator('input[name="_next"]')).toHaveValue("/thank-you?form=audit");
    await expect(form.locator('input[name="_subject"]')).toHaveValue(
      "Free Marketing Audit Request",
    );
  });

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
            website: "https://auditlawns-e2e.test",
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

test.describe("/thank-you", () => {
  test("confirms the request, promises the reply time and links home and to /industries", async ({
    page,
  }) => {
    await page.goto("/thank-you");
    await expect(page.locator("h1")).toContainText("Your Request Has Been Submitted");
    await expect(page.locator("#thanks")).toContainText(`within ${site.offers.replyHours} hours`);
    await expect(page.locator("#schedule h2")).toHaveText(
      `Book Your Free ${site.scheduling.callMinutes}-Minute Strategy Call`,
    );
    const links = page.locator("#next-steps a");
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/",
      "/industries",
    ]);
  });
});

test.describe("/book-call", () => {
  test("offers the 30-minute call, what to expect, and links to /free-audit and home", async ({
    page,
  }) => {
    await page.goto("/book-call");
    await expect(page.locator("h1")).toHaveText("Book Your Free Strategy Call");
    await expect(page.locator("#schedule")).toContainText(
      `${site.scheduling.callMinutes}-Minute Call`,
    );
    await expect(page.locator("#what-to-expect h2")).toHaveText("What to Expect on This Call");
    await expect(page.locator("#what-to-expect h3")).toHaveText([
      "Business Assessment",
      "Custom Strategy",
      "Next Steps",
    ]);
    const links = page.locator("#more-options a");
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/free-audit",
      "/",
    ]);
    await expect(page.getByRole("region", { name: /Scheduling calendar/ })).toBeVisible();
  });
});

test.describe("/contact-us", () => {
  test("shows the contact details, four reasons, the form and the other ways to connect", async ({
    page,
  }) => {
    await page.goto("/contact-us");
    const touch = page.locator("#get-in-touch");
    await expect(touch.locator("h2").first()).toHaveText("Get In Touch");
    await expect(touch.locator(`a[href="${phoneHref(site.phone)}"]`)).toHaveText(
      formatPhone(site.phone),
    );
    await expect(touch.locator(`a[href="mailto:${site.email}"]`)).toHaveText(site.email);
    await expect(touch).toContainText("Serving Landscape Businesses Nationwide");
    await expect(touch).toContainText(formatHoursLong(site.hours));
    await expect(touch).toContainText("Monday to Friday 9:00 AM to 6:00 PM EST");
    await expect(touch.locator("h4")).toHaveCount(4);

    const form = page.locator('form[data-lead-form="contactPage"]');
    await expect(form.getByRole("heading", { name: "Send Message" })).toBeVisible();
    expect(await controls(form)).toEqual([
      "full-name:text:required",
      "email:email:required",
      "phone:tel:optional",
      "company:text:required",
      "message:textarea:required",
    ]);
    await expect(form.locator('input[name="_subject"]')).toHaveValue("Contact Form Submission");

    const other = page.locator("#other-ways");
    await expect(other.locator("h2")).toHaveText("Other Ways to Connect");
    await expect(other.locator("h3")).toHaveText(["Call Us Directly", "Book a Strategy Call"]);
    await expect(other.locator(`a[href="${phoneHref(site.phone)}"]`)).toHaveText(
      formatPhone(site.phone),
    );
    await expect(other.getByRole("link", { name: "Book a Strategy Call" })).toHaveAttribute(
      "href",
      "/book-call",
    );
  });

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
  test("shows the badge, heading, video, stats row and the form card", async ({ page }) => {
    await page.goto("/testimonial");
    await expect(page.locator("#stories-hero")).toContainText("Real Success Stories");
    await expect(page.locator("h1")).toHaveText("See How We're Transforming Businesses");
    await expect(page.locator("[data-video-play]")).toBeVisible();
    const stats = page.locator("[data-stats] > div");
    await expect(stats.locator("dd")).toHaveText(["300%", "200+", "#1"]);
    await expect(stats.locator("dt")).toHaveText([
      "Revenue Growth",
      "Leads Monthly",
      "Search Rankings",
    ]);
    const form = page.locator('form[data-lead-form="testimonial"]');
    await expect(form.getByRole("heading")).toHaveText("Ready to Transform Your Business?");
    for (const label of ["Full Name *", "Email Address *", "Phone Number *"])
      await expect(form.locator("label", { hasText: label.replace(" *", "") })).toHaveText(label);
    expect(await controls(form)).toEqual([
      "name:text:required",
      "email:email:required",
      "phone:tel:required",
    ]);
    // Hints, not sample answers (first-screen.spec.ts checks every form's).
    await expect(form.getByLabel("Full Name")).toHaveAttribute("placeholder", "Your full name");
    await expect(form.getByLabel("Email Address")).toHaveAttribute(
      "placeholder",
      "Your email address",
    );
    await expect(form.getByLabel("Phone Number")).toHaveAttribute(
      "placeholder",
      "Your number with area code",
    );
    await expect(form.getByRole("button")).toHaveText("Get Started Today");
    // The privacy line sits right under the form card.
    const privacy = page.locator("[data-privacy]");
    await expect(privacy).toContainText("Your information is secure and will never be shared");
    const card = (await form.boundingBox())!;
    expect((await privacy.boundingBox())!.y).toBeGreaterThan(card.y + card.height);
  });
});

test.describe("/landscape-business-growth-initiation", () => {
  test("shows the offer, its footnote and every block the spec lists below the form", async ({
    page,
  }) => {
    await page.goto("/landscape-business-growth-initiation");
    await expect(page.locator("h1")).toHaveText(
      "Landscapers, Don't Pay Until You Get 5 Booked Estimates*",
    );
    await expect(page.locator("[data-footnote]")).toHaveText(
      /^\*Limited eligibility based on the business information/,
    );
    for (const id of ["partner", "is-this-you", "results", "services", "guarantee", "why-us"])
      await expect(page.locator(`#${id}`), `#${id}`).toHaveCount(1);
    await expect(page.locator("#free-audit-cta h2")).toHaveText("Get Your Free Digital Audit");
    await expect(page.locator("#services h3")).toHaveText([
      "Conversion Optimization",
      "Local Service Ads",
      "SMS Marketing and AI Integration",
      "Recruiting",
      "Ad and Search Optimization",
      "Business Listing Optimization",
      "Web Design",
      "Social Ads",
    ]);
    await expect(page.locator("#guarantee")).toContainText("Zero-risk guarantee");

    const studies = page.locator("#results li a");
    await expect(studies).toHaveCount(2);
    expect(
      await studies.evaluateAll((as) =>
        as.map((a) => `${a.getAttribute("href")} ${a.getAttribute("target")}`),
      ),
    ).toEqual(["/case-study/puretek-llc _blank", "/case-study/romans-roofing-llc _blank"]);
    await expect(studies.first()).toContainText("(opens in a new tab)");

    const yellow = page.locator('main a[href="#offer-form"]');
    await expect(yellow).toHaveText([
      "Get Your 5 Free Estimates Now",
      "Start Your Zero-Risk Growth Plan",
      "Claim Your Risk-Free Offer",
      "Make Your Decision Now",
      "Get Started Today",
    ]);
    for (const button of await yellow.all())
      await expect(button).toHaveCSS("background-color", "rgb(250, 204, 21)");
  });
});
