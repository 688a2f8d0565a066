/**
 * A report with competitors shows them side by side (issue 38, 'Beyond the peers'), in Chromium:
 * a prospect asks for a free audit of the run's weak fixture site; on the lead's page staff add
 * Green Acres (a corpus site on plain http, typed without a scheme) as a competitor, whose check
 * runs like any other; the caller's talking points set the two sites side by side; once staff
 * show competitors on the prospect's report, the report names Green Acres beside the prospect's
 * site with both scores and the checks where they differ, axe-clean and without sideways
 * scrolling at 390 px; 'Run again' keeps Green Acres beside the new check. The sites:
 * tests/e2e/auditSite.ts and corpusSites.ts (playwright.config.ts).
 */
import { auditSiteUrl } from "./audit";
import { expect, expectNoAxeViolations, hasHorizontalOverflow, test } from "./fixtures";
import { humanPause, leadsWithEmail, uniqueEmail } from "./leads";
import { signInAs } from "./staff";

const greenAcres = `greenacres.loopback.test:${Number(process.env.E2E_PORT ?? 4399) + 2}`;

// Two checks, each paced at 2 requests a second: the weak site, then nine pages of Green Acres.
test.describe.configure({ timeout: 180_000 });

test("a report with competitors shows them side by side", async ({ page }) => {
  const email = uniqueEmail("audit-competitors");
  await page.goto("/free-audit");
  const form = page.locator('form[data-lead-form="audit"]');
  await form.getByLabel("Company Name").fill("Side By Side Lawns");
  await form.getByLabel("Owner Name").fill("Sam Side");
  await form.getByLabel("Website").fill(auditSiteUrl);
  await form.getByLabel("Email").fill(email);
  await humanPause(page);
  await form.getByRole("button", { name: "Get My Free Audit" }).click();
  await expect(page.locator("[data-audit-state]")).toHaveAttribute("data-audit-state", "ready", {
    timeout: 60_000,
  });
  const prospectScore = (await page.locator("[data-audit-score]").first().textContent())!.trim();
  const [lead] = await leadsWithEmail(email, "audit");

  // Staff add Green Acres on the lead's page: a plain post answered 303, its check queued.
  await signInAs(page, uniqueEmail("competitors-owner"));
  await page.goto(`/admin/leads/${lead!.id}`);
  const panel = page.locator("section[data-competitors]");
  await panel.getByLabel("Competitor's website").fill(greenAcres);
  await panel.getByLabel("Name (optional)").fill("Green Acres");
  const post = page.waitForResponse((r) => r.request().method() === "POST");
  await panel.getByRole("button", { name: "Add competitor" }).click();
  expect((await post).status()).toBe(303);
  await expect(page).toHaveURL(/saved=competitor-add/);
  await expect(async () => {
    await page.reload();
    await expect(page.locator("[data-competitor-state]")).toHaveAttribute(
      "data-competitor-state",
      "ready",
      { timeout: 500 },
    );
  }).toPass({ timeout: 90_000 });

  // The caller's talking points: Green Acres beside the prospect, in the owner's words.
  const staffPanel = page.locator("section[data-competitors]");
  await expect(staffPanel.locator("[data-competitor-score]")).toContainText(/^\d{1,3}\/100/);
  await expect(staffPanel.locator("[data-competitors-behind] li").first()).toContainText(
    /^Green Acres .+; you do not\.$/,
  );
  await expect(staffPanel.locator("[data-competitors-shown]")).toHaveAttribute(
    "data-competitors-shown",
    "no",
  );
  await expectNoAxeViolations(page);

  // Until staff show them, the prospect's report names no competitor.
  const reportHref = await page
    .locator("[data-website-check]")
    .getByRole("link", { name: "Prospect's report" })
    .getAttribute("href");
  await page.goto(reportHref!);
  await expect(page.locator("[data-audit-score]")).toHaveAttribute(
    "data-audit-score",
    prospectScore,
  );
  await expect(page.getByRole("main")).not.toContainText("Green Acres");

  await page.goto(`/admin/leads/${lead!.id}`);
  await page
    .locator("section[data-competitors]")
    .getByRole("button", { name: "Show them on the prospect's report" })
    .click();
  await expect(page).toHaveURL(/saved=competitors-show&shown=1/);

  // Side by side on the report: both scores, who is ahead where, the checks where they differ.
  await page.goto(reportHref!);
  const section = page.locator("section[data-report-competitors]");
  await expect(
    section.getByRole("heading", { level: 2, name: "You beside your competitors" }),
  ).toBeVisible();
  const sites = section.locator("[data-compared-site]");
  await expect(sites).toHaveCount(2);
  await expect(sites.nth(0)).toContainText("Your site");
  await expect(sites.nth(0).locator("[data-compared-score]")).toHaveAttribute(
    "data-compared-score",
    prospectScore,
  );
  await expect(sites.nth(1)).toContainText("Green Acres");
  const table = section.getByRole("table");
  await expect(table.getByRole("columnheader", { name: "Green Acres" })).toBeVisible();
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await expect(section.locator("[data-competitors-behind] li").first()).toContainText(
    /; you do not\.$/,
  );
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await hasHorizontalOverflow(page)).toBe(false);

  // 'Run again' on the lead keeps Green Acres beside the new check, shown on its report (D284):
  // its check reuses the report of minutes ago, so it is ready as soon as a worker takes it.
  await page.goto(`/admin/leads/${lead!.id}`);
  const firstCheck = await page
    .locator("section[data-competitors]")
    .getAttribute("data-competitors");
  const again = page.waitForResponse((r) => r.request().method() === "POST");
  await page.locator("[data-website-check]").getByRole("button", { name: "Run again" }).click();
  expect((await again).status()).toBe(303);
  const carried = page.locator("section[data-competitors]");
  await expect(carried).not.toHaveAttribute("data-competitors", firstCheck!);
  await expect(carried.locator("[data-competitor]")).toHaveCount(1);
  await expect(carried.locator("[data-competitor]")).toContainText("Green Acres");
  await expect(carried.locator("[data-competitors-shown]")).toHaveAttribute(
    "data-competitors-shown",
    "yes",
  );
});
