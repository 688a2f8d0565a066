/**
 * /industries and the eight industry pages as built, each from one entry on one layout: cards,
 * figures, the trade's own copy and the closing call. That the hero picture shows, axe and the
 * phone layout stay in tests/e2e/industries.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { industrySpec } from "../specFigures";
import { all, expectNoDeadEnds, hrefs, links, one, page, text, texts } from "./support/html";

const industries = industrySpec;

/** The service themes the spec names for five of the trades. */
const themes: Partial<Record<(typeof industries)[number][0], RegExp[]>> = {
  "hardscape-outdoor-living": [/patio/i, /outdoor kitchen/i, /premium/i, /commercial/i],
  "outdoor-lighting": [/landscape lighting/i, /security/i, /entertainment/i, /smart lighting/i],
  "pest-control": [/comprehensive/i, /preventive/i, /emergency/i, /speciali[sz]ed/i],
  "arborist-tree-services": [/tree health/i, /pruning/i, /emergency/i, /risk assessment/i],
  "sprinkler-irrigation": [/installation/i, /maintenance & repair/i, /smart irrigation/i, /water/i],
};

describe("/industries", () => {
  it("lists the eight industries as cards with title, description, image, features and link", () => {
    const cards = all("#industries > div > ul > li", page("/industries").doc);
    expect(cards).toHaveLength(8);
    expect(texts("h3", cards)).toEqual(industries.map(([, title]) => title));
    for (const [i, [id, title]] of industries.entries()) {
      const card = cards[i]!;
      expect(text(one("h3 + p", card)), id).not.toBe("");
      expect(all("img", card).map((img) => img.attribs.alt)).toEqual([expect.stringMatching(/\w/)]);
      expect(all("ul > li", card), id).toHaveLength(4);
      expect(
        links(card, new RegExp(title.replace("&", "\\&"))).map((a) => a.attribs.href),
        id,
      ).toEqual([`/industries/${id}`]);
    }
  });

  it("shows 500+ projects, 95% client satisfaction and 24/7 lead generation", () => {
    const p = page("/industries");
    const stats = one("#track-record", p.doc);
    expect(texts("dd", stats)).toEqual(["500+", "95%", "24/7"]);
    expect(texts("dt", stats)).toEqual([
      "Projects delivered",
      "Client satisfaction",
      "Lead generation",
    ]);
    expectNoDeadEnds(p);
  });
});

for (const [id, title] of industries) {
  const path = `/industries/${id}`;
  describe(path, () => {
    it("has a badge, headline, audit button, four cards of four features, a why grid and the closing call", () => {
      const p = page(path);
      const hero = one("#hero", p.doc);
      expect(text(one("p", hero))).toMatch(new RegExp(title.split(" ")[0]!, "i"));
      expect(text(one("h1", hero))).not.toBe("");
      expect(links(hero, /audit/i).map((a) => a.attribs.href)).toEqual(["/free-audit"]);
      expect(all("img", hero).length).toBeGreaterThan(0);

      const cards = all("#services > div > ul > li", p.doc);
      expect(cards).toHaveLength(4);
      for (const card of cards) {
        expect(text(one("h3", card))).not.toBe("");
        expect(text(one("h3 + p", card))).not.toBe("");
        expect(all("ul > li", card)).toHaveLength(4);
      }
      const cardTitles = texts("h3", cards);
      for (const theme of themes[id] ?? [])
        expect(
          cardTitles.some((t) => theme.test(t)),
          `${theme}`,
        ).toBe(true);

      expect(all("#why ul > li", p.doc)).toHaveLength(4);
      expect(texts("#why h2", p.doc)).toEqual([expect.stringContaining("Why Choose")]);

      const closing = one("#get-started", p.doc);
      expect(texts("h2", closing)).toEqual(["START YOUR MARKETING TODAY"]);
      expect(text(one("p", closing))).not.toBe("");
      expect(texts("a", closing)).toEqual([
        "Get Your Free Marketing Audit",
        "Book a Strategy Call",
      ]);
      expect(hrefs("a", closing)).toEqual(["/free-audit", "/book-call"]);
      expectNoDeadEnds(p);
    });
  });
}

describe("the eight trades", () => {
  it("write trade-specific copy: no two industries share a headline, card or closing text", () => {
    const seen = industries.flatMap(([id]) => {
      const { doc } = page(`/industries/${id}`);
      return [
        text(one("h1", doc)),
        text(one("#get-started p", doc)),
        ...texts("#services > div > ul > li h3", doc),
      ];
    });
    expect(seen).toHaveLength(industries.length * 6);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("cover the themes the spec names for five trades, in its order", () => {
    const cards = (id: string) =>
      texts("#services > div > ul > li h3", page(`/industries/${id}`).doc).join(" | ");
    expect(cards("pest-control")).toMatch(
      /Comprehensive Management.*Preventive Protection.*Emergency Response.*Specialised Solutions/,
    );
    expect(cards("arborist-tree-services")).toMatch(/Health.*Pruning.*Emergency.*Risk Assessment/);
    expect(cards("sprinkler-irrigation")).toMatch(
      /Installation.*Maintenance & Repair.*Smart Irrigation.*Water Conservation/,
    );
    expect(cards("outdoor-lighting")).toMatch(/Landscape.*Security.*Entertainment.*Smart/);
    expect(cards("hardscape-outdoor-living")).toMatch(
      /Patios.*Outdoor Kitchens.*Premium.*Commercial/,
    );
  });
});
