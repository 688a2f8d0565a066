/**
 * /audit-bot in Chromium: axe, the 375 px phone, and the robots.txt lines shown. What the page
 * says is read from the build: tests/content/legal.test.ts.
 */
import { test, expect } from "./fixtures";
import { expectAccessibleOnDesktopAndPhone } from "./checks";

test("/audit-bot has no axe violations, fits a 375 px phone and shows the opt-out lines", async ({
  page,
}) => {
  await expectAccessibleOnDesktopAndPhone(page, "/audit-bot");
  await expect(
    page.getByText("User-agent: GreenlineGrowthAuditBot", { exact: true }),
  ).toBeVisible();
  await expect(page.getByText("Disallow: /", { exact: true })).toBeVisible();
});
