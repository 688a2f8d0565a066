/**
 * Turns a content image into the serialisable props of the `Picture` component: AVIF and WebP
 * sources with responsive srcsets, a JPEG fallback, and the intrinsic size (no layout shift).
 */
import { getImage } from "astro:assets";
import type { ImageMetadata } from "astro";

/** The serialisable props of the `Picture` component (components/ui/Picture). */
export interface PictureData {
  alt: string;
  width: number;
  height: number;
  src: string;
  srcset: string;
  sizes: string;
  sources: { type: string; srcset: string }[];
}

const formats = ["avif", "webp"] as const;

export async function toPicture(
  image: ImageMetadata,
  alt: string,
  options: { widths: number[]; sizes: string },
): Promise<PictureData> {
  const widths = options.widths.filter((w) => w <= image.width);
  if (widths.length === 0) widths.push(image.width);
  const largest = Math.max(...widths);
  const height = Math.round((image.height / image.width) * largest);
  const sources = await Promise.all(
    formats.map(async (format) => {
      const result = await getImage({ src: image, widths, format, quality: 70 });
      return { type: `image/${format}`, srcset: result.srcSet.attribute };
    }),
  );
  const fallback = await getImage({ src: image, widths, format: "jpg", quality: 75 });
  return {
    alt,
    width: largest,
    height,
    src: fallback.src,
    srcset: fallback.srcSet.attribute,
    sizes: options.sizes,
    sources,
  };
}
