/**
 * Invariants of the content entries that the built pages cannot show (spec sections 2 and 9):
 * one service entry per service route, the recruitment page's call line, the legal entries and
 * their update months, and no stray $89,000 in any entry. Runs over the real entries, without a
 * build.
 *
 * What each page shows of its entry (card, feature, benefit and step counts, figures, industry
 * and case-study copy, the legal terms) is checked on the built HTML, which proves the entry and
 * its rendering at once: tests/content/*.test.ts.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { routes } from "../../src/config/routes";
import {
  legalSchema,
  servicePageSchema,
  uiSchema,
  type ServicePage,
} from "../../src/schemas/collections";
import { contentDir, files, root, yamlIn } from "./support/entries";
import { legalSpec, legalUpdated } from "../specFigures";

const services = Object.fromEntries(
  yamlIn("services").map(({ id, data }) => [id, servicePageSchema.parse(data)]),
) as Record<string, ServicePage>;

describe("service pages", () => {
  it("has one entry per service route, and every entry id is a route", () => {
    const ui = uiSchema.parse(yamlIn("ui")[0]!.data);
    const serviceRoutes = ui.header.services.map((s) => routes[s.to]).sort();
    expect(
      Object.keys(services)
        .map((id) => `/${id}`)
        .sort(),
    ).toEqual(serviceRoutes);
    expect(serviceRoutes).toHaveLength(7);
  });

  it("recruitment: the 100% staffing statement, reasons to choose and a call line", () => {
    const page = services["recruitment-services"]!;
    expect(page.hero.statement?.value).toBe("100%");
    expect(page.hero.statement?.label).toMatch(/staffing/);
    expect(page.reasons?.items.length).toBeGreaterThanOrEqual(3);
    expect(page.cta.callLabel).toBeTruthy();
  });
});

describe("case studies", () => {
  it("never show the stray $89,000 figure (the site shows $679,000; docs/decisions.md)", () => {
    const offenders = files(contentDir, /\.ya?ml$/).filter((f) =>
      /89,000/.test(readFileSync(f, "utf8")),
    );
    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });
});

describe("legal pages", () => {
  it("are the three legal routes, each last updated when its text last changed", () => {
    const docs = Object.fromEntries(
      yamlIn("legal").map(({ id, data }) => [id, legalSchema.parse(data)]),
    );
    expect(Object.keys(docs).sort()).toEqual(legalSpec.map(([id]) => id).sort());
    const routePaths = Object.values(routes) as string[];
    for (const [id, title] of legalSpec) {
      expect(routePaths).toContain(`/${id}`);
      expect(docs[id]!.title).toBe(title);
      expect(docs[id]!.updated.toISOString().slice(0, 7), id).toBe(legalUpdated[id].month);
    }
  });
});
