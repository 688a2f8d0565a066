/**
 * /case-studies and the two case-study pages in Chromium: the picture side alternating, the video
 * dialogs, axe and the 375 px phone. What the pages say (figures, timelines, solution cards and
 * external links) is read from the build: tests/content/case-studies.test.ts.
 */
import { test, expect } from "./fixtures";
import { expectAccessibleOnDesktopAndPhone, expectVideoDialogOpensAndCloses } from "./checks";
import { caseStudySpec } from "../specFigures";

const studies = Object.entries(caseStudySpec).map(([id, { client }]) => ({ id, client }));

test.describe("/case-studies", () => {
  test("the two case studies' pictures sit left, then right, of their text", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/case-studies");
    const cards = page.locator("#case-studies article");
    await expect(cards).toHaveCount(2);
    for (const i of [0, 1]) {
      const card = cards.nth(i);
      const image = await card.locator("img").first().boundingBox();
      const text = await card.locator("h3").boundingBox();
      expect(image && text, "laid out").toBeTruthy();
      if (i % 2 === 0) expect(image!.x).toBeLessThan(text!.x);
      else expect(image!.x).toBeGreaterThan(text!.x);
    }
  });

  for (const s of studies) {
    test(`'Watch Video Testimonial' of ${s.client} opens a full-screen modal and closes it`, async ({
      page,
    }) => {
      await page.goto("/case-studies");
      await expectVideoDialogOpensAndCloses(page, "Watch Video Testimonial", `video-${s.id}`);
    });
  }

  test("has no axe violations and fits a 375 px phone", async ({ page }) => {
    await expectAccessibleOnDesktopAndPhone(page, "/case-studies");
  });
});

for (const s of studies) {
  const path = `/case-study/${s.id}`;
  test.describe(path, () => {
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
