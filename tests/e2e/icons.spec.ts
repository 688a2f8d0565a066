/**
 * Icons in Chromium after the build step that draws repeated icons from symbols (D205) and with
 * check marks drawn by CSS: each shows, at its size, in its colour, on a phone and on a desktop.
 * A `<use>` whose symbol is missing lays out at its size but paints nothing, so the tests look
 * at the pixels, not only the boxes.
 */
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { test, expect } from "./fixtures";

/** True when the area shows more than one colour (something is drawn on the background). */
async function paints(page: Page, clip: { x: number; y: number; width: number; height: number }) {
  const png = await page.screenshot({ clip });
  const { channels } = await sharp(png).stats();
  return channels.slice(0, 3).some((c) => c.max - c.min > 60);
}

async function box(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const b = await locator.boundingBox();
  if (!b) throw new Error("no box");
  return b;
}

const BRAND_700 = "rgb(21, 128, 61)";

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`icons (${label})`, () => {
    test.use({ viewport });

    test("icons drawn from a symbol show at their size and colour", async ({ page }) => {
      await page.goto("/contact-us");
      const drawn = page.locator("svg:has(> use)");
      expect(await drawn.count()).toBeGreaterThan(1);
      let seen = 0;
      for (const icon of await drawn.all()) {
        if (!(await icon.isVisible())) continue;
        const b = await box(icon);
        expect(b.width).toBeGreaterThanOrEqual(16);
        expect(b.height).toBe(b.width);
        // The symbol resolved: its drawing has a box, and it paints.
        const drawing = await icon
          .locator("use")
          .evaluate((use: SVGUseElement) => use.getBBox().width);
        expect(drawing).toBeGreaterThan(0);
        expect(await paints(page, b)).toBe(true);
        seen += 1;
      }
      expect(seen).toBeGreaterThan(0);
      // The contact details' phone icon: brand green, stroke from the symbol.
      const contactPhone = page.locator("main dt svg:has(> use)").first();
      await expect(contactPhone).toHaveCSS("color", BRAND_700);
      await expect(contactPhone).toHaveAttribute("aria-hidden", "true");
      await expect(contactPhone).toHaveAttribute("focusable", "false");
    });

    test("check marks are drawn by CSS borders, in a 20 px slot, in the brand colour", async ({
      page,
    }) => {
      await page.goto("/");
      const item = page.locator("#services li.check-item").first();
      const mark = await item.evaluate((li) => {
        const s = getComputedStyle(li, "::before");
        const px = (v: string) => Number.parseFloat(v);
        return {
          slot: px(s.marginLeft) + px(s.width) + px(s.marginRight),
          colour: s.borderBottomColor,
          right: s.borderRightColor,
          // No image of any kind: an SVG image costs the page an SVG document of its own.
          images: [s.maskImage, s.backgroundImage, s.webkitMaskImage].filter(
            (v) => v && v !== "none",
          ),
        };
      });
      expect(mark).toEqual({ slot: 20, colour: BRAND_700, right: BRAND_700, images: [] });
      const b = await box(item);
      expect(await paints(page, { x: b.x, y: b.y, width: 20, height: 20 })).toBe(true);
    });

    test("an island's icon (the video button's play mark) still draws inline", async ({ page }) => {
      await page.goto("/");
      const play = page.locator("#home astro-island button svg").first();
      await expect(play).toBeVisible();
      expect(await play.locator("use").count()).toBe(0);
      expect(await paints(page, await box(play))).toBe(true);
    });
  });
}
