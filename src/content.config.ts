/** Content collections. Schemas live in src/schemas; this file only wires loaders to them. */
import { defineCollection, reference } from "astro:content";
import { glob } from "astro/loaders";
import {
  caseStudySchema,
  formCopySchema,
  homePageSchema,
  industrySchema,
  legalSchema,
  pageSchema,
  servicePageSchema,
  uiSchema,
} from "./schemas/collections";
import { conversionSchema } from "./schemas/conversion";
import { authorSchema, checklistSchema, guideSchema } from "./schemas/guides";
import { readdirSync } from "node:fs";

const yaml = (folder: string) => glob({ pattern: "*.yaml", base: `./src/content/${folder}` });
const markdown = (folder: string) => glob({ pattern: "*.md", base: `./src/content/${folder}` });
/** The ids a guide's topics may name: every industry and service entry (file names). */
const topicIds = ["industries", "services"].flatMap((folder) =>
  readdirSync(`./src/content/${folder}`)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => f.replace(/\.yaml$/, "")),
);

export const collections = {
  ui: defineCollection({ loader: yaml("ui"), schema: uiSchema }),
  home: defineCollection({ loader: yaml("home"), schema: homePageSchema }),
  forms: defineCollection({ loader: yaml("forms"), schema: formCopySchema }),
  industries: defineCollection({ loader: yaml("industries"), schema: industrySchema }),
  caseStudies: defineCollection({ loader: yaml("case-studies"), schema: caseStudySchema }),
  /** The seven service pages; each entry id is its top-level URL segment. */
  services: defineCollection({ loader: yaml("services"), schema: servicePageSchema }),
  /** Copy of the one-off pages (industries and case-studies overviews, 404, shared labels). */
  pages: defineCollection({ loader: yaml("pages"), schema: pageSchema }),
  legal: defineCollection({ loader: yaml("legal"), schema: legalSchema }),
  /** The conversion pages (free audit, thank you, book a call, contact, testimonial, growth). */
  conversion: defineCollection({ loader: yaml("conversion"), schema: conversionSchema }),
  /** The free guides: Markdown, each tagged with industries and services. */
  guides: defineCollection({
    loader: markdown("guides"),
    schema: guideSchema(topicIds, reference),
  }),
  authors: defineCollection({ loader: yaml("authors"), schema: authorSchema }),
  /** Printable checklists a guide may offer (Markdown task lists). */
  checklists: defineCollection({ loader: markdown("checklists"), schema: checklistSchema }),
};
