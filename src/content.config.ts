/** Content collections. Schemas live in src/schemas; this file only wires loaders to them. */
import { defineCollection } from "astro:content";
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

const yaml = (folder: string) => glob({ pattern: "*.yaml", base: `./src/content/${folder}` });

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
};
