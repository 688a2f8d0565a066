/**
 * The free audit's instant website check in Chromium (issue 26): the audit form, naming the
 * run's fixture website (tests/e2e/auditSite.ts, on loopback, let through by AUDIT_ALLOW_HOSTS),
 * lands on /thank-you/audit. With JavaScript the page turns from 'checking' to the score and the
 * three most valuable fixes by itself; without, it shows the state it was rendered in and a link
 * to the report, which shows the score once the check is done. Its one headline follows the
 * check: running, then done, or could not check (issue 39 §5). The report is axe-clean, fits
 * 375 px, makes no request off this site and downloads as a PDF; a changed link gets 403.
 */
import type { Page } from "@playwright/test";
import { gradeColors } from "../../src/audit/summary";
import { auditSiteUrl } from "./audit";
import { expect, expectNoAxeViolations, hasHorizontalOverflow, test } from "./fixtures";
import { humanPause, uniqueEmail } from "./leads";

async function requestAudit(page: Page, email: string, pause: boolean, site = auditSiteUrl) {
  await page.goto("/free-audit");
  const form = page.locator('form[data-lead-form="audit"]');
  await form.getByLabel("Company Name").fill("Lawn Pros E2E");
  await form.getByLabel("Owner Name").fill("Ana E2E");
  await form.getByLabel("Website").fill(site);
  await form.getByLabel("Email").fill(email);
  if (pause) await humanPause(page);
  await form.getByRole("button", { name: "Get My Free Audit" }).click();
  await page.waitForURL((url) => url.pathname === "/thank-you/audit");
}

// A check of the fixture site takes seconds; on a busy machine the report's axe runs take more.
test.describe.configure({ timeout: 120_000 });

test.describe("with JavaScript", () => {
  test("the thank-you page shows the score and three fixes once the check is done, live", async ({
    page,
  }) => {
    await requestAudit(page, uniqueEmail("audit-funnel-js"), true);
    // Running, or done already when a check of this site from the last day is reused.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      /^Thanks! Your website check is (running|done)$/,
    );
    const status = page.locator("[data-audit-state]");
    // The island polls the status: no reload by the test.
    await expect(status).toHaveAttribute("data-audit-state", "ready", { timeout: 45_000 });
    await expect(status.locator("[data-audit-score]")).toHaveText(/^\d{1,3}$/);
    await expect(status.locator("ol > li")).toHaveCount(3);
    // One headline, that follows the state: no 'running' beside the finished result (issue 39).
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Thanks! Your website check is done",
    );
    await expect(page.locator("#thanks [data-hero=lead]")).toContainText(
      "Here are your score and the three fixes worth the most.",
    );
    await status.getByRole("link", { name: "See your full report" }).click();
    await page.waitForURL(/\/audit\/[\w.-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Website check:");
  });

  test("the report: axe-clean, 375 px without overflow, nothing fetched off this site, a PDF, 403 when changed", async ({
    page,
    baseURL,
  }) => {
    await requestAudit(page, uniqueEmail("audit-report-js"), true);
    const link = page.locator("[data-audit-state] a");
    await expect(page.locator("[data-audit-state]")).toHaveAttribute("data-audit-state", "ready", {
      timeout: 45_000,
    });
    const href = (await link.getAttribute("href"))!;
    const origins = new Set<string>();
    page.on("request", (r) => origins.add(new URL(r.url()).origin));
    await page.goto(href);
    await expect(page.locator("[data-audit-score]")).toBeVisible();
    // The badge takes its grade's colour (as in the PDF); the time is on the agency's clock.
    const grade = (await page
      .locator("[data-audit-score]")
      .getAttribute("data-audit-grade")) as keyof typeof gradeColors;
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(gradeColors[grade].slice(i, i + 2), 16));
    await expect(page.locator("[data-audit-score]")).toHaveCSS(
      "background-color",
      `rgb(${r}, ${g}, ${b})`,
    );
    await expect(page.locator("[data-audit-checked]")).toHaveText(
      /^Checked [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T$/,
    );
    await expect(
      page.getByRole("link", { name: "Book your strategy call" }).first(),
    ).toHaveAttribute("href", "/book-call");
    await expectNoAxeViolations(page);
    expect([...origins]).toEqual([new URL(baseURL!).origin]);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);
    const pdf = await page.request.get(`${href}.pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const changed = await page.request.get(`${href.slice(0, -3)}xyz`);
    expect(changed.status()).toBe(403);
  });
});

test("a site the check cannot reach: the headline says so once it has tried", async ({ page }) => {
  // Any .test name but the fixture site's does not resolve (tests/support/loopbackNames.mjs).
  await requestAudit(page, uniqueEmail("audit-unreachable"), true, "https://nowhere.loopback.test");
  await expect(page.locator("[data-audit-state]")).toHaveAttribute(
    "data-audit-state",
    "unreachable",
    { timeout: 45_000 },
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Thanks! We could not check your website",
  );
  await expect(page.locator("#thanks [data-hero=lead]")).toContainText(
    "we will review it ourselves",
  );
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the thank-you page links to the report, which shows the score when the check is done", async ({
    page,
  }) => {
    await requestAudit(page, uniqueEmail("audit-funnel-nojs"), false);
    // The state the server found (a check of this site may be reused, so done already), and one
    // headline that says the same.
    const done = (await page.locator("[data-audit-score]").count()) > 0;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      done ? "Thanks! Your website check is done" : "Thanks! Your website check is running",
    );
    expect(await hasHorizontalOverflow(page)).toBe(false);
    const href = (await page
      .getByRole("link", { name: "See your full report" })
      .getAttribute("href"))!;
    expect(href).toMatch(/^\/audit\/[\w.-]+$/);
    // Reload the report (as the visitor would) until the check is done.
    await expect(async () => {
      await page.goto(href);
      await expect(page.locator("[data-audit-score]")).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 45_000 });
    await expect(
      page.getByRole("heading", { name: "Your three most valuable fixes" }),
    ).toBeVisible();
    // Back on the thank-you page, the server's headline says the check is done.
    await page.goBack();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Thanks! Your website check is done",
    );
    await expect(page.locator("[data-audit-score]")).toHaveText(/^\d{1,3}$/);
    // (axe needs JavaScript: the report's axe run is the test with JavaScript.)
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
});
