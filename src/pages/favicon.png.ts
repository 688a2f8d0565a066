/**
 * The favicon as a 96 px PNG, drawn from public/favicon.svg when the site is built. A browser
 * decodes a page's favicon in the page's own process, and an SVG one meant building a separate
 * SVG document there after `load`: a long task on a slow phone (docs/lighthouse/mainthread.md).
 */
import type { APIRoute } from "astro";
import sharp from "sharp";
import { favicon, publicSvg } from "../lib/publicSvg";

export const GET: APIRoute = async () => {
  const svg = publicSvg("/favicon.svg");
  if (!svg) throw new Error("public/favicon.svg is missing");
  const png = await sharp(Buffer.from(svg), { density: 288 })
    .resize(favicon.size, favicon.size)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png" } });
};
