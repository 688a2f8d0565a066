/**
 * /case-studies and the two case-study pages as built: figures, timelines, solution cards and
 * external links (tests/specFigures.ts). The video dialogs, the alternating picture side, axe and
 * the phone layout stay in tests/e2e/case-studies.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { site } from "../../src/config/site";
import { caseStudySpec } from "../specFigures";
import { all, expectNoDeadEnds, hrefs, links, one, page, text, texts } from "./support/html";

/** The external page each case study links to, its URL from the config. */
const externalLinks: Record<string, { href: string; name: RegExp }> = {
  "puretek-llc": {
    href: site.links.puretekCaseStudyPdf,
    name: /Download the full case study \(PDF\)/,
  },
  "romans-roofing-llc": {
    href: site.links.romansRoofingWebsite,
    name: /Visit Roman's Roofing's website/,
  },
};
const studies = Object.entries(caseStudySpec).map(([id, spec]) => ({
  id,
  ...spec,
  facts: [spec.timeline, spec.investment],
  phases: spec.phases.map(([from, to]) => `Months ${from}-${to}`),
  link: externalLinks[id]!,
}));

describe("/case-studies", () => {
  it("shows both case studies with their figures and links", () => {
    const p = page("/case-studies");
    const cards = all("#case-studies article", p.doc);
    expect(cards).toHaveLength(2);
    for (const [i, s] of studies.entries()) {
      const card = cards[i]!;
      expect(texts("h3", card)).toEqual([s.client]);
      expect(texts("dd", all("dl", card)[1]!)).toEqual(s.results);
      for (const fact of s.facts) expect(text(card)).toContain(fact);
      expect(links(card, /View Full Case Study/).map((a) => a.attribs.href)).toEqual([
        `/case-study/${s.id}`,
      ]);
    }
    expect(hrefs("#get-started a", p.doc)[0]).toBe("/free-audit");
    expectNoDeadEnds(p);
  });

  it("shows $679,000 and never the stray $89,000 figure", () => {
    const { html } = page("/case-studies");
    expect(html).toContain("$679,000");
    expect(html).not.toContain("89,000");
  });
});

for (const s of studies) {
  const path = `/case-study/${s.id}`;
  describe(path, () => {
    it("shows the headline results, the challenge, solution cards and the month-by-month timeline", () => {
      const p = page(path);
      expect(texts("#hero dd", p.doc)).toEqual(s.facts);
      expect(texts("#results dd", p.doc)).toEqual(s.results);
      expect(texts("#challenge dd", p.doc)).toEqual(s.before);
      const solutions = all("#solutions > div > ul > li", p.doc);
      expect(solutions.length).toBeGreaterThanOrEqual(3);
      for (const card of solutions) {
        expect(all("svg", card).length).toBeGreaterThan(0);
        expect(text(one("h3", card))).not.toBe("");
        expect(text(one("h3 + p", card))).not.toBe("");
        expect(all("ul > li", card).length).toBeGreaterThan(0);
      }
      const phases = all("#timeline ol > li", p.doc);
      expect(texts(":scope > p:first-of-type", phases)).toEqual(s.phases);
      for (const phase of phases) expect(all("ul > li", phase).length).toBeGreaterThan(0);
      expect(p.html).not.toContain("89,000");
    });

    it("links to its external page in a new tab, and every button leads somewhere", () => {
      const p = page(path);
      const [link, ...more] = links(one("#hero", p.doc), s.link.name);
      expect(more).toEqual([]);
      expect(link!.attribs).toMatchObject({
        href: s.link.href,
        target: "_blank",
        rel: "noopener noreferrer",
      });
      expect(hrefs("#get-started a", p.doc)[0]).toBe("/free-audit");
      expectNoDeadEnds(p);
    });
  });
}
