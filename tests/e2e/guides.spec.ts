/**
 * The free guides in Chromium (issue 15): the list and a guide page are axe-clean, no guide page
 * scrolls sideways at 375 px, the RSS feed is served as XML, search works with and without
 * JavaScript, and a checklist link that does not work says so. What the pages say (the list
 * newest first, a page per topic, a guide's contents, dates, related guides, JSON-LD and share
 * picture, the feed's items, the guide cards on other pages) is read from the build:
 * tests/content/guides.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, expectNoAxeViolations, hasHorizontalOverflow, test } from "./fixtures";

const dir = resolve(import.meta.dirname, "../../src/content/guides");

/** The guides as written: id and published day, newest first (their pages' order). */
const guides = readdirSync(dir)
  .filter((f) => f.endsWith(".md"))
  .map((f) => ({
    id: f.replace(/\.md$/, ""),
    published: /^published: *(\S+)$/m.exec(readFileSync(join(dir, f), "utf8"))![1]!,
  }))
  .sort((a, b) => b.published.localeCompare(a.published) || a.id.localeCompare(b.id));

test.describe("free guides", () => {
  test("the list and the newest guide are axe-clean on a desktop", async ({ page }) => {
    for (const path of ["/guides", `/guides/${guides[0]!.id}`]) {
      await page.goto(path);
      await expectNoAxeViolations(page);
    }
  });

  test("every guide page and list fits a 375 px phone and is axe-clean", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of [
      "/guides",
      "/guides/topic/seo-optimization",
      ...guides.map((g) => `/guides/${g.id}`),
    ]) {
      await page.goto(path);
      expect(await hasHorizontalOverflow(page), path).toBe(false);
    }
    await expectNoAxeViolations(page);
  });

  test("the RSS feed is served as XML with every guide", async ({ request }) => {
    const feed = await request.get("/guides/rss.xml");
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toMatch(/xml/);
    expect((await feed.text()).match(/<item>/g)).toHaveLength(guides.length);
  });

  test("search finds guides in the browser, loading Pagefind only once the visitor searches", async ({
    page,
  }) => {
    const loaded: string[] = [];
    page.on("request", (r) => loaded.push(new URL(r.url()).pathname));
    await page.goto("/guides");
    await page.waitForTimeout(500);
    expect(loaded.filter((p) => p.startsWith("/pagefind/") || p.endsWith(".js"))).toEqual([]);
    const box = page.getByRole("searchbox", { name: "Search the guides" });
    await box.fill("crew hiring");
    await expect(page.getByRole("status")).toHaveText("1 guide matches “crew hiring”.");
    const results = page.locator("form[role=search] ~ ul a");
    await expect(results).toHaveText([
      "Hiring Your Spring Crew: A Playbook for Landscaping Owners",
    ]);
    await expect(results.first()).toHaveAttribute("href", "/guides/spring-crew-hiring");
    await expect(page.locator("form[role=search] ~ ul mark").first()).toBeVisible();
    expect(loaded).toContain("/pagefind/pagefind.js");
    await box.fill("reviews");
    await expect(page.getByRole("status")).toHaveText(/^\d+ guides match “reviews”\.$/);
    await box.fill("zzzqqq");
    await expect(page.getByRole("status")).toHaveText(/^No guide matches “zzzqqq”/);
    await expectNoAxeViolations(page);
  });

  test("without JavaScript the search form asks /guides/search, which answers", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/guides");
    await page.getByRole("searchbox", { name: "Search the guides" }).fill("google business");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/guides\/search\?q=google\+business$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search the Free Guides");
    const first = page.locator("#results ul a").first();
    await expect(first).toHaveText("Google Business Profile for Lawn Care Companies");
    await first.click();
    await expect(page).toHaveURL(/\/guides\/google-business-profile-lawn-care$/);
    await context.close();
  });

  test("a checklist link that does not work says so, leads back to the guides, axe-clean", async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const res = await page.goto("/checklists/not-a-link.at-all");
    expect(res?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "This Download Link Does Not Work Any More",
    );
    await expect(page.getByRole("link", { name: "Browse the Free Guides" })).toHaveAttribute(
      "href",
      "/guides",
    );
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);
    // The browser logs the 403 itself; nothing else may be logged.
    const rest = consoleErrors.filter((e) => !/status of 403/.test(e));
    consoleErrors.splice(0, consoleErrors.length, ...rest);
  });
});
