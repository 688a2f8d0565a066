/** Content collections. Schemas live in src/schemas; this file only wires loaders to them. */
import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import {
  caseStudySchema,
  formCopySchema,
  homePageSchema,
  industrySchema,
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
  /** The conversion pages (free audit, thank you, book a call, contact, testimonial, growth). */
  conversion: defineCollection({ loader: yaml("conversion"), schema: conversionSchema }),
};
