/** sitemap.xml: every public route (not /thank-you, not the 404), from routes.ts and the collections. */
import type { APIRoute } from "astro";
import { getCollection } from "astro:content";
import {
  caseStudyPath,
  guidePath,
  guideTopicPath,
  industryPath,
  routes,
  type RouteKey,
} from "../config/routes";
import { site } from "../config/site";

/** Routes that exist but are not for search engines (/audit-bot is for site owners our robot visited). */
const unlisted: RouteKey[] = ["thankYou", "auditBot"];

export async function sitemapPaths(): Promise<string[]> {
  const staticPaths = (Object.entries(routes) as [RouteKey, string][])
    .filter(([key, path]) => !path.includes("#") && !unlisted.includes(key))
    .map(([, path]) => path);
  const industries = (await getCollection("industries")).map((e) => industryPath(e.id));
  const caseStudies = (await getCollection("caseStudies")).map((e) => caseStudyPath(e.id));
  const guides = await getCollection("guides");
  const guidePaths = guides.map((e) => guidePath(e.id));
  const topicPaths = [...new Set(guides.flatMap((e) => e.data.topics))].map(guideTopicPath);
  return [
    ...new Set([...staticPaths, ...industries, ...caseStudies, ...guidePaths, ...topicPaths]),
  ].sort();
}

export const GET: APIRoute = async () => {
  const urls = (await sitemapPaths()).map(
    (path) => `  <url><loc>${new URL(path, `${site.url}/`).href}</loc></url>`,
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
};
