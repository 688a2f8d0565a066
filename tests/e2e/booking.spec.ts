/**
 * The scheduling widget (spec sections 2 and 7): on /book-call the provider's script is added
 * when the page opens and removed when the visitor leaves, the inline widget is 700 px high, and
 * a widget that cannot load (blocked here by the fixture) leaves a plain link to the booking page
 * and the phone number instead of an empty box, as it does without JavaScript. The provider is
 * stubbed by a small local answer where a test needs the loaded widget. The success-stories video
 * shows on large screens only.
 */
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { site } from "../../src/config/site";
import { formatPhone, phoneHref } from "../../src/lib/format";
import { SCHEDULING_SCRIPT } from "../../src/lib/scheduling";

const bookingOrigin = new URL(site.scheduling.url).origin;
const scriptSelector = `script[src="${SCHEDULING_SCRIPT}"]`;

/** A stand-in for the provider: its script makes the inline frame, its page says it is shown. */
async function stubProvider(page: Page) {
  await page.route(SCHEDULING_SCRIPT, (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: `document.querySelectorAll(".calendly-inline-widget").forEach(function (el) {
        var frame = document.createElement("iframe");
        frame.src = el.getAttribute("data-url");
        frame.title = "Select a date and time";
        frame.style.cssText = "width:100%;height:100%;border:0";
        el.appendChild(frame);
      });`,
    }),
  );
  await page.route(
    (url) => url.origin === bookingOrigin,
    (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html lang="en"><title>Booking</title><p>Pick a time</p>
          <script>parent.postMessage({ event: "calendly.event_type_viewed", payload: {} }, "*");</script>`,
      }),
  );
}

async function expectFallback(page: Page, failed: boolean) {
  const widget = page.locator("[data-booking]");
  await expect(widget).toHaveAttribute("data-booking", failed ? "failed" : "idle");
  const fallback = widget.locator("[data-booking-fallback]");
  await expect(fallback).toBeVisible();
  await expect(fallback.getByRole("link", { name: /Open the scheduling page/ })).toHaveAttribute(
    "href",
    site.scheduling.url,
  );
  await expect(fallback.locator(`a[href="${phoneHref(site.phone)}"]`)).toHaveText(
    formatPhone(site.phone),
  );
  // Nothing of the widget shows (a frame that may still answer late stays out of sight).
  await expect(widget.locator("iframe:visible, .calendly-inline-widget:visible")).toHaveCount(0);
  if (failed) await expect(fallback).toContainText("could not be shown here");
}

test.describe("/book-call scheduling widget", () => {
  test("the provider's script is added when the page opens and removed when the visitor leaves", async ({
    page,
  }) => {
    await stubProvider(page);
    await page.goto("/book-call");
    await expect(page.locator(scriptSelector)).toHaveCount(1);
    const widget = page.locator("[data-booking]");
    await expect(widget).toHaveAttribute("data-booking", "ready");
    const frame = widget.locator(".calendly-inline-widget iframe");
    await expect(frame).toBeVisible();
    const src = new URL((await frame.getAttribute("src"))!);
    expect(`${src.origin}${src.pathname}`).toBe(site.scheduling.url);
    expect(src.searchParams.get("embed_type")).toBe("Inline");
    expect(src.searchParams.get("embed_domain")).toBe(new URL(page.url()).host);
    expect(Math.round((await frame.boundingBox())!.height)).toBe(site.scheduling.widgetHeight);

    // Note, after the island's own pagehide handler, whether the script is still there.
    await page.evaluate((selector) => {
      window.addEventListener("pagehide", () =>
        sessionStorage.setItem("script-after-pagehide", String(!!document.querySelector(selector))),
      );
    }, scriptSelector);
    await page.getByRole("link", { name: "Back to Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await page.evaluate(() => sessionStorage.getItem("script-after-pagehide"))).toBe(
      "false",
    );
    await expect(page.locator(scriptSelector)).toHaveCount(0);
  });

  for (const path of ["/book-call", "/thank-you"]) {
    test(`${path}: the widget starts by itself, but only after the page has loaded and painted`, async ({
      page,
    }) => {
      await stubProvider(page);
      await page.goto(path);
      await expect(page.locator("[data-booking]")).toHaveAttribute("data-booking", "ready");
      const timing = await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType(
          "navigation",
        ) as PerformanceNavigationTiming[];
        const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((r) => r.initiatorType !== "navigation" && /\.js(\?|$)/.test(r.name))
          .map((r) => r.startTime);
        return {
          load: navigation?.loadEventStart ?? NaN,
          paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
          firstScript: Math.min(...scripts),
        };
      });
      // Every script of the page (the island's chunks, then the provider's) starts after both.
      expect(timing.firstScript).toBeGreaterThanOrEqual(timing.load);
      expect(timing.firstScript).toBeGreaterThanOrEqual(timing.paint);
    });
  }

  test("no other page loads the provider's script", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (r) => {
      if (r.url().startsWith(SCHEDULING_SCRIPT)) requested.push(page.url());
    });
    for (const path of ["/", "/free-audit", "/contact-us", "/testimonial"]) {
      await page.goto(path);
      await expect(page.locator(scriptSelector)).toHaveCount(0);
    }
    expect(requested).toEqual([]);
  });

  test("when the provider is blocked, the link and the phone number replace the widget", async ({
    page,
  }) => {
    await page.goto("/book-call");
    await expectFallback(page, true);
    await expect(page.locator(scriptSelector)).toHaveCount(0);
  });

  test("while it loads, the link and the phone number show, with a line saying it loads", async ({
    page,
  }) => {
    await page.route(SCHEDULING_SCRIPT, () => {
      /* never answered */
    });
    await page.goto("/book-call");
    const widget = page.locator("[data-booking]");
    await expect(widget).toHaveAttribute("data-booking", "loading");
    await expect(widget.getByRole("status")).toContainText("Loading the calendar");
    await expect(widget.getByRole("link", { name: /Open the scheduling page/ })).toBeVisible();
    // No empty box the widget's height while nothing is there to see.
    expect((await widget.boundingBox())!.height).toBeLessThan(site.scheduling.widgetHeight);
  });

  test("the success-stories video shows on large screens only, and loads nothing on small ones", async ({
    page,
  }) => {
    const posters: string[] = [];
    page.on("request", (r) => {
      if (/success-stories/.test(r.url())) posters.push(r.url());
    });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/book-call");
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(500);
    await expect(page.locator("#success-stories")).toBeHidden();
    expect(posters).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/book-call");
    const stories = page.locator("#success-stories");
    await expect(stories).toBeVisible();
    await stories.scrollIntoViewIfNeeded();
    await expect(stories.locator("[data-video-play] img")).toBeVisible();
    expect(posters.length).toBeGreaterThan(0);
  });
});

test.describe("/thank-you scheduling frame", () => {
  test("the booking page shows in a frame once the provider answers", async ({ page }) => {
    await stubProvider(page);
    await page.goto("/thank-you");
    const widget = page.locator("[data-booking]");
    await widget.scrollIntoViewIfNeeded();
    await expect(widget).toHaveAttribute("data-booking", "ready");
    const frame = widget.locator("iframe");
    await expect(frame).toHaveAttribute(
      "title",
      `Scheduling calendar for a ${site.scheduling.callMinutes}-minute strategy call`,
    );
    expect(Math.round((await frame.boundingBox())!.height)).toBe(site.scheduling.widgetHeight);
    // The frame needs no third-party script.
    await expect(page.locator(scriptSelector)).toHaveCount(0);
  });

  test("when the provider never answers, the fallback stays and says so", async ({ page }) => {
    await page.goto("/thank-you");
    await page.locator("[data-booking]").scrollIntoViewIfNeeded();
    await expect(page.locator("[data-booking]")).toHaveAttribute("data-booking", "failed", {
      timeout: 5_000,
    });
    await expectFallback(page, true);
  });
});

test.describe("with the scheduling host blocked, /thank-you and /book-call alike", () => {
  for (const path of ["/thank-you", "/book-call"]) {
    test(`${path}: the fallback shows within 1 s, never a calendar-high loading box`, async ({
      page,
    }) => {
      const heights: number[] = [];
      // The fallback is in the page's own HTML, so it shows with the first paint, before any
      // script runs; and it is on screen within a second of the page arriving.
      const response = await page.goto(path, { waitUntil: "commit" });
      expect(await response!.text()).toContain("data-booking-fallback");
      const widget = page.locator("[data-booking]");
      await expect(widget.getByRole("link", { name: /Open the scheduling page/ })).toBeVisible({
        timeout: 1_000,
      });
      const shown = Date.now();
      // Until it has given up, the box never grows to the calendar's 700 px or flickers away;
      // it gives up within seconds, not the 8 s it used to take.
      while ((await widget.getAttribute("data-booking")) !== "failed") {
        heights.push((await widget.boundingBox())!.height);
        await expect(widget.locator("[data-booking-fallback]")).toBeVisible();
        expect(Date.now() - shown, "gave up within 6 s").toBeLessThan(6_000);
        await page.waitForTimeout(50);
      }
      expect(Math.max(...heights, 0)).toBeLessThan(site.scheduling.widgetHeight);
      await expectFallback(page, true);
    });
  }
});

test.describe("scheduling without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const path of ["/book-call", "/thank-you"]) {
    test(`${path}: the link to the booking page and the phone number show`, async ({ page }) => {
      await page.goto(path);
      await expectFallback(page, false);
      await expect(page.locator(scriptSelector)).toHaveCount(0);
    });
  }
});
