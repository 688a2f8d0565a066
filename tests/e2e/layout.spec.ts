/**
 * The shared header in Chromium: dropdowns by hover and keyboard, the skip link, the sticky bar
 * and the mobile menu. Which links the header and footer hold is read from the build:
 * tests/content/layout.test.ts.
 */
import { test, expect, hasHorizontalOverflow } from "./fixtures";

test.describe("header (desktop)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the Services dropdown opens on hover", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const panel = nav.locator("#menu-services");
    await expect(panel).toBeHidden();
    await nav.getByRole("link", { name: "Services", exact: true }).hover();
    await expect(panel).toBeVisible();
    await page.mouse.move(640, 700);
    await expect(panel).toBeHidden();
  });

  test("the Industries dropdown opens on hover", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const panel = nav.locator("#menu-industries");
    await expect(panel).toBeHidden();
    await nav.getByRole("link", { name: "Industries", exact: true }).hover();
    await expect(panel).toBeVisible();
  });

  test("dropdowns work by keyboard: focus opens, arrows move, Escape closes and returns focus", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const trigger = nav.getByRole("link", { name: "Services", exact: true });
    const panel = nav.locator("#menu-services");
    await trigger.focus();
    await expect(panel).toBeVisible();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowDown");
    await expect(panel.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(panel.getByRole("link").nth(1)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(panel.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("End");
    await expect(panel.getByRole("link").last()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(trigger).toBeFocused();
    await expect(panel).toBeHidden();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    // Tab onward leaves the menu closed and reaches the next top-level link.
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Industries", exact: true })).toBeFocused();
    await expect(nav.locator("#menu-industries")).toBeVisible();
  });

  test("a skip link jumps to the main content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });

  test("the header stays at the top while scrolling", async ({ page }) => {
    await page.goto("/");
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const box = await page.getByRole("banner").boundingBox();
    expect(box?.y).toBe(0);
  });
});

test.describe("header without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });

  test("dropdowns still open on hover and on keyboard focus", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Industries", exact: true }).hover();
    await expect(nav.locator("#menu-industries")).toBeVisible();
    await page.mouse.move(640, 700);
    await nav.getByRole("link", { name: "Services", exact: true }).focus();
    await expect(nav.locator("#menu-services")).toBeVisible();
  });
});

test.describe("mobile menu (375 px)", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("the toggle opens a menu with a tap-to-expand Services list and Free Guides", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.locator("[data-mobile-menu] > summary");
    await expect(toggle).toBeVisible();
    await toggle.tap();
    const menu = page.getByRole("navigation", { name: "Menu" });
    await expect(menu).toBeVisible();
    const services = menu.getByText("Services", { exact: true });
    await expect(menu.getByRole("link", { name: "Website Design" })).toBeHidden();
    await services.tap();
    for (const name of [
      "Complete Solutions",
      "Website Design",
      "SEO Optimization",
      "Digital Advertising",
      "Recruitment Services",
    ]) {
      await expect(menu.getByRole("link", { name })).toBeVisible();
    }
    const guides = menu.getByRole("link", { name: "Free Guides" });
    await expect(guides).toHaveAttribute("href", "/guides");
    await guides.tap();
    await expect(page).toHaveURL(/\/guides$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Guides for Owners");
  });

  test("Escape closes the mobile menu and returns focus to the toggle", async ({ page }) => {
    await page.goto("/");
    const toggle = page.locator("[data-mobile-menu] > summary");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("navigation", { name: "Menu" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Menu" })).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("nothing scrolls sideways", async ({ page }) => {
    await page.goto("/");
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.locator("[data-mobile-menu] > summary").tap();
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
});
