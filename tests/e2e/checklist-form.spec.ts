/**
 * A guide's checklist offer in Chromium (issue 15): the form (name, email, optional business
 * type, an unticked box for further emails) stores a `guide` lead with the guide as its page and
 * hands out the checklist at once: in place with JavaScript (a download button), and on
 * /checklists/ready without it. Both links download the PDF; a changed link gets 403 with the
 * form again, which works from there. Keyboard-usable, axe-clean, no sideways scroll at 375 px.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hasHorizontalOverflow, test } from "./fixtures";
import { humanPause, leadsWithEmail, uniqueEmail } from "./leads";

const GUIDE = "/guides/google-business-profile-lawn-care";
const form = (page: Page) => page.locator('form[data-lead-form="guide"]');
const offer = (page: Page) => page.locator("#checklist");

async function fill(page: Page, email: string, business = "") {
  await form(page).getByLabel("Your Name").fill("Robin Reader");
  await form(page).getByLabel("Email Address").fill(email);
  if (business) await form(page).getByLabel("Type of Business (optional)").fill(business);
}

/** The first bytes and type of what a link downloads. */
async function download(page: Page, href: string) {
  const res = await page.request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  return (await res.body()).subarray(0, 5).toString("latin1");
}

test.describe("checklist form with JavaScript", () => {
  test("a guide page loads no script until the visitor touches the form", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(GUIDE);
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(800);
    expect(scripts).toEqual([]);
    await form(page).getByLabel("Your Name").focus();
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    expect(scripts.every((s) => s.startsWith("/_astro/"))).toBe(true);
  });

  test("the checklist offer by keyboard: through the fields and the box to the button", async ({
    page,
  }) => {
    // What the offer says (its heading, what is inside) is read from the build: tests/content.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(GUIDE);
    const box = form(page).getByRole("checkbox");
    await expect(box).not.toBeChecked();
    await expect(box).toHaveAccessibleName(/send me new guides/);
    // Keyboard: from the name field through email, business type and the box to the button.
    await form(page).getByLabel("Your Name").focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
    await expect(box).toBeFocused();
    await page.keyboard.press("Space");
    await expect(box).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(form(page).getByRole("button", { name: "Send Me the Checklist" })).toBeFocused();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await offer(page).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
  });

  test("stores a guide lead and shows the download link in place", async ({ page }) => {
    const email = uniqueEmail("checklist-js");
    await page.goto(`${GUIDE}?utm_source=e2e-guides`);
    await fill(page, email, "Lawn care");
    await form(page).getByRole("checkbox").check();
    await humanPause(page);
    await form(page).getByRole("button", { name: "Send Me the Checklist" }).click();
    const done = offer(page).locator("[data-form-success]");
    await expect(done.getByRole("heading", { name: "Your Checklist Is Ready" })).toBeFocused();
    const link = done.getByRole("link", { name: "Download the Checklist (PDF)" });
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/checklists\/[\w-]+\.[\w-]+$/);
    expect(await download(page, href!)).toBe("%PDF-");
    // A real download from the button, as a visitor gets it.
    const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(file.suggestedFilename()).toBe("gbp-checklist.pdf");
    await expectNoAxeViolations(page);
    const [lead] = await leadsWithEmail(email, "guide");
    expect(lead).toMatchObject({
      form: "guide",
      spam: false,
      fields: {
        name: "Robin Reader",
        email,
        businessType: "Lawn care",
        consent: "yes",
        checklist: "gbp-checklist",
      },
      metadata: { source: "guide_checklist", page: GUIDE, utm: { utm_source: "e2e-guides" } },
    });
  });

  test("a changed link answers 403 with the form again, and the form works from there", async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const email = uniqueEmail("checklist-again");
    const res = await page.request.post("/api/leads", {
      data: { _form: "guide", name: "Robin Reader", email, checklist: "reviews-checklist" },
    });
    const { download: href } = (await res.json()) as { download: string };
    const changed = `${href.slice(0, -3)}${href.endsWith("xyz") ? "abc" : "xyz"}`;
    expect((await page.goto(changed))?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "This Download Link Does Not Work Any More",
    );
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);
    const again = uniqueEmail("checklist-again-2");
    await fill(page, again);
    await humanPause(page);
    await form(page).getByRole("button", { name: "Send Me the Checklist" }).click();
    await expect(page.getByRole("heading", { name: "Your Checklist Is Ready" })).toBeVisible();
    const [lead] = await leadsWithEmail(again, "guide");
    expect(lead!.fields.checklist).toBe("reviews-checklist");
    const rest = consoleErrors.filter((e) => !/status of 403/.test(e));
    consoleErrors.splice(0, consoleErrors.length, ...rest);
  });
});

test("the page a form post without JavaScript lands on is axe-clean and fits a phone", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const res = await page.request.post("/api/leads", {
    form: {
      _form: "guide",
      name: "Robin Reader",
      email: uniqueEmail("ready"),
      checklist: "hiring-checklist",
    },
    headers: { origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  await page.goto(res.headers()["location"]!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Checklist Is Ready");
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await expectNoAxeViolations(page);
});

test.describe("checklist form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts natively, lands on the download page, and the link downloads the PDF", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const email = uniqueEmail("checklist-nojs");
    await page.goto(GUIDE);
    await fill(page, email);
    await humanPause(page);
    await form(page).getByRole("button", { name: "Send Me the Checklist" }).click();
    await expect(page).toHaveURL(/\/checklists\/ready\?t=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Checklist Is Ready");
    await expect(page.getByText(/Google Business Profile checklist now/)).toBeVisible();
    const href = await page
      .getByRole("link", { name: "Download the Checklist (PDF)" })
      .getAttribute("href");
    expect(await download(page, href!)).toBe("%PDF-");
    await expect(page.getByRole("link", { name: "Back to the Guide" })).toHaveAttribute(
      "href",
      GUIDE,
    );
    expect(await hasHorizontalOverflow(page)).toBe(false);
    const [lead] = await leadsWithEmail(email, "guide");
    expect(lead).toMatchObject({
      spam: false,
      fields: {
        name: "Robin Reader",
        email,
        businessType: "",
        consent: "",
        checklist: "gbp-checklist",
      },
      metadata: { source: "guide_checklist", page: GUIDE },
    });
  });
});
