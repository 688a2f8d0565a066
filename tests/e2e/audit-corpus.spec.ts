/**
 * Sites of the accuracy corpus through the free-audit form in Chromium (issue 38):
 * - a site served over plain http only, typed without a scheme as prospects type it, is checked
 *   over http (https first, then http, as a browser does) and its score shows on /thank-you,
 *   never 'We could not check this website'; the lead keeps the website as typed;
 * - a JavaScript single-page app's report says the content is built by JavaScript instead of
 *   failing the checks of what only JavaScript shows (the heading, the phone, the form, the
 *   words). This one needs the engine of issue 38's javascript-content check.
 * The sites: tests/e2e/corpusSites.ts, started by playwright.config.ts.
 */
import type { Page } from "@playwright/test";
import { checkCopy } from "../../src/audit/copy";
import { auditStatusNames } from "../../src/audit/messages";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { humanPause, leadsWithEmail, uniqueEmail } from "./leads";

const corpusPort = Number(process.env.E2E_PORT ?? 4399) + 2;
const httpOnlySite = `greenacres.loopback.test:${corpusPort}`;
const javascriptSite = `jsapp.loopback.test:${corpusPort + 1}`;

async function requestAudit(page: Page, website: string, email: string) {
  await page.goto("/free-audit");
  const form = page.locator('form[data-lead-form="audit"]');
  await form.getByLabel("Company Name").fill("Green Acres E2E");
  await form.getByLabel("Owner Name").fill("Maria E2E");
  await form.getByLabel("Website").fill(website);
  await form.getByLabel("Email").fill(email);
  await humanPause(page);
  await form.getByRole("button", { name: "Get My Free Audit" }).click();
  await page.waitForURL((url) => url.pathname === "/thank-you/audit");
}

// A check paces itself at 2 requests a second: a nine-page site takes about 15 s.
test.describe.configure({ timeout: 120_000 });

test("an http-only site typed without a scheme is checked over http: its score shows on /thank-you", async ({
  page,
}) => {
  const email = uniqueEmail("audit-http-only");
  await requestAudit(page, httpOnlySite, email);
  const status = page.locator("[data-audit-state]");
  await expect(status).toHaveAttribute("data-audit-state", "ready", { timeout: 60_000 });
  const score = Number(await status.locator("[data-audit-score]").textContent());
  // A well-made site whose one fault is no https: scored, and scored well.
  expect(score).toBeGreaterThanOrEqual(80);
  await expect(status.locator("ol > li").first()).toContainText(checkCopy.https.title);
  const [lead] = await leadsWithEmail(email, "audit");
  expect(lead!.fields.website).toBe(httpOnlySite);

  // The report names the https check as the one to fix.
  await status.getByRole("link", { name: "See your full report" }).click();
  await page.waitForURL(/\/audit\/[\w.-]+$/);
  const https = page.locator("li", {
    has: page.getByRole("heading", { name: checkCopy.https.title, exact: true }),
  });
  await expect(https).toContainText(auditStatusNames.fail);
  await expect(page.locator("[data-audit-score]")).toHaveAttribute(
    "data-audit-score",
    String(score),
  );
});

test("a JavaScript app's report says its content is built by JavaScript, and fails none of what only JavaScript shows", async ({
  page,
}) => {
  await requestAudit(page, `http://${javascriptSite}`, uniqueEmail("audit-js-shell"));
  const status = page.locator("[data-audit-state]");
  await expect(status).toHaveAttribute("data-audit-state", "ready", { timeout: 60_000 });
  await status.getByRole("link", { name: "See your full report" }).click();
  await page.waitForURL(/\/audit\/[\w.-]+$/);
  await expect(page.locator("[data-audit-score]")).toBeVisible();
  await expect(page.getByRole("main")).toContainText(/JavaScript/);
  // What the app shows only once JavaScript runs: not applicable, or read from the rendered page.
  for (const id of [
    "h1",
    "tel-link",
    "nap-visible",
    "phone-first-screen",
    "cta",
    "contact-form",
    "word-count",
  ] as const) {
    const item = page.locator("li", {
      has: page.getByRole("heading", { name: checkCopy[id].title, exact: true }),
    });
    await expect(item, id).toHaveCount(1);
    await expect(item, id).not.toContainText(auditStatusNames.fail);
  }
  await expectNoAxeViolations(page);
});
