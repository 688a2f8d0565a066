/** /case-studies and the two case-study pages: figures, timelines, videos and external links. */
import { test, expect } from "./fixtures";
import {
  expectAccessibleOnDesktopAndPhone,
  expectEveryControlLeadsSomewhere,
  expectExternalLinksSafe,
  expectVideoDialogOpensAndCloses,
} from "./checks";
import { site } from "../../src/config/site";
import { caseStudySpec } from "../specFigures";

/** The external page each case study links to, its URL from the config. */
const externalLinks: Record<string, { href: string; name: RegExp }> = {
  "puretek-llc": {
    href: site.links.puretekCaseStudyPdf,
    name: /Download the full case study \(PDF\)/,
  },
  "romans-roofing-llc": {
    href: site.links.romansRoofingWebsite,
    name: /Visit Roman's Roofing's website/,
  },
};
const studies = Object.entries(caseStudySpec).map(([id, spec]) => ({
  id,
  ...spec,
  facts: [spec.timeline, spec.investment],
  phases: spec.phases.map(([from, to]) => `Months ${from}-${to}`),
  link: externalLinks[id]!,
}));

test.describe("/case-studies", () => {
  test("shows both case studies, image side alternating, with their figures and links", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/case-studies");
    const cards = page.locator("#case-studies article");
    await expect(cards).toHaveCount(2);
    for (const [i, s] of studies.entries()) {
      const card = cards.nth(i);
      await expect(card.locator("h3")).toHaveText(s.client);
      await expect(card.locator("dl").nth(1).locator("dd")).toHaveText(s.results);
      for (const fact of s.facts) await expect(card).toContainText(fact);
      await expect(card.getByRole("link", { name: /View Full Case Study/ })).toHaveAttribute(
        "href",
        `/case-study/${s.id}`,
      );
      // The picture sits left on the first card and right on the second.
      const image = await card.locator("img").first().boundingBox();
      const text = await card.locator("h3").boundingBox();
      expect(image && text, "laid out").toBeTruthy();
      if (i % 2 === 0) expect(image!.x).toBeLessThan(text!.x);
      else expect(image!.x).toBeGreaterThan(text!.x);
    }
    const closing = page.locator("#get-started");
    await expect(closing.getByRole("link").first()).toHaveAttribute("href", "/free-audit");
    await expectEveryControlLeadsSomewhere(page);
    await expectExternalLinksSafe(page);
  });

  for (const s of studies) {
    test(`'Watch Video Testimonial' of ${s.client} opens a full-screen modal and closes it`, async ({
      page,
    }) => {
      await page.goto("/case-studies");
      await expectVideoDialogOpensAndCloses(page, "Watch Video Testimonial", `video-${s.id}`);
    });
  }

  test("shows $679,000 and never the stray $89,000 figure", async ({ page }) => {
    await page.goto("/case-studies");
    const html = await page.content();
    expect(html).toContain("$679,000");
    expect(html).not.toContain("89,000");
  });

  test("has no axe violations and fits a 375 px phone", async ({ page }) => {
    await expectAccessibleOnDesktopAndPhone(page, "/case-studies");
  });
});

for (const s of studies) {
  const path = `/case-study/${s.id}`;
  test.describe(path, () => {
    test("shows the headline results, the challenge, solution cards and the month-by-month timeline", async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.locator("#hero dd")).toHaveText(s.facts);
      await expect(page.locator("#results dd")).toHaveText(s.results);
      await expect(page.locator("#challenge dd")).toHaveText(s.before);
      const solutions = page.locator("#solutions > div > ul > li");
      expect(await solutions.count()).toBeGreaterThanOrEqual(3);
      for (const card of await solutions.all()) {
        await expect(card.locator("svg").first()).toBeAttached();
        await expect(card.locator("h3")).not.toBeEmpty();
        await expect(card.locator("h3 + p")).not.toBeEmpty();
        expect(await card.locator("ul > li").count()).toBeGreaterThan(0);
      }
      const phases = page.locator("#timeline ol > li");
      await expect(phases.locator(":scope > p:first-of-type")).toHaveText(s.phases);
      for (const phase of await phases.all())
        expect(await phase.locator("ul > li").count()).toBeGreaterThan(0);
      const html = await page.content();
      expect(html).not.toContain("89,000");
    });

    test("links to its external page in a new tab, and every button leads somewhere", async ({
      page,
    }) => {
      await page.goto(path);
      const link = page.locator("#hero").getByRole("link", { name: s.link.name });
      await expect(link).toHaveAttribute("href", s.link.href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      await expect(page.locator("#get-started").getByRole("link").first()).toHaveAttribute(
        "href",
        "/free-audit",
      );
      await expectEveryControlLeadsSomewhere(page);
      await expectExternalLinksSafe(page);
    });

    test("'Watch Video Testimonial' opens the video modal and the close button closes it", async ({
      page,
    }) => {
      await page.goto(path);
      await expectVideoDialogOpensAndCloses(page, "Watch Video Testimonial", `video-${s.id}`);
    });

    test("has no axe violations and fits a 375 px phone", async ({ page }) => {
      await expectAccessibleOnDesktopAndPhone(page, path);
    });
  });
}
