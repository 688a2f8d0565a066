/**
 * The legal pages in Chromium: axe, the 375 px phone, the date line shown, and what the privacy
 * and cookie policies promise about the site itself (no cookie, no request to another host until
 * the visitor presses play). What the pages say (titles, dates, contact details, terms) is read
 * from the build: tests/content/legal.test.ts.
 */
import { test, expect } from "./fixtures";
import { expectAccessibleOnDesktopAndPhone } from "./checks";
import { legalSpec, legalUpdated } from "../specFigures";

for (const [id] of legalSpec) {
  const path = `/${id}`;
  test(`${path} has no axe violations, fits a 375 px phone and shows when it was updated`, async ({
    page,
  }) => {
    await expectAccessibleOnDesktopAndPhone(page, path);
    await expect(page.getByText(`Last updated ${legalUpdated[id].text}`)).toBeVisible();
    await expect(page.locator("main h2").first()).toBeVisible();
  });
}

test("as the policies promise: no cookies, and no outside request until the visitor asks", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
  const outside: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).origin !== origin) outside.push(r.url());
  });
  for (const path of [
    "/website-design",
    "/industries",
    "/industries/pest-control",
    "/case-studies",
    "/privacy-policy",
    "/case-study/puretek-llc",
  ]) {
    await page.goto(path);
    await page.mouse.wheel(0, 20_000);
    await page.waitForLoadState("networkidle");
  }
  expect(outside, "requests to other sites before any play button").toEqual([]);
  expect(await page.context().cookies()).toEqual([]);
  // Pressing play is what loads the video provider, on its privacy-enhanced domain.
  await page.getByRole("button", { name: "Watch Video Testimonial" }).click();
  await expect(page.locator("dialog[open] iframe")).toHaveAttribute(
    "src",
    /^https:\/\/www\.youtube-nocookie\.com\//,
  );
});
