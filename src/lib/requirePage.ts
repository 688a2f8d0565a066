import type { PageContent, PageTemplate } from "../schemas/collections";
import { requireEntry } from "./content";

/**
 * The copy of a one-off page (src/content/pages/<id>.yaml), checked to be of the expected
 * template, with its `{token}`s filled. A missing entry or another template throws at build.
 */
export async function requirePage<T extends PageTemplate>(
  id: string,
  template: T,
): Promise<Extract<PageContent, { template: T }>> {
  const page = (await requireEntry("pages", id)) as PageContent;
  if (page.template !== template) {
    throw new Error(
      `src/content/pages/${id}.yaml has template "${page.template}", expected "${template}"`,
    );
  }
  return page as Extract<PageContent, { template: T }>;
}
