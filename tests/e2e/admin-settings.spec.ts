/**
 * The owner's settings page (issue 39 §3) in Chromium, on a phone (390 × 844) and a desktop
 * (1366 × 900): reached from the inbox's menu, axe-clean, no sideways scrolling, every control
 * labelled and reachable by keyboard with a visible focus; a refused save says why (422) and keeps
 * the rest; a save says so and shows what was saved; axe-clean in dark mode too. The spec
 * changes only the notice recipients and puts them back: the e2e server is shared with the other
 * specs, whose times and leads must not move under them (the zone, turns and passkeys are tested
 * over HTTP and on both stores: tests/integration/settings-http.test.ts,
 * agency-settings-store.test.ts).
 */
import { expect, expectNoAxeViolations, hasHorizontalOverflow, test } from "./fixtures";
import { uniqueEmail } from "./leads";
import { signInAs } from "./staff";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

const screens = [
  { name: "a phone", width: 390, height: 844 },
  { name: "a desktop", width: 1366, height: 900 },
];

test.describe("the notice recipients", () => {
  // A save changes the agency's one setting on the shared e2e server (and puts it back): the
  // phone's run and the desktop's save one after the other, never under each other.
  test.describe.configure({ mode: "serial" });
  for (const screen of screens) {
    test(`an owner changes who gets lead notices (${screen.name})`, async ({
      page,
      consoleErrors,
    }) => {
      // Four saves and three axe runs: more than the default minute on a loaded machine.
      test.setTimeout(150_000);
      await page.setViewportSize(screen);
      await signInAs(page, uniqueEmail("settings-owner").toLowerCase());
      await page.goto("/admin");
      await page
        .getByRole("navigation", { name: "Inbox sections" })
        .getByRole("link", {
          name: "Settings",
        })
        .click();
      await expect(page).toHaveURL(/\/admin\/settings$/);
      await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await expectNoAxeViolations(page);

      const zone = page.getByLabel("The agency's time zone");
      await expect(zone).toHaveValue("America/New_York");
      const recipients = page.getByLabel("Email new-lead notices to");
      const before = await recipients.inputValue();

      // Refused: the page again with the reason, the other values as they were.
      await recipients.fill("not-an-address");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByRole("alert")).toHaveText('"not-an-address" is not an email address.');
      // The refusal's own 422 is the browser's only console line: expected here.
      consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/422/.test(e)));
      await expectNoAxeViolations(page);

      // Keyboard: from the address box, Tab reaches the next control with a visible focus ring.
      await page.goto("/admin/settings");
      await recipients.focus();
      await page.keyboard.press("Tab");
      const focused = page.locator(":focus");
      await expect(focused).toHaveAttribute("name", "confirmationEmails");
      const outline = await focused.evaluate((el) => {
        const style = getComputedStyle(el);
        return style.outlineStyle !== "none" || style.boxShadow !== "none";
      });
      expect(outline).toBe(true);

      const fresh = `desk-${screen.width}@example.test`;
      await recipients.fill(`${fresh}\n${fresh.toUpperCase()}`);
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page).toHaveURL(/\/admin\/settings\?saved=1$/);
      await expect(page.getByRole("status")).toHaveText("Settings saved.");
      // Lower-cased, once.
      await expect(recipients).toHaveValue(fresh);

      // Put back what the other specs' server had.
      await recipients.fill(before);
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByRole("status")).toHaveText("Settings saved.");
      // Dark mode changes colours only (D192): still axe-clean.
      await page.emulateMedia({ colorScheme: "dark" });
      await expectNoAxeViolations(page);
    });
  }
});

test("staff are refused the settings page and do not see it in the menu", async ({
  page,
  consoleErrors,
}) => {
  await signInAs(page, uniqueEmail("settings-staff").toLowerCase(), { role: "staff" });
  await page.goto("/admin");
  await expect(
    page
      .getByRole("navigation", { name: "Inbox sections" })
      .getByRole("link", { name: "Settings" }),
  ).toHaveCount(0);
  const res = await page.goto("/admin/settings");
  expect(res?.status()).toBe(403);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/403/.test(e)));
});

for (const screen of screens) {
  test(`the Performance page shows a visitor reading the home page now (${screen.name})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two browsers, a poll and axe: more than the default minute on a loaded machine.
    test.setTimeout(120_000);
    // A visitor in a browser of their own (a desktop Chrome's user agent: the headless one is a
    // robot's, not counted) reads the home page; its beacon counts the view.
    const visitor = await browser.newContext({ baseURL, userAgent: CHROME });
    const origin = new URL(baseURL!).origin;
    await visitor.route(
      (url) => url.origin !== origin,
      (route) => route.abort("blockedbyclient"),
    );
    const tab = await visitor.newPage();
    await tab.goto("/");
    await tab.waitForLoadState("load");
    await page.setViewportSize(screen);
    await signInAs(page, uniqueEmail("live-owner").toLowerCase());
    await expect
      .poll(
        async () => {
          await page.goto("/admin/performance");
          return page.locator('[data-live-page="/"]').count();
        },
        { timeout: 45_000 },
      )
      .toBe(1);
    const live = page.getByRole("region", { name: "Right now" });
    await expect(live.getByText(/\d+ visitors? in the last 5 minutes/)).toBeVisible();
    await expect(live.getByRole("link", { name: "Refresh" })).toHaveAttribute(
      "href",
      "/admin/performance",
    );
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);
    await visitor.close();
  });
}
