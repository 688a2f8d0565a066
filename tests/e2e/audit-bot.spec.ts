/** /audit-bot: the page a site owner finds through our robot's user agent. */
import { test, expect } from "./fixtures";
import { expectAccessibleOnDesktopAndPhone, expectEveryControlLeadsSomewhere } from "./checks";

test("explains the robot, gives the opt-out lines and the agency's contact details", async ({
  page,
}) => {
  await page.goto("/audit-bot");
  await expect(page.locator("h1")).toHaveText("About our website-check robot");
  await expect(page.getByText("GreenlineGrowthAuditBot/1.0 (+")).toBeVisible();
  await expect(
    page.getByText("User-agent: GreenlineGrowthAuditBot", { exact: true }),
  ).toBeVisible();
  await expect(page.getByText("Disallow: /", { exact: true })).toBeVisible();
  await expect(page.locator("section[aria-labelledby='legal-contact']")).toBeVisible();
  await expectEveryControlLeadsSomewhere(page);
});

test("/audit-bot has no axe violations and fits a 375 px phone", async ({ page }) => {
  await expectAccessibleOnDesktopAndPhone(page, "/audit-bot");
});
