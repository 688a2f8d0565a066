import type { SiteConfig } from "../config/site";

/** Keys of `site.videos` that entries may name. */
export const videoKeys = [
  "successStories",
  "puretek",
  "romans",
  "testimonial",
] as const satisfies readonly (keyof SiteConfig["videos"])[];
export type VideoKey = (typeof videoKeys)[number];
