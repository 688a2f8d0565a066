/**
 * What a visitor sees first and last: /free-audit offers its form on the first screen; every
 * content page's hero uses its right side on a desktop; the home hero's background loop is seen
 * between the text and the form; /thank-you thanks for the form actually sent (an inline script);
 * a rate-limited visitor is told only when to try again. That form hints read as hints, not as
 * answers, and the thanks when no form is named, are read from the build:
 * tests/content/conversion-pages.test.ts.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { leadMessages } from "../../src/leads/messages";
import { test, expect } from "./fixtures";
import { humanPause, routeLeadsTo, startLimitedServer, uniqueEmail, withSideServer } from "./leads";

const viewports = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];

test.describe("/free-audit: the form on the first screen", () => {
  for (const viewport of viewports) {
    test(`${viewport.width} px: the form or a button to it is on the first screen, and leads to it`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/free-audit");
      const form = page.locator('form[data-lead-form="audit"]');
      const firstField = form.getByLabel("Company Name");
      const onFirstScreen = async (locator: ReturnType<Page["locator"]>) => {
        const box = await locator.boundingBox();
        return !!box && box.y >= 0 && box.y + box.height <= viewport.height;
      };
      if (viewport.width >= 1024) {
        expect(await onFirstScreen(firstField), "first field on the first screen").toBe(true);
        await expect(page.getByRole("link", { name: "Start My Free Audit" })).toBeHidden();
      } else {
        const jump = page.getByRole("link", { name: "Start My Free Audit" });
        await expect(jump).toBeVisible();
        expect(await onFirstScreen(jump), "the button on the first screen").toBe(true);
        await jump.click();
        await expect(page).toHaveURL(/#audit-form$/);
        await expect(firstField).toBeInViewport();
      }
    });
  }
});

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

test.describe("heroes on a desktop", () => {
  test("every content page's hero fills its right side with something of the page", async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1366, height: 900 });
    const paths = [...(await sitemapPaths(request)), "/thank-you", "/no-such-page-e2e"];
    const empty: string[] = [];
    let heroes = 0;
    for (const path of paths) {
      await page.goto(path);
      const hero = page.locator("main > section").first();
      // Pages whose first section is no page hero (home, the growth page, legal texts) are
      // checked elsewhere or carry their form or text there.
      if (!(await hero.locator("h1").count())) continue;
      if (path === "/" || (await hero.locator("form").count())) continue;
      const aside = hero.locator("[data-hero-aside]");
      if (!(await aside.count())) {
        // Legal pages: a text page, no hero aside wanted.
        if (await page.locator("main article").count()) continue;
        empty.push(`${path}: no aside`);
        continue;
      }
      heroes += 1;
      const heroBox = (await hero.boundingBox())!;
      const box = (await aside.boundingBox())!;
      const right = box.x >= heroBox.x + heroBox.width * 0.45;
      const wide = box.width >= heroBox.width * 0.3;
      const tall = box.height >= 160;
      if (!right || !wide || !tall) empty.push(`${path}: aside ${JSON.stringify(box)}`);
    }
    expect(empty).toEqual([]);
    expect(heroes).toBeGreaterThanOrEqual(13);
    // The made-up path answers 404, which Chromium logs.
    const rest = consoleErrors.filter((e) => !/status of 404/.test(e));
    consoleErrors.splice(0, consoleErrors.length, ...rest);
  });

  test("home: the background loop shows between the text and the form, not under them", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/");
    const scene = (await page.locator("[data-hero-scene]").boundingBox())!;
    const text = (await page.locator("#home-title").boundingBox())!;
    const form = (await page.locator('#home form[data-lead-form="audit"]').boundingBox())!;
    // The house stands at about 70 % of the picture's width.
    const house = scene.x + scene.width * 0.7;
    expect(house).toBeGreaterThan(text.x + text.width);
    expect(house).toBeLessThan(form.x);
    // At that point the scene is under nothing but the backdrop's own layers and the layout
    // boxes that hold both the text and the form: no text, no form card.
    const covering = await page.evaluate(
      ([x, y]) => {
        const stack = document.elementsFromPoint(x!, y!);
        const scene = stack.findIndex((e) => e.closest("[data-hero-scene]"));
        if (scene < 0) return ["(the scene is not at this point)"];
        const title = document.getElementById("home-title");
        const form = document.querySelector("#home form");
        return stack
          .slice(0, scene)
          .filter((e) => !e.closest('[aria-hidden="true"]'))
          .filter((e) => !(e.contains(title) && e.contains(form)))
          .map((e) => `${e.tagName}.${e.className}`);
      },
      [house, scene.y + scene.height * 0.5],
    );
    expect(covering).toEqual([]);
  });
});

test.describe("/thank-you thanks for the form that was sent", () => {
  const cases = [
    ["audit", "Your Audit Request Has Been Submitted", "walk through your audit"],
    ["contact", "Your Message Has Been Sent", "answer your questions"],
    ["testimonial", "We Will Be in Touch Shortly", "growth specialist"],
    ["quick", "We Will Call You Soon", "free strategy call"],
  ] as const;
  for (const [form, headline, intro] of cases) {
    test(`after the ${form} form`, async ({ page }) => {
      await page.goto(`/thank-you?form=${form}`);
      await expect(page.locator("h1")).toContainText(headline);
      await expect(page.locator("#schedule")).toContainText(intro);
      if (form !== "audit") await expect(page.locator("main")).not.toContainText("your audit");
    });
  }

  test("a message sent from the home page lands on thanks for a message, not an audit", async ({
    page,
  }) => {
    await page.goto("/#contact");
    const form = page.locator('form[data-lead-form="contact"]');
    await form.getByLabel("Full Name").fill("Casey Thanks");
    await form.getByLabel("Email").fill(uniqueEmail("thanks-contact"));
    await form.getByLabel("Message").fill("Do you work with snow removal companies?");
    await humanPause(page);
    await form.getByRole("button").click();
    await expect(page).toHaveURL(/\/thank-you\?form=contact$/);
    await expect(page.locator("h1")).toContainText("Your Message Has Been Sent");
    await expect(page.locator("main")).not.toContainText("your audit");
  });
});

test.describe("a rate-limited visitor", () => {
  const limited = withSideServer(startLimitedServer);

  test("is told only when to try again, without 'Something went wrong' above it", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/industries/turf-lawn-care");
    await routeLeadsTo(page, limited());
    const form = page.locator('form[data-lead-form="quick"]');
    const send = async (label: string) => {
      await form.getByLabel("Full Name").fill(`Riley ${label}`);
      await form.getByLabel("Email").fill(uniqueEmail(`limited-${label}`));
      await form.getByLabel("Phone Number").fill("(512) 555-0142");
      await humanPause(page);
      const answer = page.waitForResponse((r) => r.url().endsWith("/api/leads"));
      await form.getByRole("button", { name: "Request My Call" }).click();
      return (await answer).status();
    };
    expect(await send("first")).toBe(201);
    await page.goto("/industries/turf-lawn-care");
    await routeLeadsTo(page, limited());
    expect(await send("second")).toBe(429);
    const alert = form.getByRole("alert");
    await expect(alert).toContainText(leadMessages.tooMany(10));
    await expect(alert).not.toContainText("Something went wrong");
    const rest = consoleErrors.filter((e) => !/status of 429|could not be sent \(429\)/.test(e));
    consoleErrors.splice(0, consoleErrors.length, ...rest);
  });
});
