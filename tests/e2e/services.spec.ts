/**
 * The seven service pages in Chromium: axe, the 375 px phone, and that the figures and the call
 * link show. What the pages say (the spec's cards, steps and figures, the offer, the buttons and
 * the closing call) is read from the build: tests/content/services.test.ts.
 */
import { test, expect } from "./fixtures";
import { expectAccessibleOnDesktopAndPhone } from "./checks";
import { phoneHref } from "../../src/lib/format";
import { site } from "../../src/config/site";
import { serviceSpec } from "../specFigures";

for (const [id, s] of Object.entries(serviceSpec)) {
  const path = `/${id}`;
  test(`${path} has no axe violations, fits a 375 px phone and shows its figures`, async ({
    page,
  }) => {
    await expectAccessibleOnDesktopAndPhone(page, path);
    const figures = page.locator("#results dd");
    await expect(figures).toHaveCount(s.stats.length);
    for (const dd of await figures.all()) await expect(dd).toBeVisible();
    // The recruitment page's call line, shown on the phone (its text: tests/content).
    if (id === "recruitment-services")
      await expect(page.locator(`#get-started a[href="${phoneHref(site.phone)}"]`)).toBeVisible();
  });
}
