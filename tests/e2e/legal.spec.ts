/** The legal pages, and what the privacy and cookie policies promise about the site itself. */
import { test, expect } from "./fixtures";
import {
  expectAccessibleOnDesktopAndPhone,
  expectEveryControlLeadsSomewhere,
  expectExternalLinksSafe,
} from "./checks";
import { formatHoursLong, formatPhone, phoneHref } from "../../src/lib/format";
import { site } from "../../src/config/site";
import { legalSpec, legalUpdated } from "../specFigures";

for (const [id, title] of legalSpec) {
  const path = `/${id}`;
  test.describe(path, () => {
    test("says when it was last updated and shows the agency's contact details", async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.locator("h1")).toHaveText(title);
      await expect(page.getByText(`Last updated ${legalUpdated[id].text}`)).toBeVisible();
      const contact = page.locator("section[aria-labelledby='legal-contact']");
      await expect(contact.locator(`a[href="${phoneHref(site.phone)}"]`)).toHaveText(
        formatPhone(site.phone),
      );
      await expect(contact.locator(`a[href="mailto:${site.email}"]`)).toHaveText(site.email);
      await expect(contact).toContainText(formatHoursLong(site.hours));
      await expect(contact).toContainText(site.serviceArea);
      await expect(page.locator("main h2").first()).toBeVisible();
      await expectEveryControlLeadsSomewhere(page);
      await expectExternalLinksSafe(page);
    });

    test("has no axe violations and fits a 375 px phone", async ({ page }) => {
      await expectAccessibleOnDesktopAndPhone(page, path);
    });
  });
}

test("the terms state billing, payment, notice and governing law", async ({ page }) => {
  await page.goto("/terms-of-service");
  const main = page.getByRole("main");
  await expect(main).toContainText("Services are billed monthly in advance.");
  await expect(main).toContainText("Payment is due within 30 days of the invoice date.");
  await expect(main).toContainText("30 days written notice");
  await expect(main).toContainText("governed by the laws of the United States of America");
});

test("the privacy policy says where form data goes and when outside services load", async ({
  page,
}) => {
  await page.goto("/privacy-policy");
  const main = page.getByRole("main");
  await expect(main).toContainText("No third party receives your form data before it is stored");
  await expect(main).toContainText("salted, one-way hash of your IP address");
  await expect(main).toContainText("youtube-nocookie.com");
  await expect(main).toContainText("Calendly");
  await expect(main).toContainText("This site sets no cookies");
  await expect(main.getByRole("link", { name: "Read our Cookie Policy" })).toHaveAttribute(
    "href",
    "/cookie-policy",
  );
});

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
