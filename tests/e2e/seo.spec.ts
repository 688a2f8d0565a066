/** Search metadata on every page: title, description, canonical, Open Graph, Twitter, JSON-LD. */
import { test, expect } from "./fixtures";
import { site } from "../../src/config/site";

test.describe("search metadata", () => {
  test("the home page has canonical, Open Graph and Twitter tags with an image", async ({
    page,
  }) => {
    await page.goto("/");
    const meta = (selector: string) => page.locator(selector).getAttribute("content");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${site.url}/`);
    expect(await meta('meta[name="description"]')).toMatch(/.{50,}/);
    expect(await meta('meta[name="theme-color"]')).toMatch(/^#[0-9a-f]{6}$/i);
    expect(await meta('meta[property="og:title"]')).toBe(await page.title());
    expect(await meta('meta[property="og:url"]')).toBe(`${site.url}/`);
    expect(await meta('meta[name="twitter:card"]')).toBe("summary_large_image");
    const image = await meta('meta[property="og:image"]');
    expect(image).toMatch(new RegExp(`^${site.url}/_astro/.+\\.jpg$`));
    // The image exists on this server.
    const local = await page.request.get(new URL(image!).pathname);
    expect(local.status()).toBe(200);
    expect(local.headers()["content-type"]).toMatch(/^image\/jpeg/);
  });

  test("the agency is described as a ProfessionalService with contact point, hours and area", async ({
    page,
  }) => {
    await page.goto("/");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
    const org = data.find((d) => d["@type"] === "ProfessionalService");
    expect(org).toBeDefined();
    expect(org).toMatchObject({
      "@context": "https://schema.org",
      name: site.name,
      telephone: site.phone,
      email: site.email,
      url: `${site.url}/`,
    });
    expect(org!.areaServed).toBeTruthy();
    expect(org!.contactPoint).toEqual([
      expect.objectContaining({ "@type": "ContactPoint", telephone: site.phone }),
    ]);
    expect(org!.openingHoursSpecification).toEqual([
      expect.objectContaining({
        opens: site.hours.opens,
        closes: site.hours.closes,
        dayOfWeek: expect.arrayContaining(["Monday", "Friday"]),
      }),
    ]);
  });
});
