/** The seven service pages on their shared layout: the spec's cards, steps and figures per page. */
import { test, expect } from "./fixtures";
import {
  expectAccessibleOnDesktopAndPhone,
  expectEveryControlLeadsSomewhere,
  expectExternalLinksSafe,
} from "./checks";
import { formatPhone, formatUsd, phoneHref } from "../../src/lib/format";
import { site } from "../../src/config/site";
import { routes } from "../../src/config/routes";
import { conversionRouteKeys, serviceSpec } from "../specFigures";

const conversionPages = conversionRouteKeys.map((key) => routes[key]);

for (const [id, s] of Object.entries(serviceSpec)) {
  const path = `/${id}`;
  test.describe(path, () => {
    test("shows the spec's cards, benefits, steps and figures", async ({ page }) => {
      await page.goto(path);
      const cards = page.locator("#services > div > ul > li");
      await expect(cards).toHaveCount(s.cards);
      if (s.cardTitles) await expect(cards.locator("h3")).toHaveText(s.cardTitles);
      for (let i = 0; i < s.cards; i++) {
        const features = cards.nth(i).locator("ul > li");
        if (s.featuresPerCard) await expect(features).toHaveCount(s.featuresPerCard);
        else expect(await features.count()).toBeGreaterThanOrEqual(2);
      }
      const benefits = page.locator("#why ul > li");
      await expect(benefits).toHaveCount(4);
      if (s.benefits) await expect(benefits.locator("h3")).toHaveText(s.benefits);
      const steps = page.locator("#process ol > li");
      if (typeof s.steps === "number") await expect(steps).toHaveCount(s.steps);
      else await expect(steps.locator("h3")).toHaveText(s.steps);
      await expect(page.locator("#results dd")).toHaveText(s.stats);
      for (const dd of await page.locator("#results dd").all()) await expect(dd).toBeVisible();
    });

    test("has the offer banner, real buttons and a closing call to action with three assurances", async ({
      page,
    }) => {
      await page.goto(path);
      const offer = page.locator("#offer");
      await expect(offer).toContainText(/limited time offer/i);
      await expect(offer).toContainText(formatUsd(site.offers.auditValue));
      await expect(offer.getByRole("link")).toHaveAttribute("href", "/free-audit");

      const heroLinks = page.locator("#hero a");
      await expect(heroLinks).toHaveCount(2);
      await expect(heroLinks.first()).toHaveAttribute("href", routes[s.primary]);
      expect(conversionPages).toContain(await heroLinks.nth(1).getAttribute("href"));

      const closing = page.locator("#get-started");
      await expect(closing.locator("h2")).toHaveCount(1);
      await expect(closing.locator("ul > li")).toHaveCount(3);
      for (const href of await closing
        .locator("a:not([href^='tel:'])")
        .evaluateAll((as) => as.map((a) => a.getAttribute("href"))))
        expect(conversionPages).toContain(href);

      await expectEveryControlLeadsSomewhere(page);
      await expectExternalLinksSafe(page);
    });

    test("has no axe violations and fits a 375 px phone", async ({ page }) => {
      await expectAccessibleOnDesktopAndPhone(page, path);
    });
  });
}

test("recruitment states the 100% staffing concern, gives reasons to choose, and a tel: call link", async ({
  page,
}) => {
  await page.goto("/recruitment-services");
  await expect(page.locator("#hero")).toContainText("100%");
  await expect(page.locator("#hero")).toContainText(/staffing as their primary concern/);
  await expect(page.locator("#reasons ul > li")).toHaveCount(4);
  await expect(page.locator("#services")).toContainText(/current SEO and online advertising/);
  const call = page.locator(`#get-started a[href="${phoneHref(site.phone)}"]`);
  await expect(call).toHaveText(formatPhone(site.phone));
  await expect(call).toBeVisible();
});

test("complete solutions opens with a client quote attributed to a person and company", async ({
  page,
}) => {
  await page.goto("/complete-solutions");
  const quote = page.locator("#hero figure");
  await expect(quote.locator("blockquote")).not.toBeEmpty();
  await expect(quote.locator("figcaption")).toContainText("Marcus Bell");
  await expect(quote.locator("figcaption")).toContainText("Bell Brothers Landscaping");
});

test("digital advertising promises money back and no setup fees", async ({ page }) => {
  await page.goto("/digital-advertising");
  await expect(page.locator("#get-started ul")).toContainText("100% money-back guarantee");
  await expect(page.locator("#get-started ul")).toContainText("No setup fees");
  await expect(page.locator("#results")).toContainText("Average return on ad spend");
});
