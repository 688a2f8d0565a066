/**
 * The agency as the website check's PDF shows it (src/audit/pdf.ts `PdfBrand`), taken from the
 * one site config: its name, its phone as people read it, its time zone and its logo, the same
 * artwork as the site's header (public/logo.svg, read at build time) drawn as a PNG by sharp, on
 * this server, from no other host. A logo that is no SVG under public/ is left out (the name
 * stands alone).
 */
import sharp from "sharp";
import { site, type SiteConfig } from "../config/site";
import { formatPhone } from "./format";
import { publicSvg } from "./publicSvg";

/** The logo's side in pixels: four times its 38-point box, sharp in print. */
const LOGO_PX = 152;

export interface ReportBrand {
  name: string;
  phone: string;
  logoPng: Buffer | undefined;
  timeZone: string;
}

const logos = new Map<string, Promise<Buffer | undefined>>();

/** The logo at `path` (as served, "/logo.svg") as a PNG, drawn once per process. */
export function logoPng(path: string): Promise<Buffer | undefined> {
  let png = logos.get(path);
  if (!png) {
    const svg = publicSvg(path);
    png = svg
      ? sharp(Buffer.from(svg), { density: 384 })
          .resize(LOGO_PX, LOGO_PX, { fit: "contain", background: "#ffffff00" })
          .png({ compressionLevel: 9, palette: true })
          .toBuffer()
      : Promise.resolve(undefined);
    logos.set(path, png);
  }
  return png;
}

/** The agency's facts for the PDF, from `config` (the site config by default). */
export async function reportBrand(config: SiteConfig = site): Promise<ReportBrand> {
  return {
    name: config.name,
    phone: formatPhone(config.phone),
    logoPng: await logoPng(config.logo),
    timeZone: config.hours.timeZone,
  };
}
