/** /guides/rss.xml: every guide, newest first (@astrojs/rss). Announced in every page's head. */
import rss from "@astrojs/rss";
import type { APIRoute } from "astro";
import { guidePath } from "../../config/routes";
import { site } from "../../config/site";
import { requireTemplate } from "../../lib/content";
import { loadGuides } from "../../lib/guides";

export const GET: APIRoute = async () => {
  const page = await requireTemplate("pages", "guides", "guides");
  return rss({
    title: page.feedTitle,
    description: page.seo.description,
    site: site.url,
    // The site's URLs have no trailing slash (astro.config.ts trailingSlash: "never").
    trailingSlash: false,
    items: (await loadGuides()).map((g) => ({
      title: g.data.title,
      description: g.data.description,
      pubDate: g.data.published,
      link: guidePath(g.id),
      categories: g.data.topics,
    })),
  });
};
