/**
 * First-party analytics in real Chromium: page views sent by the site's own beacon show up in the
 * inbox's Performance view as that many visits by one unique visitor, with the form start and
 * the lead of the visit; a crawler's user agent and a browser with Global Privacy Control are
 * not counted (the latter sends nothing at all); the page sets no cookie; the report is
 * axe-clean, sortable and fits a phone. Each test tags its visits with a campaign of its own
 * (other tests browse the same server with a headless user agent, which is not counted).
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { test, expect, expectNoAxeViolations, hasHorizontalOverflow } from "./fixtures";
import { humanPause } from "./leads";
import { signInAs } from "./staff";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const GOOGLEBOT =
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/156.0.0.0 Safari/537.36";

const campaign = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

/** A visitor's browser: blocked from other hosts, keeping the beacons the server answered. */
async function visitor(
  browser: Browser,
  baseURL: string,
  options: Parameters<Browser["newContext"]>[0],
) {
  const context = await browser.newContext({ baseURL, ...options });
  const origin = new URL(baseURL).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort("blockedbyclient"),
  );
  const page = await context.newPage();
  const beacons: string[] = [];
  // Counted once answered: a context closed while a beacon is in flight would cancel it.
  page.on("response", (r) => {
    if (r.url().endsWith("/api/events")) beacons.push(r.request().postData() ?? "");
  });
  return { context, page, beacons };
}

/** Visits the paths in one tab, the first with the campaign's UTM tags, waiting for each beacon. */
async function browse(
  page: Page,
  beacons: string[],
  paths: string[],
  tag: string,
  expectBeacons = true,
) {
  for (const [i, path] of paths.entries()) {
    const url = i === 0 ? `${path}?utm_source=e2e&utm_medium=test&utm_campaign=${tag}` : path;
    const sent = beacons.length;
    await page.goto(url);
    await page.waitForLoadState("load");
    if (expectBeacons) await expect.poll(() => beacons.length).toBeGreaterThan(sent);
  }
}

async function signedInStaff(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAs(page, `perf-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`, {
    baseURL,
  });
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin$/);
  return { context, page };
}

/** The campaigns table's cells for a campaign, or null when it has no row. */
async function campaignRow(page: Page, tag: string): Promise<string[] | null> {
  await page.goto("/admin/performance?period=7d");
  const row = page.locator(`[data-report="campaigns"] tr[data-row="${tag}"]`);
  if ((await row.count()) === 0) return null;
  return (await row.locator("th, td").allInnerTexts()).map((t) => t.trim());
}

test.describe("analytics", () => {
  test("page views from a browser are that many visits by one visitor; a form start and a lead make the funnel", async ({
    browser,
    baseURL,
  }) => {
    const tag = campaign("views");
    const v = await visitor(browser, baseURL!, { userAgent: CHROME, locale: "en-US" });
    await browse(
      v.page,
      v.beacons,
      ["/", "/seo-optimization", "/case-studies", "/contact-us"],
      tag,
    );
    // The first input into the contact page's form is its start: one beacon, however much is typed.
    const form = v.page.locator('form[data-lead-form="contactPage"]');
    const before = v.beacons.length;
    await form.locator('[name="full-name"]').fill("Robin Report");
    await form.locator('[name="email"]').fill("robin.report@example.test");
    await expect.poll(() => v.beacons.length).toBe(before + 1);
    expect(JSON.parse(v.beacons.at(-1)!)).toMatchObject({ k: "start", f: "contactPage" });
    await form.locator('[name="company"]').fill("Robin Lawns");
    await form.locator('[name="message"]').fill("How did my campaign do?");
    await humanPause(v.page); // a person takes a few seconds (the fill-time check)
    await form.getByRole("button").click();
    await expect(v.page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect.poll(() => v.beacons.length).toBe(before + 2);
    expect((await v.context.cookies()).length).toBe(0);
    await v.context.close();

    const staff = await signedInStaff(browser, baseURL!);
    // Four page views (the thank-you page is a fifth), one visitor, one start, one lead sent
    // with JavaScript (its visit counted: none without), not contacted or won yet.
    await expect
      .poll(() => campaignRow(staff.page, tag), { timeout: 10_000 })
      .toEqual([tag, "5", "1", "1", "1", "0", "100.0%", "0", "0", "$0", "$0.00"]);
    await staff.context.close();
  });

  test("a crawler's user agent and a browser with Global Privacy Control are not counted", async ({
    browser,
    baseURL,
  }) => {
    const botTag = campaign("bot");
    const bot = await visitor(browser, baseURL!, { userAgent: GOOGLEBOT });
    await browse(bot.page, bot.beacons, ["/", "/industries"], botTag);
    await bot.context.close();

    const gpcTag = campaign("gpc");
    const gpc = await visitor(browser, baseURL!, {
      userAgent: CHROME,
      extraHTTPHeaders: { "Sec-GPC": "1" },
    });
    await gpc.context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
    );
    await browse(gpc.page, gpc.beacons, ["/", "/industries"], gpcTag, false);
    await gpc.page.waitForTimeout(500);
    expect(gpc.beacons).toEqual([]);
    await gpc.context.close();

    // A counted visitor afterwards shows the report is current, and the other two are absent.
    const seenTag = campaign("seen");
    const seen = await visitor(browser, baseURL!, { userAgent: CHROME });
    await browse(seen.page, seen.beacons, ["/"], seenTag);
    await seen.context.close();
    const staff = await signedInStaff(browser, baseURL!);
    await expect
      .poll(() => campaignRow(staff.page, seenTag), { timeout: 10_000 })
      .toEqual([seenTag, "1", "1", "0", "0", "0", "0.0%", "0", "0", "$0", "$0.00"]);
    expect(await campaignRow(staff.page, botTag)).toBeNull();
    expect(await campaignRow(staff.page, gpcTag)).toBeNull();
    await staff.context.close();
  });

  test("the report is axe-clean, sorts by a column, downloads CSV and fits a phone", async ({
    browser,
    baseURL,
  }) => {
    const v = await visitor(browser, baseURL!, { userAgent: CHROME });
    await browse(v.page, v.beacons, ["/industries", "/website-design"], campaign("sort"));
    await v.context.close();
    const staff = await signedInStaff(browser, baseURL!);
    const page = staff.page;
    await page
      .getByRole("navigation", { name: "Inbox sections" })
      .getByRole("link", { name: "Performance" })
      .click();
    await expect(page.getByRole("heading", { name: "Performance", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    // Sorting by keyboard: the Pages table by page, ascending then descending.
    const sortLink = page
      .locator('[data-report="pages"]')
      .getByRole("link", { name: "Sort by Page" });
    await sortLink.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/sort_pages=key&dir_pages=desc/);
    const pageHeader = page.locator('[data-report="pages"] th[aria-sort]');
    await expect(pageHeader).toHaveAttribute("aria-sort", "descending");
    const pages = await page.locator('[data-report="pages"] tbody th').allInnerTexts();
    expect(pages).toEqual([...pages].sort((a, b) => b.localeCompare(a)));
    expect(pages).toEqual(expect.arrayContaining(["/industries", "/website-design"]));
    const download = page.waitForEvent("download");
    await page
      .locator('[data-report="sources"]')
      .getByRole("link", { name: "Download as CSV" })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^performance-sources-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    // A custom period of the wrong way round says so.
    await page.getByLabel("Period", { exact: true }).selectOption("custom");
    await page.getByLabel("From", { exact: true }).fill("2026-05-10");
    await page.getByLabel("To", { exact: true }).fill("2026-05-01");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByRole("alert")).toContainText("first day comes after its last");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/performance?period=90d");
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: "test-results/performance-phone.png", fullPage: true });
    await staff.context.close();
  });
});
