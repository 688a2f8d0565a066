/**
 * The route table of issue 4 in the built pages: each content route has its own title,
 * description and single h1 in its landmarks; the 404 page helps; and a crawl of the build from /
 * finds no internal link to a page or an anchor that does not exist. (That unknown paths answer
 * 404 is the server's part: tests/e2e/routes.spec.ts.)
 */
import { describe, expect, it } from "vitest";
import { formatPhone, phoneHref } from "../../src/lib/format";
import { site } from "../../src/config/site";
import { contentRoutes, serviceSpec } from "../specFigures";
import { all, built, expectOneH1AndLandmarks, hrefs, one, page, text } from "./support/html";

/**
 * Pages the server makes on demand (prerender = false) that built pages may link to: none today
 * (the guides' search is a form, not a link). A link to any other path the build lacks fails.
 */
const onDemand = new Set<string>([]);

describe("route table", () => {
  it("all 22 content routes are built with their own title and description", () => {
    expect(contentRoutes).toHaveLength(22);
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of contentRoutes) {
      const p = page(path);
      const title = text(one("title", p.doc));
      const description = p.meta("description") ?? "";
      expect(title, `${path} title`).toMatch(/\S.{8,}/);
      expect(description.length, `${path} description`).toBeGreaterThanOrEqual(50);
      expect(titles.get(title), `${path} repeats the title of`).toBeUndefined();
      expect(descriptions.get(description), `${path} repeats the description of`).toBeUndefined();
      titles.set(title, path);
      descriptions.set(description, path);
    }
  });

  for (const path of contentRoutes) {
    it(`${path} has one h1 and the site's landmarks`, () => {
      expectOneH1AndLandmarks(page(path));
    });
  }
});

describe("not found", () => {
  it("the 404 page helps: home, services, industries, free audit and the phone", () => {
    const p = page("/404");
    expectOneH1AndLandmarks(p);
    expect(text(one("h1", p.doc))).toBe("We Couldn't Find That Page");
    const main = one("main", p.doc);
    const linked = hrefs("a", main);
    for (const href of [
      "/",
      "/industries",
      "/free-audit",
      ...Object.keys(serviceSpec).map((id) => `/${id}`),
    ])
      expect(linked, href).toContain(href);
    const call = all(`a[href="${phoneHref(site.phone)}"]`, main);
    expect(call.map((a) => text(a))).toEqual([formatPhone(site.phone)]);
  });
});

describe("link crawl", () => {
  it("every internal link on every page reached from / points to a built page and anchor", () => {
    const origin = new URL(site.url).origin;
    const queue = ["/"];
    const seen = new Set(queue);
    const linkedFrom = new Map<string, Set<string>>();
    const fragments: { from: string; path: string; id: string }[] = [];
    const pages = new Set<string>();

    while (queue.length > 0) {
      const path = queue.shift()!;
      if (!built(path) || onDemand.has(path) || /\.[a-z0-9]+$/i.test(path)) continue;
      pages.add(path);
      for (const href of hrefs("a[href]", page(path).doc)) {
        const url = new URL(href!, origin + path);
        if (url.origin !== origin) continue;
        const target = url.pathname;
        if (!linkedFrom.has(target)) linkedFrom.set(target, new Set());
        linkedFrom.get(target)!.add(path);
        if (url.hash) fragments.push({ from: path, path: target, id: url.hash.slice(1) });
        if (!seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
    }

    // The crawl read real pages: every content route, through links alone.
    expect(pages.size).toBeGreaterThan(contentRoutes.length);
    for (const path of contentRoutes)
      expect(seen, `${path} is linked from the site`).toContain(path);
    const broken = [...seen]
      .filter((path) => !built(path) && !onDemand.has(path))
      .map((path) => `${path} linked from ${[...linkedFrom.get(path)!].join(", ")}`);
    expect(broken).toEqual([]);
    const missingAnchors = fragments
      .filter(({ path, id }) => pages.has(path) && all(`[id="${id}"]`, page(path).doc).length === 0)
      .map(({ from, path, id }) => `${path}#${id} linked from ${from}`);
    expect(missingAnchors).toEqual([]);
  });
});
