/**
 * /industries and the eight industry pages in Chromium: axe, the 375 px phone, and that each
 * hero's picture shows. What the pages say (cards, features, figures, the trade's own copy and the
 * closing call) is read from the build: tests/content/industries.test.ts.
 */
import { test, expect } from "./fixtures";
import { expectAccessibleOnDesktopAndPhone } from "./checks";
import { industrySpec } from "../specFigures";

test("/industries has no axe violations and fits a 375 px phone", async ({ page }) => {
  await expectAccessibleOnDesktopAndPhone(page, "/industries");
});

for (const [id] of industrySpec) {
  const path = `/industries/${id}`;
  test(`${path} has no axe violations, fits a 375 px phone and shows its hero picture`, async ({
    page,
  }) => {
    await expectAccessibleOnDesktopAndPhone(page, path);
    await expect(page.locator("#hero img").first()).toBeVisible();
  });
}
