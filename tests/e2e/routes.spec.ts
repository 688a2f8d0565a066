/**
 * The server's part of the route table of issue 4: every content route answers 200, and unknown
 * paths answer 404 with the helpful page. What the built pages say (titles, descriptions, one h1
 * in the landmarks, the 404 page's links, a crawl of every internal link and anchor) is checked
 * on the build itself: tests/content/routes.test.ts.
 */
import { test, expect } from "./fixtures";
import { contentRoutes } from "../specFigures";

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");

test("all 22 content routes answer 200", async ({ request }) => {
  expect(contentRoutes).toHaveLength(22);
  for (const path of contentRoutes) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
  }
});

test.describe("not found", () => {
  for (const path of ["/no-such-page", "/industries/no-such-trade", "/case-study/no-such-client"]) {
    test(`${path} answers 404`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      expect(decode(await response.text())).toContain("We Couldn't Find That Page");
    });
  }
});
