/**
 * Byte budgets over the built site (deterministic sizes, not timings): what each page loads
 * before the visitor interacts, on a phone viewport. Prints every page's figures.
 */
import { test, expect } from "./fixtures";
import { measurePage, weightTable, type PageWeight } from "../../bench/pageWeight";
import { benchmarkPaths, NOT_FOUND_PATH } from "../../bench/server.mjs";

const KB = 1024;
/** How many tests share the pages. */
const PARTS = 4;
const budget = {
  jsPlain: 20 * KB,
  jsInteractive: 80 * KB,
  css: 25 * KB,
  html: 60 * KB,
  fonts: 2,
  total: 350 * KB,
};

/** The only third party a page may contact before interaction: the scheduling widget, where the spec puts it. */
const allowedExternal: Record<string, RegExp> = {
  "/book-call": /^https:\/\/(assets\.)?calendly\.com\//,
  "/thank-you": /^https:\/\/(assets\.)?calendly\.com\//,
};

test.describe("byte budgets", () => {
  test.use({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1.75,
  });

  // Every page of the sitemap, /thank-you and the 404 page, dealt into PARTS tests that the
  // workers run side by side (one test of 54 pages was the run's longest, mostly waiting for each
  // page's network to go quiet).
  for (let part = 0; part < PARTS; part++) {
    test(`every page stays within its budgets before interaction (part ${part + 1} of ${PARTS})`, async ({
      context,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const origin = new URL(baseURL!).origin;
      // Every page as a first visit: routing turns the context's HTTP cache off, so no page is
      // weighed without the stylesheet or font an earlier one fetched (other hosts never resolve).
      await context.route(
        (url) => url.origin !== origin,
        (route) => route.abort("blockedbyclient"),
      );
      const all = await benchmarkPaths(origin);
      expect(all).toContain(NOT_FOUND_PATH);
      const paths = all.filter((_, i) => i % PARTS === part);
      // Two pages at a time: each waits for its own network to go quiet (half a second of
      // nothing), and those waits need not follow one another.
      const rows: PageWeight[] = [];
      let next = 0;
      const measureNext = async (): Promise<void> => {
        const i = next++;
        if (i >= paths.length) return;
        rows[i] = await measurePage(context, origin, paths[i]!);
        return measureNext();
      };
      await Promise.all([measureNext(), measureNext()]);
      console.log(
        `\nBytes loaded before interaction (phone viewport), part ${part + 1}:\n${weightTable(rows)}\n`,
      );

      const problems: string[] = [];
      for (const r of rows) {
        const js = r.interactive ? budget.jsInteractive : budget.jsPlain;
        if (r.jsGz > js) problems.push(`${r.path}: JavaScript ${r.jsGz} B gzip > ${js}`);
        if (r.cssGz > budget.css) problems.push(`${r.path}: CSS ${r.cssGz} B gzip > ${budget.css}`);
        if (r.htmlGz > budget.html)
          problems.push(`${r.path}: HTML ${r.htmlGz} B gzip > ${budget.html}`);
        if (r.fonts > budget.fonts)
          problems.push(`${r.path}: ${r.fonts} font files > ${budget.fonts}`);
        if (r.totalBytes > budget.total)
          problems.push(`${r.path}: ${r.totalBytes} B in total > ${budget.total}`);
        const allowed = allowedExternal[r.path];
        for (const url of r.external)
          if (!allowed?.test(url))
            problems.push(`${r.path}: request to another host before interaction: ${url}`);
      }
      expect(problems).toEqual([]);
      // The measurement itself saw the pages: every page loaded HTML, and the 404 answered 404.
      expect(rows.length).toBeGreaterThan(5);
      for (const r of rows) {
        expect(r.htmlGz, r.path).toBeGreaterThan(1000);
        expect(r.status, r.path).toBe(r.path === NOT_FOUND_PATH ? 404 : 200);
      }
    });
  }
});
