/**
 * Checks every content page shares: one h1 and valid landmarks, no dead controls, safe external
 * links, and the 375 px phone layout.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hasHorizontalOverflow } from "./fixtures";

/** Exactly one h1, one banner, one main and one contentinfo landmark. */
export async function expectOneH1AndLandmarks(page: Page) {
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.locator("h1")).not.toBeEmpty();
  await expect(page.getByRole("banner")).toHaveCount(1);
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByRole("contentinfo")).toHaveCount(1);
}

/**
 * No dead ends: every link has a real destination (no empty, `#` or javascript: href), and every
 * button in the page content opens a dialog that exists, closes its own dialog, or submits a form.
 */
export async function expectEveryControlLeadsSomewhere(page: Page) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    for (const a of Array.from(document.querySelectorAll("a"))) {
      const href = a.getAttribute("href");
      if (href === null || href.trim() === "" || href === "#" || /^javascript:/i.test(href))
        found.push(`link "${a.textContent?.trim()}" has href ${JSON.stringify(href)}`);
    }
    for (const b of Array.from(document.querySelectorAll("main button"))) {
      const target = b.getAttribute("commandfor");
      const label = b.textContent?.trim() || b.getAttribute("aria-label");
      if (target) {
        if (!(document.getElementById(target) instanceof HTMLDialogElement))
          found.push(`button "${label}" controls missing dialog #${target}`);
      } else if (!(b as HTMLButtonElement).form || (b as HTMLButtonElement).type !== "submit") {
        found.push(`button "${label}" does nothing`);
      }
    }
    return found;
  });
  expect(problems).toEqual([]);
}

/** Links to other sites open in a new tab without giving that tab access to this page. */
export async function expectExternalLinksSafe(page: Page) {
  const unsafe = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href^='http']"))
      .filter((a) => new URL(a.href).origin !== location.origin)
      .filter((a) => {
        const rel = (a.getAttribute("rel") ?? "").split(/\s+/);
        return a.target !== "_blank" || !rel.includes("noopener") || !rel.includes("noreferrer");
      })
      .map((a) => a.href),
  );
  expect(unsafe).toEqual([]);
}

/** axe-core finds no WCAG 2.2 A/AA violation, and nothing scrolls sideways at 375 px. */
export async function expectAccessibleOnDesktopAndPhone(page: Page, path: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(path);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(path);
  expect(await hasHorizontalOverflow(page), `${path} overflows at 375 px`).toBe(false);
  await expectNoAxeViolations(page);
}

/** Opens a video dialog by its button, checks the privacy-enhanced player, closes it both ways. */
export async function expectVideoDialogOpensAndCloses(page: Page, buttonName: string, id: string) {
  const trigger = page.locator(`button[commandfor="${id}"][command="show-modal"]`);
  await expect(trigger).toHaveText(buttonName);
  const dialog = page.locator(`dialog#${id}`);
  await expect(dialog).toBeHidden();
  await trigger.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading")).not.toBeEmpty();
  await expect(dialog.locator("iframe")).toHaveAttribute(
    "src",
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?autoplay=1/,
  );
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Close video" }).click();
  await expect(dialog).toBeHidden();
  await expect(dialog.locator("iframe")).toHaveCount(0);
  await expect(trigger).toBeFocused();
  // Again from the keyboard, closed with Escape.
  await trigger.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
}
