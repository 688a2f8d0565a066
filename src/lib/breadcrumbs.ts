/** BreadcrumbList JSON-LD for nested pages, labelled with the header's own navigation labels. */
import { routes, type RouteKey } from "../config/routes";
import { breadcrumbJsonLd, type JsonLd } from "./structuredData";
import { requireEntry } from "./content";

export async function breadcrumbs(
  parents: RouteKey[],
  current: [name: string, path: string],
): Promise<JsonLd> {
  const ui = await requireEntry("ui", "site");
  const label = (key: RouteKey) => {
    const item = ui.header.nav.find((n) => n.to === key);
    if (!item)
      throw new Error(`src/content/ui/site.yaml: no header link to "${key}" to name a breadcrumb`);
    return item.label;
  };
  return breadcrumbJsonLd([
    ...parents.map((key): [string, string] => [label(key), routes[key]]),
    current,
  ]);
}
