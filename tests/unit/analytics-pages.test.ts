/**
 * What a beacon can name (src/analytics/pages.ts): paths of the built sitemap and the on-demand
 * pages count by name, any other as "other"; each day takes a bounded number of distinct values.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { countedPath, distinctCap, OTHER, sitePages } from "../../src/analytics/pages";

describe("the pages a page view may name", () => {
  const out = mkdtempSync(join(tmpdir(), "pages-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  mkdirSync(join(out, "client"));
  writeFileSync(
    join(out, "client", "sitemap.xml"),
    `<urlset><url><loc>https://site.example/</loc></url><url><loc>https://site.example/free-audit</loc></url></urlset>`,
  );

  it("are the sitemap's and the on-demand pages; the rest is other", () => {
    const pages = sitePages(out)!;
    expect(countedPath("/", pages)).toBe("/");
    expect(countedPath("/free-audit/", pages)).toBe("/free-audit");
    expect(countedPath("/thank-you", pages)).toBe("/thank-you");
    expect(countedPath("/guides/search", pages)).toBe("/guides/search");
    expect(countedPath("/wp-admin.php", pages)).toBe(OTHER);
    expect(countedPath(`/poison-${"x".repeat(400)}`, pages)).toBe(OTHER);
  });

  it("count every path when there is no build to read (astro dev)", () => {
    expect(sitePages(undefined)).toBeNull();
    expect(sitePages(join(out, "missing"))).toBeNull();
    expect(countedPath("/anything", null)).toBe("/anything");
  });

  it("take at most the cap of new values a day, then other; a new day starts afresh", () => {
    const cap = distinctCap(2);
    expect(["a", "b", "c", "a", ""].map((v) => cap(v, "2026-11-25"))).toEqual([
      "a",
      "b",
      OTHER,
      "a",
      "",
    ]);
    expect(cap("c", "2026-11-26")).toBe("c");
  });
});
