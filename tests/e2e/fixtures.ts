/**
 * Shared browser-test fixtures:
 * - every host other than this machine fails to resolve, so tests never wait on the network
 *   (Chromium's --host-resolver-rules, tests/e2e/browser.ts);
 * - console errors and uncaught page errors fail the test that caused them.
 */
import { test as base, expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        const text = msg.text();
        // Blocked third-party requests (video provider) are expected in tests: the other hosts
        // do not resolve, and a test's own contexts may block them by route.
        if (/ERR_NAME_NOT_RESOLVED|ERR_BLOCKED_BY_CLIENT/.test(text)) return;
        errors.push(text);
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** WCAG 2.2 A/AA rules. */
export const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

export async function expectNoAxeViolations(page: Page) {
  // After a navigation a script started, the DOM can be there before the stylesheet: judge the
  // page as the visitor sees it, styled.
  await page.waitForLoadState("load");
  // axe.run in the page itself ("legacy" mode): the default runs axe per frame and then opens a
  // blank page to merge the results, injecting axe's 550 KB into both, which made axe a third of
  // the browser tests' CPU. Only cross-origin frames are left out, and every one the tests see is
  // a blocked third-party embed (the fixture above aborts them).
  const results = await new AxeBuilder({ page }).withTags(axeTags).setLegacyMode().analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary, "axe-core violations").toEqual([]);
}

/**
 * True when the page is wider than its viewport (sideways scrolling on a phone). Judged once the
 * page has loaded: a locator can find the new page's text before its stylesheet applies, and an
 * unstyled table is wider than a phone (CI caught that on a loaded machine).
 */
export async function hasHorizontalOverflow(page: Page) {
  await page.waitForLoadState("load");
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
