/**
 * The header at every width (issue 13 items 4, 9, 10): the call number and the audit button fit
 * the bar on one line, dropdowns open on the first tap on a touch screen, the menu toggle keeps
 * its shape and closes on a tap outside, dropdown items are arrow-key stops rather than Tab
 * stops, contact links are full-size targets and the focus ring shows on light and dark surfaces.
 */
import type { Locator, Page } from "@playwright/test";
import { test, expect, expectNoAxeViolations, hasHorizontalOverflow } from "./fixtures";
import { formatPhone } from "../../src/lib/format";
import { site } from "../../src/config/site";

type Box = { x: number; y: number; width: number; height: number };

const phoneLink = (page: Page) =>
  page.getByRole("banner").getByRole("link", { name: formatPhone(site.phone) });
const auditLink = (page: Page) =>
  page.getByRole("banner").getByRole("link", { name: "Free Audit", exact: true });
const menuToggle = (page: Page) => page.locator("[data-mobile-menu] > summary");

/** How many lines the element's visible text takes: its text fragments stacked vertically. */
async function textLines(link: Locator) {
  return link.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const rects: DOMRect[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      rects.push(...Array.from(range.getClientRects()).filter((r) => r.width > 0));
    }
    rects.sort((a, b) => a.top - b.top);
    let lines = 0;
    let bottom = -Infinity;
    for (const r of rects) {
      if (r.top >= bottom - 1) lines++;
      bottom = Math.max(bottom, r.bottom);
    }
    return lines;
  });
}

function overlaps(a: Box, b: Box) {
  return (
    a.x < b.x + b.width - 0.5 &&
    b.x < a.x + a.width - 0.5 &&
    a.y < b.y + b.height - 0.5 &&
    b.y < a.y + a.height - 0.5
  );
}

for (const width of [320, 360, 390, 820, 1024, 1180, 1280, 1366]) {
  test.describe(`header at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("the call number and Free Audit are visible, on one line, inside the bar, and nothing overlaps", async ({
      page,
    }) => {
      await page.goto("/case-studies");
      const bar = (await page.getByRole("banner").boundingBox())!;
      const phone = phoneLink(page);
      const audit = auditLink(page);
      await expect(phone).toBeVisible();
      await expect(audit).toBeVisible();
      await expect(phone).toHaveAttribute("href", `tel:${site.phone}`);
      for (const [name, link] of [
        ["phone", phone],
        ["Free Audit", audit],
      ] as const) {
        expect(await textLines(link), `${name} text lines`).toBe(1);
        const box = (await link.boundingBox())!;
        // One line box tall: the 44 px target, not two or three lines of text.
        expect(box.height, `${name} height`).toBeLessThanOrEqual(48);
        expect(box.x, `${name} left`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${name} right`).toBeLessThanOrEqual(width);
        expect(box.y, `${name} top`).toBeGreaterThanOrEqual(bar.y);
        expect(box.y + box.height, `${name} bottom`).toBeLessThanOrEqual(bar.y + bar.height);
      }
      // Every visible control in the bar (logo, nav items, phone, audit, menu toggle) has its own space.
      const boxes = await page
        .getByRole("banner")
        .locator(":is(a, summary):not(.dropdown-panel a):not([data-mobile-menu] > div *)")
        .evaluateAll((els) =>
          els
            .map((el) => {
              const r = el.getBoundingClientRect();
              return {
                label: el.textContent?.trim() || el.getAttribute("aria-label") || el.tagName,
                x: r.x,
                y: r.y,
                width: r.width,
                height: r.height,
              };
            })
            .filter((b) => b.width > 0 && b.height > 0),
        );
      expect(boxes.length).toBeGreaterThanOrEqual(3);
      for (const [i, a] of boxes.entries())
        for (const b of boxes.slice(i + 1))
          expect(overlaps(a, b), `${a.label} overlaps ${b.label}`).toBe(false);
      expect(await hasHorizontalOverflow(page)).toBe(false);
    });
  });
}

test.describe("dropdowns on a touch screen (1366 px)", () => {
  test.use({ viewport: { width: 1366, height: 1024 }, hasTouch: true });

  test("the first tap on Services opens its menu; an item then navigates; a tap outside closes it", async ({
    page,
  }) => {
    await page.goto("/case-studies");
    const nav = page.getByRole("navigation", { name: "Main" });
    const trigger = nav.getByRole("link", { name: "Services", exact: true });
    const panel = nav.locator("#menu-services");
    await trigger.tap();
    await expect(panel).toBeVisible();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(page).toHaveURL(/\/case-studies$/);

    await page.touchscreen.tap(40, 700);
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/case-studies$/);

    await trigger.tap();
    await expect(panel).toBeVisible();
    await panel.getByRole("link", { name: "Website Design" }).tap();
    await expect(page).toHaveURL(/\/website-design$/);
  });

  test("a second tap on an open trigger follows its link", async ({ page }) => {
    await page.goto("/case-studies");
    const trigger = page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Industries", exact: true });
    await trigger.tap();
    await expect(page.locator("#menu-industries")).toBeVisible();
    await trigger.tap();
    await expect(page).toHaveURL(/\/industries$/);
  });
});

test.describe("mobile menu toggle (390 px)", () => {
  test.use({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });

  test("keeps its size and shape when open, and a tap outside the menu closes it", async ({
    page,
  }) => {
    await page.goto("/case-studies");
    const toggle = menuToggle(page);
    const menu = page.getByRole("navigation", { name: "Menu" });
    const closed = (await toggle.boundingBox())!;
    expect(closed.height).toBeGreaterThanOrEqual(44);
    expect(closed.height).toBeLessThanOrEqual(48);
    expect(closed.width).toBeGreaterThanOrEqual(44);
    await expect(toggle).toHaveAccessibleName("Menu");

    await toggle.tap();
    await expect(menu).toBeVisible();
    const open = (await toggle.boundingBox())!;
    expect(open).toEqual(closed);
    await expect(toggle).toHaveAccessibleName("Menu");

    // A spot below the open menu with no control of the page within a finger's width of it.
    const panel = (await menu.boundingBox())!;
    const spot = { x: 195, y: 780 };
    expect(spot.y).toBeGreaterThan(panel.y + panel.height + 24);
    expect(
      await page.evaluate(({ x, y }) => {
        const near = (r: DOMRect) =>
          r.width > 0 && r.left < x + 24 && r.right > x - 24 && r.top < y + 24 && r.bottom > y - 24;
        return Array.from(document.querySelectorAll("a, button, summary, input, textarea"))
          .filter((el) => near(el.getBoundingClientRect()))
          .map((el) => el.outerHTML.slice(0, 80));
      }, spot),
    ).toEqual([]);
    await page.touchscreen.tap(spot.x, spot.y);
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/case-studies$/);
  });

  test("a click outside closes it too, and Escape closes it with focus back on the toggle", async ({
    page,
  }) => {
    await page.goto("/case-studies");
    const toggle = menuToggle(page);
    const menu = page.getByRole("navigation", { name: "Menu" });
    await toggle.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(8, 780);
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.getByRole("link", { name: "Case Studies" }).focus();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test.describe("mobile menu without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } });

  test("the toggle still opens and closes the menu", async ({ page }) => {
    await page.goto("/case-studies");
    const toggle = menuToggle(page);
    const menu = page.getByRole("navigation", { name: "Menu" });
    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Case Studies" })).toBeVisible();
    await toggle.click();
    await expect(menu).toBeHidden();
  });
});

test.describe("keyboard through the header (1366 px)", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("dropdown items are not Tab stops: from the top, main content is ten Tabs away", async ({
    page,
  }) => {
    await page.goto("/");
    const stops: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return "body";
        if (el.closest("main")) return "main";
        if (el.closest(".dropdown-panel")) return `dropdown item: ${el.textContent?.trim()}`;
        return el.textContent?.trim() || el.getAttribute("aria-label") || el.tagName;
      });
      if (where === "main") break;
      stops.push(where);
    }
    expect(stops.filter((s) => s.startsWith("dropdown item"))).toEqual([]);
    // Skip link, home, Home, Services, Industries, Case Studies, Contact, phone, Free Audit.
    expect(stops).toHaveLength(9);
  });

  test("Tab from a trigger goes to the next top-level item; ArrowDown enters the open menu", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const services = nav.getByRole("link", { name: "Services", exact: true });
    const panel = nav.locator("#menu-services");
    await services.focus();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Industries", exact: true })).toBeFocused();

    await page.keyboard.press("Shift+Tab");
    await expect(services).toBeFocused();
    await expect(panel).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(panel.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(panel.getByRole("link").nth(1)).toBeFocused();
    // Leaving the menu by Tab lands on the next top-level item, not the next menu item.
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Industries", exact: true })).toBeFocused();
    await expect(panel).toBeHidden();
  });
});

for (const [path, section] of [
  ["/", "#contact"],
  ["/contact-us", "#get-in-touch"],
] as const) {
  for (const width of [390, 1366]) {
    test(`the phone and email links on ${path} are at least 44 px tall at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      const links = page.locator(`${section} a[href^="tel:"], ${section} a[href^="mailto:"]`);
      await expect(links).toHaveCount(2);
      for (const link of await links.all()) {
        const box = (await link.boundingBox())!;
        expect(box.height, (await link.getAttribute("href")) ?? "").toBeGreaterThanOrEqual(44);
      }
    });
  }
}

/** WCAG relative luminance and contrast of "rgb(r, g, b)" colours. */
function luminance(rgb: number[]) {
  const [r = 0, g = 0, b = 0] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: number[], b: number[]) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/**
 * Focuses the element by keyboard modality and reads its ring from computed styles: the outline
 * and any opaque box-shadow band, each with its thickness, plus every colour painted behind it
 * (the nearest ancestor background colour and the stops of a gradient over it).
 */
async function ringOf(page: Page, target: Locator) {
  await target.evaluate((el: HTMLElement) => el.focus());
  return target.evaluate((el) => {
    const parse = (s: string) =>
      Array.from(s.matchAll(/rgba?\(([^)]+)\)/g), (m) =>
        m[1]!
          .split(/[ ,/]+/)
          .filter(Boolean)
          .map(Number),
      );
    const style = getComputedStyle(el);
    const bands: { color: number[]; width: number }[] = [];
    if (style.outlineStyle !== "none")
      bands.push({ color: parse(style.outlineColor)[0]!, width: parseFloat(style.outlineWidth) });
    for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
      const color = parse(shadow)[0];
      const lengths = shadow
        .replace(/rgba?\([^)]*\)/, "")
        .match(/-?[\d.]+px/g)
        ?.map(parseFloat);
      const spread = lengths?.[3] ?? 0;
      if (color && (color[3] ?? 1) === 1 && spread > 0) bands.push({ color, width: spread });
    }
    const behind: number[][] = [];
    for (let node = el.parentElement; node; node = node.parentElement) {
      const s = getComputedStyle(node);
      behind.push(...parse(s.backgroundImage));
      const bg = parse(s.backgroundColor)[0];
      if (bg && (bg[3] ?? 1) === 1 && !/gradient/.test(s.backgroundImage)) {
        behind.push(bg);
        break;
      }
      if (bg && (bg[3] ?? 1) === 1) break;
    }
    return { focusVisible: el.matches(":focus-visible"), bands, behind };
  });
}

test.describe("focus ring", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  for (const [name, selector, surface] of [
    ["a link on a white section", "#contact a[href^='tel:']", "white"],
    ["the header's Free Audit button", "header a[href='/free-audit']", "white"],
    ["the footer (brand-950)", "footer a[href]", "dark"],
    ["a button on the dark gradient band", "#get-started a[href='/free-audit']", "dark"],
  ] as const) {
    test(`has at least 3:1 against the background on ${name}`, async ({ page }) => {
      await page.goto("/");
      await page.keyboard.press("Tab"); // keyboard modality, so programmatic focus is :focus-visible
      const ring = await ringOf(page, page.locator(selector).first());
      expect(ring.focusVisible).toBe(true);
      expect(ring.behind.length).toBeGreaterThan(0);
      if (surface === "white") expect(ring.behind).toContainEqual([255, 255, 255]);
      else expect(ring.behind.every((c) => luminance(c) < 0.2)).toBe(true);
      // At least one band of the ring, 2 px or thicker, stands out 3:1 from every colour behind it.
      const visible = ring.bands.filter(
        (band) => band.width >= 2 && ring.behind.every((bg) => contrast(band.color, bg) >= 3),
      );
      expect(visible, JSON.stringify(ring)).not.toEqual([]);
    });
  }
});

test.describe("accessibility of the open header menus", () => {
  for (const width of [390, 1024]) {
    test(`axe finds nothing with the menu open at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      await menuToggle(page).click();
      await page
        .getByRole("navigation", { name: "Menu" })
        .getByText("Services", { exact: true })
        .click();
      await expect(
        page
          .getByRole("navigation", { name: "Menu" })
          .getByRole("link", { name: "Website Design" }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("axe finds nothing with a dropdown open at 1366 px", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Industries", exact: true }).focus();
    await page.keyboard.press("ArrowDown");
    await expect(nav.locator("#menu-industries").getByRole("link").first()).toBeFocused();
    await expectNoAxeViolations(page);
  });
});
