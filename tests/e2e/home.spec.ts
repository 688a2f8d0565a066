/** The home page: every section of spec "Home", its modals, forms, video and accessibility. */
import type { Page } from "@playwright/test";
import { test, expect, expectNoAxeViolations, hasHorizontalOverflow } from "./fixtures";
import { formatPhone } from "../../src/lib/format";
import { site } from "../../src/config/site";

const fieldNames = (page: Page, form: string) =>
  page.locator(`form[data-lead-form="${form}"]`).evaluate((f) =>
    Array.from(f.querySelectorAll<HTMLInputElement>("input:not([type=hidden]), textarea, select"))
      .filter((el) => !el.closest("[aria-hidden=true]"))
      .map((el) => `${el.name}:${el.type}:${el.required ? "required" : "optional"}`),
  );

test.describe("home page", () => {
  test("has one h1, the landmarks and every in-page anchor", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("banner")).toHaveCount(1);
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("contentinfo")).toHaveCount(1);
    for (const id of ["home", "services", "about", "guides", "portfolio", "contact"]) {
      await expect(page.locator(`#${id}`), `#${id}`).toHaveCount(1);
    }
  });

  test("shows the six services with four features each, eight industries and four values", async ({
    page,
  }) => {
    await page.goto("/");
    const services = page.locator("#services > div > ul > li");
    await expect(services).toHaveCount(6);
    for (let i = 0; i < 6; i++) await expect(services.nth(i).locator("ul > li")).toHaveCount(4);
    await expect(page.locator("#services h3")).toHaveText([
      "Search Engine Optimization",
      "Professional Web Design",
      "Content Marketing",
      "Pay-Per-Click Advertising",
      "Social Media Marketing",
      "Marketing Automation",
    ]);
    const tiles = page.locator("#industries ul > li > a");
    await expect(tiles).toHaveCount(8);
    expect(await tiles.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/industries/turf-lawn-care",
      "/industries/lawn-maintenance",
      "/industries/landscape-design",
      "/industries/hardscape-outdoor-living",
      "/industries/outdoor-lighting",
      "/industries/pest-control",
      "/industries/arborist-tree-services",
      "/industries/sprinkler-irrigation",
    ]);
    await expect(
      page.locator("#industries").getByRole("link", { name: "View All Industries" }),
    ).toHaveAttribute("href", "/industries");
    await expect(page.locator("#about h3")).toHaveText([
      "Expert Team",
      "Targeted Approach",
      "Proven Results",
      "Growth Focus",
    ]);
  });

  test("shows both case studies with their figures and links", async ({ page }) => {
    await page.goto("/");
    const cards = page.locator("#portfolio article");
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText("Epoxy Flooring");
    await expect(cards.nth(0)).toContainText("$679,000");
    await expect(cards.nth(0)).toContainText("76");
    await expect(cards.nth(1)).toContainText("285%");
    await expect(cards.nth(1)).toContainText("200+");
    for (const label of ["Challenge", "Solution", "Outcome"])
      await expect(cards.nth(0)).toContainText(label);
    await expect(cards.nth(0).getByRole("link", { name: /View Full Case Study/ })).toHaveAttribute(
      "href",
      "/case-study/puretek-llc",
    );
    await expect(cards.nth(1).getByRole("link", { name: /View Full Case Study/ })).toHaveAttribute(
      "href",
      "/case-study/romans-roofing-llc",
    );
  });

  test("hero and closing call to action lead to the audit and the booking pages", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(
      page.locator("#home").getByRole("link", { name: "Get Your Free Growth Audit" }),
    ).toHaveAttribute("href", "/free-audit");
    const cta = page.locator("#get-started");
    await expect(cta.getByRole("link", { name: "Get Your Free Growth Audit" })).toHaveAttribute(
      "href",
      "/free-audit",
    );
    await expect(cta.getByRole("link", { name: "Book a Strategy Call" })).toHaveAttribute(
      "href",
      "/book-call",
    );
  });

  test("contact section shows phone, email, area and hours", async ({ page }) => {
    await page.goto("/");
    const contact = page.locator("#contact");
    await expect(contact.locator("#contact-title")).toContainText("Free Consultation");
    await expect(contact.getByRole("link", { name: formatPhone(site.phone) })).toHaveAttribute(
      "href",
      `tel:${site.phone}`,
    );
    await expect(contact.getByRole("link", { name: site.email })).toHaveAttribute(
      "href",
      `mailto:${site.email}`,
    );
    await expect(contact).toContainText("Serving Landscape Businesses Nationwide");
    await expect(contact).toContainText("Mon-Fri 9:00 AM-6:00 PM EST");
  });

  test("the audit and contact forms have the spec's fields, required marks and native validation", async ({
    page,
  }) => {
    await page.goto("/");
    expect(await fieldNames(page, "audit")).toEqual([
      "companyName:text:required",
      "ownerName:text:required",
      "website:text:required",
      "email:email:required",
      "message:textarea:optional",
    ]);
    await expect(
      page.locator('form[data-lead-form="audit"] textarea[name=message]'),
    ).toHaveAttribute("rows", "3");
    expect(await fieldNames(page, "contact")).toEqual([
      "full-name:text:required",
      "email:email:required",
      "phone:tel:optional",
      "company:text:optional",
      "message:textarea:required",
    ]);
    await expect(
      page.locator('form[data-lead-form="contact"] textarea[name=message]'),
    ).toHaveAttribute("rows", "5");
    // Required labels carry an asterisk.
    await expect(page.locator('label[for="hero-audit-companyName"]')).toHaveText(/\*$/);
    await expect(page.locator('label[for="hero-audit-message"]')).not.toHaveText(/\*$/);
    // Native validation stops an empty submit on the page.
    const audit = page.locator('form[data-lead-form="audit"]');
    await audit.getByRole("button", { name: "Get My Free Audit" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(
      await audit
        .locator("input[name=companyName]")
        .evaluate((el: HTMLInputElement) => el.validity.valueMissing),
    ).toBe(true);
    await audit.locator("input[name=email]").fill("not-an-email");
    expect(
      await audit
        .locator("input[name=email]")
        .evaluate((el: HTMLInputElement) => el.validity.typeMismatch),
    ).toBe(true);
    for (const form of ["audit", "contact"]) {
      await expect(page.locator(`form[data-lead-form="${form}"]`)).toHaveAttribute(
        "action",
        "/api/leads",
      );
      await expect(page.locator(`form[data-lead-form="${form}"]`)).toHaveAttribute(
        "method",
        "post",
      );
      await expect(page.locator(`form[data-lead-form="${form}"] input[name=_next]`)).toHaveValue(
        `/thank-you?form=${form}`,
      );
    }
    await expect(page.locator('form[data-lead-form="audit"] input[name=_subject]')).toHaveValue(
      "Free Marketing Audit Request",
    );
    await expect(page.locator('form[data-lead-form="contact"] input[name=_subject]')).toHaveValue(
      "Contact Form Submission",
    );
  });

  test("images carry their size; the hero picture loads first, the rest lazily", async ({
    page,
  }) => {
    await page.goto("/");
    const images = await page.locator("main img").evaluateAll((imgs) =>
      imgs.map((img) => ({
        w: img.getAttribute("width"),
        h: img.getAttribute("height"),
        loading: img.getAttribute("loading"),
        priority: img.getAttribute("fetchpriority"),
        src: img.getAttribute("src"),
      })),
    );
    expect(images.length).toBeGreaterThan(10);
    for (const img of images) {
      expect(Number(img.w)).toBeGreaterThan(0);
      expect(Number(img.h)).toBeGreaterThan(0);
      expect(img.src).toMatch(/^\/_astro\//);
    }
    expect(images[0]).toMatchObject({ loading: "eager", priority: "high" });
    expect(images.slice(1).every((i) => i.loading === "lazy")).toBe(true);
    const sources = await page
      .locator("main picture")
      .first()
      .locator("source")
      .evaluateAll((s) => s.map((e) => e.getAttribute("type")));
    expect(sources).toEqual(["image/avif", "image/webp"]);
  });

  test("axe finds no WCAG 2.2 A/AA violations (desktop, phone and with the video dialog open)", async ({
    page,
  }) => {
    await page.goto("/");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Watch Success Stories" }).click();
    await expect(page.locator("dialog#success-stories-video")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload();
    await expectNoAxeViolations(page);
  });

  test("nothing scrolls sideways at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
});

test.describe("video dialogs", () => {
  test("Watch Success Stories opens a modal that traps focus, holds the booking link, and closes with Escape", async ({
    page,
  }) => {
    await page.goto("/");
    const trigger = page.getByRole("button", { name: "Watch Success Stories" });
    await trigger.click();
    const dialog = page.locator("dialog#success-stories-video");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Book a Strategy Call" })).toHaveAttribute(
      "href",
      "/book-call",
    );
    // The video starts on open: the provider's privacy-enhanced iframe is created.
    await expect(dialog.locator("iframe")).toHaveAttribute(
      "src",
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?autoplay=1/,
    );
    // Focus moved inside; Escape closes the dialog and focus returns to the button.
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    // Closing stops the video.
    await expect(dialog.locator("iframe")).toHaveCount(0);
    // Reopened, focus stays inside the dialog while tabbing in both directions.
    await trigger.press("Enter");
    await expect(dialog).toBeVisible();
    for (const key of [
      "Tab",
      "Tab",
      "Tab",
      "Tab",
      "Shift+Tab",
      "Shift+Tab",
      "Shift+Tab",
      "Shift+Tab",
      "Shift+Tab",
    ]) {
      await page.keyboard.press(key);
      const inside = await page.evaluate(() => {
        const active = document.activeElement;
        return (
          !!active && active !== document.body && !!active.closest("dialog#success-stories-video")
        );
      });
      expect(inside, `focus after ${key}`).toBe(true);
    }
    await dialog.getByRole("button", { name: "Close video" }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    // Closing stops the video.
    await expect(dialog.locator("iframe")).toHaveCount(0);
  });

  test("each case-study video opens its own modal and the close button closes it", async ({
    page,
  }) => {
    await page.goto("/");
    const buttons = page
      .locator("#portfolio")
      .getByRole("button", { name: "Watch Video Testimonial" });
    await expect(buttons).toHaveCount(2);
    for (const [i, id] of ["puretek-llc", "romans-roofing-llc"].entries()) {
      await buttons.nth(i).click();
      const dialog = page.locator(`dialog#home-video-${id}`);
      await expect(dialog).toBeVisible();
      await expect(dialog.locator("iframe")).toHaveCount(1);
      await dialog.getByRole("button", { name: "Close video" }).click();
      await expect(dialog).toBeHidden();
      await expect(dialog.locator("iframe")).toHaveCount(0);
      await expect(buttons.nth(i)).toBeFocused();
    }
  });

  test("without JavaScript the dialog still opens and closes, and play links to the video", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Watch Success Stories" }).click();
    const dialog = page.locator("dialog#success-stories-video");
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("a[data-video-play]")).toHaveAttribute(
      "href",
      /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/,
    );
    await dialog.getByRole("button", { name: "Close video" }).click();
    await expect(dialog).toBeHidden();
    await context.close();
  });
});

test.describe("hero background video", () => {
  test("starts only after the page has loaded, muted and looping", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto("/", { waitUntil: "load" });
    const video = page.locator("video[data-hero-video]");
    await expect(video).toHaveCount(1);
    await expect(video).toHaveJSProperty("muted", true);
    await expect(video).toHaveAttribute("loop", "");
    await expect(video).toHaveAttribute("src", site.heroVideo);
    // It is put in the hero's scene, over the poster.
    await expect(page.locator("[data-hero-scene] > video[data-hero-video]")).toBeAttached();
    // The first request of the page was the document, not the video.
    expect(requests.findIndex((u) => u.endsWith(site.heroVideo))).toBeGreaterThan(0);
  });

  test("is not loaded on a phone, where the still poster stays the largest paint", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.addInitScript(() => {
      const w = window as Window & { lcp?: string[] };
      w.lcp = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          w.lcp?.push((e as PerformanceEntry & { element?: Element }).element?.tagName ?? "");
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await page.goto("/", { waitUntil: "load" });
    await page.waitForTimeout(1000);
    // No media element at all: the video waits in its template.
    await expect(page.locator("video")).toHaveCount(0);
    await expect(page.locator("template[data-hero-video]")).toBeAttached();
    expect(requests.some((u) => u.endsWith(site.heroVideo))).toBe(false);
    const lcp = await page.evaluate(() => (window as Window & { lcp?: string[] }).lcp ?? []);
    expect(lcp.at(-1)).not.toBe("VIDEO");
    await context.close();
  });

  test("a window that widens past 48rem gets the loop then, and narrowing pauses it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto("/", { waitUntil: "load" });
    await expect(page.locator("video")).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    const video = page.locator("video[data-hero-video]");
    await expect(video).toHaveAttribute("src", site.heroVideo);
    await expect(video).toHaveJSProperty("muted", true);
    await page.setViewportSize({ width: 600, height: 800 });
    await expect(video).toHaveJSProperty("paused", true);
    await expect(video).toBeHidden();
  });

  test("does not load under prefers-reduced-motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto("/", { waitUntil: "load" });
    await page.waitForTimeout(500);
    await expect(page.locator("video")).toHaveCount(0);
    expect(requests.some((u) => u.endsWith(site.heroVideo))).toBe(false);
    await context.close();
  });
});
