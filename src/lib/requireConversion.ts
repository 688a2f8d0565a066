import type { ConversionContent, ConversionTemplate } from "../schemas/conversion";
import { requireEntry } from "./content";

/**
 * The copy of a conversion page (src/content/conversion/<id>.yaml), checked to be of the
 * expected template, with its `{token}`s filled. A missing entry or another template throws at
 * build and names the file.
 */
export async function requireConversion<T extends ConversionTemplate>(
  id: string,
  template: T,
): Promise<Extract<ConversionContent, { template: T }>> {
  const entry = (await requireEntry("conversion", id)) as ConversionContent;
  if (entry.template !== template) {
    throw new Error(
      `src/content/conversion/${id}.yaml has template "${entry.template}", expected "${template}"`,
    );
  }
  return entry as Extract<ConversionContent, { template: T }>;
}
