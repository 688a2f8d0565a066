import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { guideOgImage, titleLines } from "../../src/lib/ogImage";

describe("a guide's share picture", () => {
  it("breaks the title between words into short lines, four at most", () => {
    expect(titleLines("Google Business Profile for Lawn Care Companies")).toEqual([
      "Google Business Profile",
      "for Lawn Care Companies",
    ]);
    const long = titleLines("word ".repeat(40).trim());
    expect(long).toHaveLength(4);
    expect(long.every((l) => l.length <= 24)).toBe(true);
    expect(long[3]).toMatch(/…$/);
  });

  it("is a 1200×630 JPEG, and a title with markup characters stays text", async () => {
    const image = await guideOgImage(
      'Fences & "Gates" <Pricing>',
      "Greenline Growth",
      "Free guides",
    );
    const meta = await sharp(image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
  });
});
