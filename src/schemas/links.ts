import type { SiteConfig } from "../config/site";

/** Keys of `site.links` (external pages) that entries may name. */
export const externalLinkKeys = [
  "puretekCaseStudyPdf",
  "romansRoofingWebsite",
] as const satisfies readonly (keyof SiteConfig["links"])[];
export type ExternalLinkKey = (typeof externalLinkKeys)[number];
