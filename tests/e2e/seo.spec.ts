/**
 * The server's part of search metadata: the 404 page answers 404 (what keeps it out of search
 * results) and the share picture is served as a JPEG. The metadata itself (unique titles and
 * descriptions, canonical URLs, Open Graph and Twitter tags, JSON-LD, the sitemap and robots.txt)
 * is read from the built pages: tests/content/seo.test.ts.
 */
import { test, expect } from "./fixtures";

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1] ??
  new RegExp(`<meta content="([^"]*)" (?:name|property)="${key}"`).exec(html)?.[1];

test.describe("search metadata", () => {
  test("the 404 page answers 404, which is what keeps it out of search results", async ({
    request,
  }) => {
    const res = await request.get("/no-such-page");
    expect(res.status()).toBe(404);
    const title = /<title>([^<]*)<\/title>/.exec(await res.text())?.[1] ?? "";
    expect(title.replace(/&#39;/g, "'")).toMatch(/not found|couldn't find/i);
  });

  test("the share picture a page names is served as a JPEG", async ({ request }) => {
    const image = metaContent(await (await request.get("/")).text(), "og:image");
    expect(image).toBeDefined();
    const res = await request.get(new URL(image!).pathname);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^image\/jpeg/);
  });
});
