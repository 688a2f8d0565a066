/**
 * The free guides in Chromium (issue 15): /guides lists every guide newest first with a topic
 * filter that works without JavaScript (a page per topic, each listing exactly that topic's
 * guides); a guide page has its table of contents, dates, reading time, related guides, the
 * free-audit call to action, Article and BreadcrumbList JSON-LD and a canonical URL; the RSS feed
 * lists every guide and every page announces it; home, the mobile menu, the footer, industry and
 * service pages lead to the guides; axe-clean and no sideways scrolling at 375 px.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoAxeViolations, hasHorizontalOverflow, test } from "./fixtures";
import { expectOneH1AndLandmarks } from "./checks";

const dir = resolve(import.meta.dirname, "../../src/content/guides");

/** The guides as written: id, title, published day and topics, newest first. */
const guides = readdirSync(dir)
  .filter((f) => f.endsWith(".md"))
  .map((f) => {
    const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(join(dir, f), "utf8"))![1]!;
    const field = (k: string) =>
      new RegExp(`^${k}: *(.*)$`, "m").exec(front)![1]!.replace(/^"|"$/g, "");
    return {
      id: f.replace(/\.md$/, ""),
      title: field("title"),
      published: field("published"),
      topics: field("topics")
        .replace(/[[\]]/g, "")
        .split(",")
        .map((t) => t.trim()),
    };
  })
  .sort((a, b) => b.published.localeCompare(a.published) || a.id.localeCompare(b.id));

const cardLinks = (page: Page) =>
  page.locator("#guides article h3 a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  return (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) => JSON.parse(t) as Record<string, unknown>,
  );
}

test.describe("free guides", () => {
  test("/guides lists every guide newest first, with a topic filter of plain links", async ({
    page,
  }) => {
    await page.goto("/guides");
    await expectOneH1AndLandmarks(page);
    expect(await cardLinks(page)).toEqual(guides.map((g) => `/guides/${g.id}`));
    const filter = page.getByRole("navigation", { name: "Guides by topic" });
    await expect(filter.getByRole("link", { name: "All guides" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectNoAxeViolations(page);
  });

  test("each topic page lists exactly that topic's guides, without JavaScript", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/guides");
    const topicHrefs = await page
      .getByRole("navigation", { name: "Guides by topic" })
      .getByRole("link")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")!).filter((h) => h !== "/guides"));
    const used = new Set(guides.flatMap((g) => g.topics));
    expect(topicHrefs.sort()).toEqual([...used].map((t) => `/guides/topic/${t}`).sort());
    for (const href of topicHrefs) {
      const topic = href.split("/").pop()!;
      await page.goto(href);
      expect(await cardLinks(page), href).toEqual(
        guides.filter((g) => g.topics.includes(topic)).map((g) => `/guides/${g.id}`),
      );
      await expect(
        page.getByRole("navigation", { name: "Guides by topic" }).locator('[aria-current="page"]'),
      ).toHaveAttribute("href", href);
    }
    await context.close();
  });

  test("a guide has its contents, dates, reading time, related guides, call to action and JSON-LD", async ({
    page,
  }) => {
    const guide = guides[0]!;
    await page.goto(`/guides/${guide.id}`);
    await expectOneH1AndLandmarks(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(guide.title);
    const article = page.locator("main > article");
    await expect(article).toContainText(/\d+ min read/);
    await expect(article.locator(`time[datetime="${guide.published}"]`)).toBeVisible();
    // Every entry of the table of contents jumps to a heading of the guide.
    const contents = page.getByRole("navigation", { name: "On this page" }).getByRole("link");
    expect(await contents.count()).toBeGreaterThanOrEqual(4);
    for (const href of await contents.evaluateAll((as) => as.map((a) => a.getAttribute("href")!))) {
      await expect(page.locator(`.guide-body h2${href}`)).toHaveCount(1);
    }
    await expect(page.locator("#related article")).toHaveCount(3);
    await expect(
      page.locator("#get-started").getByRole("link", { name: /Free Growth Audit/ }),
    ).toHaveAttribute("href", "/free-audit");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/guides/${guide.id}$`),
    );
    const data = await jsonLd(page);
    const articleData = data.find((d) => d["@type"] === "Article")!;
    expect(articleData).toMatchObject({ headline: guide.title, datePublished: guide.published });
    const crumbs = data.find((d) => d["@type"] === "BreadcrumbList") as {
      itemListElement: { name: string }[];
    };
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual(["Home", "Free Guides", guide.title]);
    // Its own share picture: the title on the site's green, 1200×630.
    const og = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(og).toMatch(new RegExp(`/guides/${guide.id}/og\\.jpg$`));
    const picture = await page.request.get(new URL(og!).pathname);
    expect(picture.headers()["content-type"]).toBe("image/jpeg");
    const meta = await sharp(await picture.body()).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    // Nothing runs before the visitor does something.
    expect(await page.locator("script[src]").count()).toBe(0);
    await expectNoAxeViolations(page);
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

  test("the RSS feed lists every guide, and every page announces it", async ({ page, request }) => {
    const feed = await request.get("/guides/rss.xml");
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toMatch(/xml/);
    const xml = await feed.text();
    for (const g of guides) expect(xml).toContain(`/guides/${g.id}</link>`);
    expect(xml.match(/<item>/g)).toHaveLength(guides.length);
    for (const path of ["/", "/guides", "/contact-us"]) {
      await page.goto(path);
      await expect(
        page.locator('link[rel="alternate"][type="application/rss+xml"]'),
      ).toHaveAttribute("href", "/guides/rss.xml");
    }
  });

  test("home shows the three newest guides; industries and services link to theirs", async ({
    page,
  }) => {
    await page.goto("/");
    expect(await cardLinks(page)).toEqual(guides.slice(0, 3).map((g) => `/guides/${g.id}`));
    await expect(
      page.locator("#guides").getByRole("link", { name: "All Free Guides" }),
    ).toHaveAttribute("href", "/guides");
    for (const [path, topic] of [
      ["/industries/lawn-maintenance", "lawn-maintenance"],
      ["/seo-optimization", "seo-optimization"],
    ] as const) {
      await page.goto(path);
      const expected = guides.filter((g) => g.topics.includes(topic)).slice(0, 3);
      expect(await cardLinks(page), path).toEqual(expected.map((g) => `/guides/${g.id}`));
      await expect(
        page.locator("#guides").getByRole("link", { name: /^All guides on / }),
      ).toHaveAttribute("href", `/guides/topic/${topic}`);
    }
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
