/**
 * The growth page's 3-step form (spec sections 2, 4, 5, 8): progress 'Step N of 3' and 33/67/100%
 * with a 400 ms animation; the step-1 alert; the partial lead stored on 'Next'; the whole lead
 * stored on 'Submit', then /thank-you; a failed request shown with the input kept and a retry;
 * one form in both placements (375 and 1280 px); the five yellow buttons back to the form; and
 * the three steps as one native form without JavaScript.
 */
import type { Page } from "@playwright/test";
import { test, expect, expectNoAxeViolations } from "./fixtures";
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

const PATH = "/landscape-business-growth-initiation";
const form = (page: Page) => page.locator('form[data-lead-form="growth"]');
const progress = (page: Page) =>
  form(page).locator("[data-growth-step-label], [data-growth-percent]");
const next = (page: Page) => form(page).getByRole("button", { name: "Next" });
const submit = (page: Page) => form(page).getByRole("button", { name: "Submit", exact: true });

async function fillStep1(page: Page, email: string) {
  await form(page).getByLabel("Full Name").fill("Riley E2E");
  await form(page).getByLabel("Email").fill(email);
  await form(page).getByLabel("Phone Number").fill("512-555-3030");
}

async function fillStep2(page: Page) {
  await form(page).getByLabel("Landscaping Company Name").fill("Riley Outdoor");
  await form(page).getByLabel("Website (optional)").fill("rileyoutdoor-e2e.test");
  await form(page).getByLabel("City and State").fill("Austin, TX");
}

async function fillStep3(page: Page) {
  await form(page).getByLabel("Revenue goal for the next 12 months").fill("$1.2M");
  await form(page).getByLabel("Current yearly revenue").fill("$600k");
  await form(page).getByLabel("Jobs done per month now").fill("25");
  await form(page).getByLabel("Jobs you want per month").fill("45");
  await form(page).getByLabel("Which types of jobs do you want more of?").fill("Patios");
  await form(page).getByLabel("Interested in recruitment services?").selectOption("Yes");
  await form(page)
    .getByLabel(/AI or software integration/)
    .selectOption("No");
}

const step3Fields = {
  company: "Riley Outdoor",
  website: "rileyoutdoor-e2e.test",
  location: "Austin, TX",
  revenueGoals: "$1.2M",
  currentRevenue: "$600k",
  currentJobs: "25",
  desiredJobs: "45",
  jobTypes: "Patios",
  recruitment: "Yes",
  aiIntegration: "No",
};

/** The form has hydrated once its step checks are its own (the browser's are switched off). */
const hydrated = (page: Page) =>
  expect.poll(() => form(page).evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true);

test.describe("growth form with JavaScript", () => {
  test("'Next' with an empty field shows the alert and stays on step 1", async ({ page }) => {
    const posts = countLeadPosts(page);
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await page.goto(PATH);
    await hydrated(page);
    await expect(progress(page)).toHaveText(["Step 1 of 3", "33%"]);
    await next(page).click();
    await form(page).getByLabel("Full Name").fill("Riley E2E");
    await form(page).getByLabel("Email").fill("riley@e2e.test");
    await next(page).click();
    // Blanks count as empty.
    await form(page).getByLabel("Phone Number").fill("   ");
    await next(page).click();
    expect(alerts).toEqual([
      "alert: Please fill in all fields.",
      "alert: Please fill in all fields.",
      "alert: Please fill in all fields.",
    ]);
    await expect(progress(page)).toHaveText(["Step 1 of 3", "33%"]);
    await expect(form(page).getByLabel("Full Name")).toBeVisible();
    await expect(form(page).getByLabel("Full Name")).toHaveValue("Riley E2E");
    expect(posts).toHaveLength(0);
  });

  test("three steps: the partial lead on 'Next', the whole lead on 'Submit', then /thank-you", async ({
    page,
  }) => {
    const email = uniqueEmail("growth");
    const posts = countLeadPosts(page);
    await page.goto(`${PATH}?utm_source=e2e-fb&utm_medium=paid&utm_campaign=estimates&utm_term=x`);
    await hydrated(page);
    await humanPause(page);
    await fillStep1(page, email);

    const partial = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/leads");
    await next(page).click();
    expect((await partial).status()).toBe(201);
    await expect(progress(page)).toHaveText(["Step 2 of 3", "67%"]);
    await expect(form(page).getByLabel("Landscaping Company Name")).toBeFocused();
    await expectNoAxeViolations(page);
    await expect(form(page).getByLabel("Full Name")).toBeHidden();
    const [partialLead] = await leadsWithEmail(email, "growth_partial");
    expect(partialLead).toMatchObject({
      form: "growthPartial",
      spam: false,
      fields: { name: "Riley E2E", email, phone: "+15125553030" },
      metadata: {
        source: "growth_initiation_page",
        page: PATH,
        utm: {
          utm_source: "e2e-fb",
          utm_medium: "paid",
          utm_campaign: "estimates",
          utm_term: "x",
        },
      },
    });

    // Step 2 goes on without checks and without a request; there is no way back.
    await fillStep2(page);
    await next(page).click();
    await expect(progress(page)).toHaveText(["Step 3 of 3", "100%"]);
    expect(posts).toHaveLength(1);
    await expect(next(page)).toBeHidden();
    await expect(form(page).getByRole("button")).toHaveCount(1);
    await fillStep3(page);
    await submit(page).click();
    await page.waitForURL((url) => url.pathname === "/thank-you");

    const [lead] = await leadsWithEmail(email, "growth");
    expect(lead).toMatchObject({
      form: "growth",
      spam: false,
      fields: { name: "Riley E2E", email, phone: "+15125553030", ...step3Fields },
      metadata: {
        source: "growth_initiation_page",
        page: PATH,
        utm: { utm_source: "e2e-fb", utm_campaign: "estimates" },
      },
    });
    expect(posts).toHaveLength(2);
  });

  test("the progress bar animates over 400 ms, and not at all under reduced motion", async ({
    page,
  }) => {
    await page.goto(PATH);
    const bar = form(page).locator("[data-growth-bar]");
    await expect(bar).toHaveCSS("transition-duration", "0.4s");
    expect(await bar.evaluate((el) => el.style.width)).toBe("33%");
    await page.emulateMedia({ reducedMotion: "reduce" });
    const duration = await bar.evaluate((el) =>
      parseFloat(getComputedStyle(el).transitionDuration),
    );
    expect(duration).toBeLessThan(0.01);
  });

  test.describe("when the store cannot be reached", () => {
    const down = withUnavailableServer();

    test("a failed request is shown, input stays, and a retry goes on", async ({
      page,
      consoleErrors,
    }) => {
      const email = uniqueEmail("growth-503");
      await page.goto(PATH);
      await hydrated(page);
      await humanPause(page);
      await fillStep1(page, email);

      // Step 1: the partial lead cannot be stored.
      await routeLeadsTo(page, down());
      await next(page).click();
      const box = form(page).locator("[data-form-error]");
      await expect(box).toContainText("Something went wrong. Please try again.");
      await expect(box).toContainText("could not save your details");
      await expect(progress(page)).toHaveText(["Step 1 of 3", "33%"]);
      await expect(form(page).getByLabel("Email")).toHaveValue(email);
      await expect(next(page)).toBeEnabled();

      // Retry once the store is back.
      await unrouteLeads(page);
      await next(page).click();
      await expect(progress(page)).toHaveText(["Step 2 of 3", "67%"]);
      await expect(box).toHaveCount(0);
      await fillStep2(page);
      await next(page).click();
      await fillStep3(page);

      // Step 3: the whole lead cannot be stored; the visitor stays with everything typed.
      await routeLeadsTo(page, down());
      await submit(page).click();
      await expect(box).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${PATH}$`));
      await expect(progress(page)).toHaveText(["Step 3 of 3", "100%"]);
      await expect(form(page).getByLabel("Jobs you want per month")).toHaveValue("45");
      await expectNoAxeViolations(page);
      await expect(submit(page)).toBeEnabled();

      await unrouteLeads(page);
      await submit(page).click();
      await page.waitForURL((url) => url.pathname === "/thank-you");
      const [lead] = await leadsWithEmail(email, "growth");
      expect(lead!.fields).toMatchObject(step3Fields);
      allowFailedPostErrors(consoleErrors);
    });
  });
});

test.describe("growth form placements", () => {
  test("375 px: one form after the headline and before the video, in the flow", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(PATH);
    await expect(form(page)).toHaveCount(1);
    const h1 = (await page.locator("h1").boundingBox())!;
    const box = (await form(page).boundingBox())!;
    const video = (await page.locator("[data-video-placement]").boundingBox())!;
    expect(box.y).toBeGreaterThan(h1.y + h1.height);
    expect(video.y).toBeGreaterThan(box.y + box.height);
    expect(box.width).toBeLessThanOrEqual(375);
    await expect(page.locator("[data-form-placement]")).toHaveCSS("position", "static");
  });

  test("1280 px: the same form beside the video, sticky while the page scrolls", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(PATH);
    await expect(form(page)).toHaveCount(1);
    const box = (await form(page).boundingBox())!;
    const video = (await page.locator("[data-video-placement]").boundingBox())!;
    expect(box.x).toBeGreaterThan(video.x + video.width);
    expect(box.y).toBeLessThan(video.y + video.height);
    await expect(page.locator("[data-form-placement]")).toHaveCSS("position", "sticky");
    await page.mouse.wheel(0, 700);
    // Wheel scrolling may be smooth: wait until the page has really moved.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    expect((await form(page).boundingBox())!.y, "form stays in view").toBeGreaterThanOrEqual(0);
  });

  test("one state: a step reached at 1280 px is where the form is at 375 px, input kept", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = uniqueEmail("growth-resize");
    await page.goto(PATH);
    await hydrated(page);
    await humanPause(page);
    await fillStep1(page, email);
    await next(page).click();
    await expect(progress(page)).toHaveText(["Step 2 of 3", "67%"]);
    await form(page).getByLabel("City and State").fill("Boise, ID");
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(form(page)).toHaveCount(1);
    await expect(progress(page)).toHaveText(["Step 2 of 3", "67%"]);
    await expect(form(page).getByLabel("City and State")).toHaveValue("Boise, ID");
    await expect(page.locator("[data-form-placement]")).toHaveCSS("position", "static");
  });
});

test.describe("the five yellow buttons", () => {
  test("scroll smoothly back to the form at the top", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(PATH);
    await expect(page.locator("html")).toHaveCSS("scroll-behavior", "smooth");
    const last = page.getByRole("link", { name: "Get Started Today" });
    await last.scrollIntoViewIfNeeded();
    const start = await page.evaluate(() => window.scrollY);
    await last.click();
    // Smooth: part of the way after one frame, at the form in the end.
    const early = await page.evaluate(
      () => new Promise<number>((r) => requestAnimationFrame(() => r(window.scrollY))),
    );
    expect(early).toBeGreaterThan(0);
    await expect(form(page)).toBeInViewport();
    const end = await page.evaluate(() => window.scrollY);
    expect(end).toBeLessThan(start);
    expect(early).toBeGreaterThan(end);
    expect(new URL(page.url()).hash).toBe("#offer-form");
  });

  test("jump instantly under prefers-reduced-motion, and keep the query string", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${PATH}?utm_source=e2e-scroll`);
    await expect(page.locator("html")).toHaveCSS("scroll-behavior", "auto");
    for (const name of [
      "Get Your 5 Free Estimates Now",
      "Start Your Zero-Risk Growth Plan",
      "Claim Your Risk-Free Offer",
      "Make Your Decision Now",
      "Get Started Today",
    ]) {
      const link = page.getByRole("link", { name });
      await link.scrollIntoViewIfNeeded();
      await link.click();
      const y = await page.evaluate(() => window.scrollY);
      const top = await page
        .locator("#offer-form")
        .evaluate((el) => el.getBoundingClientRect().top);
      expect(y < 100 || Math.abs(top - 80) < 2, `${name}: at the form at once`).toBe(true);
      await expect(form(page)).toBeInViewport();
    }
    expect(new URL(page.url()).search).toBe("?utm_source=e2e-scroll");
  });
});

test.describe("growth form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows the three steps as one form that stores the whole lead", async ({ page }) => {
    const email = uniqueEmail("growth-nojs");
    await page.goto(`${PATH}?utm_source=e2e-nojs`);
    await expect(form(page).locator("[data-growth-progress]")).toBeHidden();
    await expect(next(page)).toBeHidden();
    await expect(submit(page)).toBeVisible();
    for (const legend of ["Basic Info", "Company Info", "Growth Goals"])
      await expect(form(page).locator("legend", { hasText: legend })).toBeVisible();
    await expect(form(page).locator('input[name="_form"]')).toHaveValue("growth");
    await fillStep1(page, email);
    await fillStep2(page);
    await fillStep3(page);
    const post = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/leads");
    await submit(page).click();
    expect((await post).status()).toBe(303);
    await page.waitForURL((url) => url.pathname === "/thank-you");
    const [lead] = await leadsWithEmail(email, "growth");
    expect(lead).toMatchObject({
      form: "growth",
      spam: false,
      fields: { name: "Riley E2E", email, phone: "+15125553030", ...step3Fields },
      metadata: { source: "growth_initiation_page", page: PATH, utm: { utm_source: "e2e-nojs" } },
    });
  });

  test("the browser's own required checks guard the native form", async ({ page }) => {
    await page.goto(PATH);
    await submit(page).click();
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
    expect(
      await form(page)
        .getByLabel("Full Name")
        .evaluate((el: HTMLInputElement) => el.validity.valueMissing),
    ).toBe(true);
  });
});
