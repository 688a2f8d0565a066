/** /guides/<id>/og.jpg: the guide's share picture with its title (src/lib/ogImage.ts), at build. */
import type { APIRoute, GetStaticPaths } from "astro";
import { site } from "../../../config/site";
import { loadGuides } from "../../../lib/guides";
import { guideOgImage } from "../../../lib/ogImage";
import { requireTemplate } from "../../../lib/content";

export const getStaticPaths = (async () =>
  (await loadGuides()).map((guide) => ({
    params: { slug: guide.id },
    props: { title: guide.data.title },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const page = await requireTemplate("pages", "guides", "guides");
  const image = await guideOgImage(props.title as string, site.name, page.hero.badge ?? "");
  return new Response(new Uint8Array(image), { headers: { "Content-Type": "image/jpeg" } });
};
