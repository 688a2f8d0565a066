/**
 * Loading content for pages: a missing entry throws and names the file it expected, and every
 * string in an entry has its `{token}`s replaced with agency facts from the site config.
 */
import { getCollection, getEntry, type CollectionEntry, type CollectionKey } from "astro:content";
import { siteTokens } from "./tokens";
import type { PageContent } from "../schemas/collections";
import type { ConversionContent } from "../schemas/conversion";
import { fillTokens } from "./format";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype
  );
}

/** Replaces `{token}`s in every string of `value`, leaving other values (images, numbers) alone. */
export function withTokens<T>(value: T): T {
  if (typeof value === "string") return fillTokens(value, siteTokens) as T;
  if (Array.isArray(value)) return value.map(withTokens) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withTokens(v)])) as T;
  }
  return value;
}

export async function requireEntry<C extends CollectionKey>(
  collection: C,
  id: string,
): Promise<CollectionEntry<C>["data"]> {
  const entry = await getEntry(collection, id);
  if (!entry) {
    throw new Error(
      `Missing content entry "${id}" in collection "${collection}" (src/content/…/${id}.yaml)`,
    );
  }
  return withTokens((entry as CollectionEntry<C>).data);
}

/** The collections whose entries each name a template, and the union of their shapes. */
interface Templated {
  pages: PageContent;
  conversion: ConversionContent;
}

/**
 * The copy of a one-off page (src/content/pages/<id>.yaml) or a conversion page
 * (src/content/conversion/<id>.yaml), checked to be of the expected template, with its
 * `{token}`s filled. A missing entry or another template throws at build and names the file.
 */
export async function requireTemplate<
  C extends keyof Templated,
  T extends Templated[C]["template"],
>(collection: C, id: string, template: T): Promise<Extract<Templated[C], { template: T }>> {
  const entry = (await requireEntry(collection, id)) as Templated[C];
  if (entry.template !== template) {
    throw new Error(
      `src/content/${collection}/${id}.yaml has template "${entry.template}", expected "${template}"`,
    );
  }
  return entry as Extract<Templated[C], { template: T }>;
}

/** All entries of a collection, ordered by their `order` field when they have one. */
export async function loadCollection<C extends CollectionKey>(
  collection: C,
): Promise<{ id: string; data: CollectionEntry<C>["data"] }[]> {
  const entries = (await getCollection(collection)) as CollectionEntry<C>[];
  const withOrder = (e: CollectionEntry<C>) => (e.data as { order?: number }).order ?? 0;
  return entries
    .slice()
    .sort((a, b) => withOrder(a) - withOrder(b))
    .map((e) => ({ id: e.id, data: withTokens(e.data) }));
}
