/**
 * Videos as a visitor meets them: the first tap or click on an inline video plays it on the page
 * (never YouTube in a new tab), even when the tap is over before the player's code has arrived;
 * a video that cannot load shows its poster, a message and the 'Watch on YouTube' link, never the
 * browser's broken-page icon, in every modal; modals close on a backdrop click, keep focus inside
 * when the video fails, and fill a phone's screen.
 *
 * Other hosts are blocked (fixtures.ts), so the provider cannot load: the failure path is the
 * real one. Where a test needs a player that comes up, a tiny local page stands in for the
 * provider's embed and answers its 'listening' message as the provider's player does.
 */
import type { Locator, Page } from "@playwright/test";
import { VIDEO_EMBED_ORIGIN, VIDEO_PLAYER_SILENCE_MS } from "../../src/config/providers";
import { test, expect } from "./fixtures";

const FAILED = "The video could not be loaded here. You can still watch it on YouTube.";

/**
 * The provider stays silent past VIDEO_PLAYER_SILENCE_MS (its requests are blocked): the page's
 * clock (installed before the page loaded) is moved on a second at a time, from whenever the
 * player started waiting, until the player gives up and says so, instead of waiting 6 s of real
 * time in every test.
 */
async function providerSilent(page: Page, alert: Locator) {
  // No pause between tries (toPass waits up to a second by default): the clock moves, not time.
  await expect(async () => {
    await page.clock.fastForward(1_000);
    await expect(alert).toContainText(FAILED, { timeout: 100 });
  }).toPass({ intervals: [0], timeout: VIDEO_PLAYER_SILENCE_MS + 5_000 });
}

/** A stand-in for the provider's embed: answers 'listening' from the provider's origin. */
async function providerAnswers(page: Page) {
  await page.route(`${VIDEO_EMBED_ORIGIN}/embed/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>player</title><body style="background:#000">
        <script>addEventListener("message", (e) => {
          if (String(e.data).includes('"listening"'))
            parent.postMessage(JSON.stringify({ event: "onReady" }), "*");
        });</script>`,
    }),
  );
}

/**
 * Holds back the code of the islands on the page by `ms`, as a slow phone network would: a tap
 * is over long before it arrives.
 */
async function slowIslands(page: Page, ms: number) {
  await page.route(
    (url) => url.pathname.startsWith("/_astro/") && url.pathname.endsWith(".js"),
    async (route) => {
      await new Promise((r) => setTimeout(r, ms));
      await route.continue();
    },
  );
}

/** A finger on the screen for `ms` (a normal tap is about 120 ms), through Chromium's input. */
async function tap(page: Page, x: number, y: number, ms = 120) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  await page.waitForTimeout(ms);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** The middle of the element, in viewport coordinates, after scrolling it into view. */
async function centre(page: Page, selector: string) {
  const el = page.locator(selector).first();
  await el.scrollIntoViewIfNeeded();
  const box = (await el.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Fails the test if anything opens a new tab or window. */
function noNewTabs(page: Page) {
  const opened: string[] = [];
  page.context().on("page", (p) => opened.push(p.url()));
  return opened;
}

test.describe("inline videos: the first tap plays here", () => {
  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test("/testimonial: a 120 ms tap before the player's code arrived plays the video inline", async ({
      page,
    }) => {
      const opened = noNewTabs(page);
      await providerAnswers(page);
      await page.goto("/testimonial");
      await page.waitForLoadState("load");
      await slowIslands(page, 800);
      const { x, y } = await centre(page, "a[data-video-play]");
      await tap(page, x, y);
      const player = page.locator("[data-video-state]").first();
      await expect(player.locator("iframe")).toHaveAttribute(
        "src",
        new RegExp(`^${VIDEO_EMBED_ORIGIN}/embed/[\\w-]{11}\\?autoplay=1`),
      );
      await expect(player).toHaveAttribute("data-video-state", "ready");
      await expect(player.locator("iframe")).toBeVisible();
      expect(page.url()).toMatch(/\/testimonial$/);
      expect(opened).toEqual([]);
    });
  });

  for (const path of ["/landscape-business-growth-initiation", "/book-call"]) {
    test(`${path} (desktop): a 120 ms click before the code arrived plays the video inline`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      const opened = noNewTabs(page);
      await providerAnswers(page);
      await page.goto(path);
      await page.waitForLoadState("load");
      await slowIslands(page, 800);
      const selector = "a[data-video-play]:visible";
      const { x, y } = await centre(page, selector);
      // The pointer arrives and presses at once (no hover beforehand to start the loading early).
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.waitForTimeout(120);
      await page.mouse.up();
      const player = page.locator("[data-video-state]").first();
      await expect(player).toHaveAttribute("data-video-state", "ready");
      expect(new URL(page.url()).pathname).toBe(path);
      expect(opened).toEqual([]);
    });
  }

  test("when the provider cannot load, the poster, a message and the link replace the player", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/testimonial");
    await page.locator("a[data-video-play]").first().click();
    const player = page.locator("[data-video-state]").first();
    await expect(player).toHaveAttribute("data-video-state", "loading");
    // The frame is there but invisible while loading: never the browser's error page.
    await expect(player.locator("iframe")).toHaveCSS("opacity", "0");
    await providerSilent(page, player.getByRole("alert"));
    await expect(player.getByRole("alert")).toHaveText(
      new RegExp(`^${FAILED}\\s*Watch on YouTube$`),
    );
    await expect(player.locator("iframe")).toHaveCount(0);
    await expect(player.locator("img")).toBeVisible();
    await expect(player.getByRole("link", { name: "Watch on YouTube" })).toHaveAttribute(
      "href",
      /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/,
    );
  });
});

/** Every video modal of the spec: its page and its dialog id. */
const modals = [
  ["/", "success-stories-video"],
  ["/", "home-video-puretek-llc"],
  ["/", "home-video-romans-roofing-llc"],
  ["/case-studies", "video-puretek-llc"],
  ["/case-studies", "video-romans-roofing-llc"],
  ["/case-study/puretek-llc", "video-puretek-llc"],
  ["/case-study/romans-roofing-llc", "video-romans-roofing-llc"],
] as const;

test.describe("video modals when the video cannot load", () => {
  for (const [path, id] of modals) {
    test(`${path} #${id}: poster, message and link; focus stays inside`, async ({ page }) => {
      await page.clock.install();
      await page.goto(path);
      const trigger = page.locator(`button[commandfor="${id}"][command="show-modal"]`);
      await trigger.click();
      const dialog = page.locator(`dialog#${id}`);
      await expect(dialog).toBeVisible();
      const alert = dialog.getByRole("alert");
      await providerSilent(page, alert);
      await expect(dialog.locator("iframe")).toHaveCount(0);
      await expect(dialog.locator("[data-video-state] img")).toBeVisible();
      await expect(alert.getByRole("link", { name: "Watch on YouTube" })).toBeVisible();
      // Focus is inside the dialog and stays there while tabbing both ways.
      for (const key of ["Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
        const inside = await page.evaluate(
          (dialogId) => !!document.activeElement?.closest(`dialog#${dialogId}`),
          id,
        );
        expect(inside, `focus inside before ${key}`).toBe(true);
        await page.keyboard.press(key);
      }
      await dialog.getByRole("button", { name: "Close video" }).click();
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();
    });
  }
});

test.describe("video modals: backdrop and phone screens", () => {
  test("a click on the backdrop closes the modal (desktop)", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/case-studies");
    const trigger = page.locator('button[commandfor="video-puretek-llc"][command="show-modal"]');
    await trigger.click();
    const dialog = page.locator("dialog#video-puretek-llc");
    await expect(dialog).toBeVisible();
    // A click inside the dialog does not close it; one on the backdrop does.
    await dialog.locator("h2").click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(8, 8);
    await expect(dialog).toBeHidden();
    await expect(dialog.locator("iframe")).toHaveCount(0);
  });

  test("on a phone the modal fills the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.locator('button[commandfor="success-stories-video"][command="show-modal"]').click();
    const dialog = page.locator("dialog#success-stories-video");
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.y).toBe(0);
    expect(box.width).toBe(390);
    expect(box.height).toBe(844);
  });
});
