/** /industries and the eight industry pages, each from one entry on one layout. */
import { test, expect } from "./fixtures";
import {
  expectAccessibleOnDesktopAndPhone,
  expectEveryControlLeadsSomewhere,
  expectExternalLinksSafe,
} from "./checks";
import { industrySpec } from "../specFigures";

const industries = industrySpec;

/** The service themes the spec names for five of the trades. */
const themes: Partial<Record<(typeof industries)[number][0], RegExp[]>> = {
  "hardscape-outdoor-living": [/patio/i, /outdoor kitchen/i, /premium/i, /commercial/i],
  "outdoor-lighting": [/landscape lighting/i, /security/i, /entertainment/i, /smart lighting/i],
  "pest-control": [/comprehensive/i, /preventive/i, /emergency/i, /speciali[sz]ed/i],
  "arborist-tree-services": [/tree health/i, /pruning/i, /emergency/i, /risk assessment/i],
  "sprinkler-irrigation": [/installation/i, /maintenance & repair/i, /smart irrigation/i, /water/i],
};

test.describe("/industries", () => {
  test("lists the eight industries as cards with title, description, image, features and link", async ({
    page,
  }) => {
    await page.goto("/industries");
    const cards = page.locator("#industries > div > ul > li");
    await expect(cards).toHaveCount(8);
    await expect(cards.locator("h3")).toHaveText(industries.map(([, title]) => title));
    for (const [i, [id, title]] of industries.entries()) {
      const card = cards.nth(i);
      await expect(card.locator("h3 + p")).not.toBeEmpty();
      await expect(card.locator("img")).toHaveAttribute("alt", /\w/);
      await expect(card.locator("ul > li")).toHaveCount(4);
      const link = card.getByRole("link", { name: new RegExp(title.replace("&", "\\&")) });
      await expect(link).toHaveAttribute("href", `/industries/${id}`);
    }
  });

  test("shows 500+ projects, 95% client satisfaction and 24/7 lead generation", async ({
    page,
  }) => {
    await page.goto("/industries");
    const stats = page.locator("#track-record");
    await expect(stats.locator("dd")).toHaveText(["500+", "95%", "24/7"]);
    await expect(stats.locator("dt")).toHaveText([
      "Projects delivered",
      "Client satisfaction",
      "Lead generation",
    ]);
    await expectEveryControlLeadsSomewhere(page);
    await expectExternalLinksSafe(page);
  });

  test("has no axe violations and fits a 375 px phone", async ({ page }) => {
    await expectAccessibleOnDesktopAndPhone(page, "/industries");
  });
});

for (const [id, title] of industries) {
  const path = `/industries/${id}`;
  test.describe(path, () => {
    test("has a badge, headline, audit button, four cards of four features, a why grid and the closing call", async ({
      page,
    }) => {
      await page.goto(path);
      const hero = page.locator("#hero");
      await expect(hero.locator("p").first()).toContainText(new RegExp(title.split(" ")[0]!, "i"));
      await expect(hero.locator("h1")).not.toBeEmpty();
      const audit = hero.getByRole("link", { name: /audit/i });
      await expect(audit).toHaveAttribute("href", "/free-audit");
      await expect(hero.locator("img")).toBeVisible();

      const cards = page.locator("#services > div > ul > li");
      await expect(cards).toHaveCount(4);
      for (let i = 0; i < 4; i++) {
        await expect(cards.nth(i).locator("h3")).not.toBeEmpty();
        await expect(cards.nth(i).locator("h3 + p")).not.toBeEmpty();
        await expect(cards.nth(i).locator("ul > li")).toHaveCount(4);
      }
      for (const theme of themes[id] ?? [])
        await expect(cards.locator("h3")).toContainText([theme]);

      await expect(page.locator("#why ul > li")).toHaveCount(4);
      await expect(page.locator("#why h2")).toContainText("Why Choose");

      const closing = page.locator("#get-started");
      await expect(closing.locator("h2")).toHaveText("START YOUR MARKETING TODAY");
      await expect(closing.locator("p").first()).not.toBeEmpty();
      await expect(closing.getByRole("link")).toHaveText([
        "Get Your Free Marketing Audit",
        "Book a Strategy Call",
      ]);
      expect(
        await closing.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href"))),
      ).toEqual(["/free-audit", "/book-call"]);
      await expectEveryControlLeadsSomewhere(page);
      await expectExternalLinksSafe(page);
    });

    test("has no axe violations and fits a 375 px phone", async ({ page }) => {
      await expectAccessibleOnDesktopAndPhone(page, path);
    });
  });
}

test("every industry page has its own trade-specific headline", async ({ page }) => {
  const headlines = new Set<string>();
  for (const [id] of industries) {
    await page.goto(`/industries/${id}`);
    headlines.add((await page.locator("h1").textContent()) ?? "");
  }
  expect(headlines.size).toBe(industries.length);
});
