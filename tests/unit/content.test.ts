/**
 * Invariants over the real content entries: every entry passes its schema, no agency fact is
 * typed into copy, and the home page carries what the spec lists.
 */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import {
  caseStudySchema,
  formCopySchema,
  homePageSchema,
  industrySchema,
  legalSchema,
  pageSchema,
  servicePageSchema,
  uiSchema,
} from "../../src/schemas/collections";
import { formIds, leadForms } from "../../src/leads/fields";
import { formCopyId } from "../../src/leads/formCopyId";
import { contentDir, contextFor, files, root, yamlIn } from "./support/entries";

describe("content entries", () => {
  const collections = {
    ui: () => uiSchema,
    home: homePageSchema,
    forms: () => formCopySchema,
    industries: industrySchema,
    "case-studies": caseStudySchema,
    services: () => servicePageSchema,
    pages: () => pageSchema,
    legal: () => legalSchema,
  } as const;

  for (const [folder, schemaFor] of Object.entries(collections)) {
    it(`every ${folder} entry matches its schema`, () => {
      const entries = yamlIn(folder);
      expect(entries.length).toBeGreaterThan(0);
      for (const { file, data } of entries) {
        const result = schemaFor(contextFor(file)).safeParse(data);
        expect(
          result.success
            ? []
            : result.error.issues.map(
                (i) => `${relative(root, file)} ${i.path.join(".")}: ${i.message}`,
              ),
        ).toEqual([]);
      }
    });
  }

  it("types no phone number or email address into copy or components (they come from the site config)", () => {
    const phone = /\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b|\+1\d{10}/;
    const email = /[\w.+-]+@[\w-]+\.[\w.]+/;
    const sources = [
      ...files(contentDir, /\.(ya?ml|md|json)$/),
      ...files(join(root, "src/components"), /\.tsx?$/),
      ...files(join(root, "src/pages"), /\.(astro|ts)$/),
    ];
    const offenders = sources.filter((f) => {
      const text = readFileSync(f, "utf8");
      return phone.test(text) || email.test(text);
    });
    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });

  it("gives the home page the spec's six service cards and four value cards", () => {
    const [home] = yamlIn("home");
    const parsed = homePageSchema(contextFor(home!.file)).parse(home!.data);
    expect(parsed.services.cards.map((c) => c.title)).toEqual([
      "Search Engine Optimization",
      "Professional Web Design",
      "Content Marketing",
      "Pay-Per-Click Advertising",
      "Social Media Marketing",
      "Marketing Automation",
    ]);
    expect(parsed.services.cards.every((c) => c.features.length === 4)).toBe(true);
    expect(parsed.about.values.map((v) => v.title)).toEqual([
      "Expert Team",
      "Targeted Approach",
      "Proven Results",
      "Growth Focus",
    ]);
    expect(parsed.hero.primaryCta).toEqual({
      label: "Get Your Free Growth Audit",
      to: "freeAudit",
    });
    expect(parsed.hero.videoCta).toBe("Watch Success Stories");
  });

  it("has the eight industries of the spec", () => {
    const ids = yamlIn("industries").map(({ file }) => file.replace(/.*\/([\w-]+)\.yaml$/, "$1"));
    expect(ids.sort()).toEqual(
      [
        "arborist-tree-services",
        "hardscape-outdoor-living",
        "landscape-design",
        "lawn-maintenance",
        "outdoor-lighting",
        "pest-control",
        "sprinkler-irrigation",
        "turf-lawn-care",
      ].sort(),
    );
  });
});

describe("form copy", () => {
  it("every lead form has a copy entry that labels each of its fields", () => {
    const entries = new Map(
      yamlIn("forms").map(({ file, data }) => [file.replace(/.*\/([\w-]+)\.yaml$/, "$1"), data]),
    );
    for (const form of formIds) {
      const data = entries.get(formCopyId(form)) as { labels: Record<string, string> } | undefined;
      expect(data, `${form} → src/content/forms/${formCopyId(form)}.yaml`).toBeDefined();
      for (const field of leadForms[form].fields)
        expect(data!.labels[field.name], `${form}.${field.name}`).toBeTruthy();
    }
  });
});
