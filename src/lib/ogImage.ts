/**
 * A guide's share picture (Open Graph, 1200×630): its title in large type on the site's green,
 * the site's name above it. Drawn as SVG and made a JPEG by sharp at build, with the system's
 * own DejaVu Sans (no font is downloaded or bundled).
 */
import sharp from "sharp";

const WIDTH = 1200;
const HEIGHT = 630;
const LINE_CHARS = 24;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The title in lines of about LINE_CHARS characters, broken between words (four at most). */
export function titleLines(title: string): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= LINE_CHARS)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length > 4
    ? [
        ...lines.slice(0, 3),
        `${lines
          .slice(3)
          .join(" ")
          .slice(0, LINE_CHARS - 1)}…`,
      ]
    : lines;
}

export async function guideOgImage(
  title: string,
  siteName: string,
  label: string,
): Promise<Buffer> {
  const lines = titleLines(title);
  const size = lines.length > 3 ? 60 : 68;
  const top = 300 - ((lines.length - 1) * size * 1.15) / 2;
  const text = lines
    .map(
      (line, i) =>
        `<text x="80" y="${Math.round(top + i * size * 1.15)}">${escapeXml(line)}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#052e16"/><stop offset="1" stop-color="#166534"/>
  </linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
  <rect x="80" y="520" width="120" height="8" rx="4" fill="#facc15"/>
  <g font-family="DejaVu Sans, sans-serif">
    <text x="80" y="110" font-size="30" font-weight="bold" fill="#facc15">${escapeXml(label.toUpperCase())}</text>
    <g font-size="${size}" font-weight="bold" fill="#ffffff">${text}</g>
    <text x="80" y="580" font-size="30" fill="#dcfce7">${escapeXml(siteName)}</text>
  </g>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}
