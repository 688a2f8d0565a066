/**
 * The one source of agency facts (the few the server also needs outside the build are kept in
 * ./agency.ts and read from there). Every page, component and test reads these values from here;
 * content entries never spell a phone number, an email address or an offer value themselves.
 *
 * Values marked "env" can be overridden at build time (see README, "Configuration").
 */
import { z } from "zod";
import { AGENCY_NAME, agencyHours, DEFAULT_SITE_URL } from "./agency";
import { isTimeZone } from "./timeZone";

/**
 * Parses `input` with `schema` and, when it fails, throws one readable error that names the
 * source (a file) and every failing field path, in the manner of Starlight's helper of the same name.
 */
function parseWithFriendlyErrors<S extends z.ZodType>(
  schema: S,
  input: unknown,
  source: string,
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const path = issue.path.length ? issue.path.join(".") : "(root)";
    return `  - ${path}: ${issue.message}`;
  });
  throw new Error(`Invalid configuration in ${source}:\n${lines.join("\n")}`);
}

const e164 = /^\+1\d{10}$/;

const youtubeId = /^[A-Za-z0-9_-]{11}$/;

const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https:// URL" });
/**
 * The site's own origin: https, or plain http on this machine (localhost, 127.0.0.1, [::1]) for
 * a local trial (`SITE_URL=http://localhost:4321`, issue 39 §5), whose emailed links must open.
 */
const siteUrl = z
  .url({
    protocol: /^https?$/,
    error: "must be an https:// URL (or http://localhost:PORT for a local trial)",
  })
  .refine((u) => {
    const { protocol, hostname } = new URL(u);
    return protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(hostname);
  }, "must be an https:// URL (plain http only for localhost, for a local trial)");

export const siteConfigSchema = z
  .object({
    name: z.string().min(2),
    /** Canonical origin of the public site, without a trailing slash. env: SITE_URL */
    url: siteUrl.transform((u) => u.replace(/\/+$/, "")),
    /** Path of the logo under public/, used in the header, footer and structured data. */
    logo: z.string().startsWith("/"),
    /** US phone number in E.164 form (+1 and ten digits). env: SITE_PHONE */
    phone: z.string().regex(e164, "must look like +15555550142"),
    /** env: SITE_EMAIL */
    email: z.email(),
    hours: z
      .object({
        firstDay: z.string(),
        lastDay: z.string(),
        firstDayShort: z.string(),
        lastDayShort: z.string(),
        opens: z.string().regex(/^\d{2}:\d{2}$/),
        closes: z.string().regex(/^\d{2}:\d{2}$/),
        /** An IANA time zone name (America/New_York), the clock reminders and the inbox use. */
        timeZone: z
          .string()
          .refine(isTimeZone, "must be an IANA time zone name, e.g. America/New_York"),
        /** How the pages write the zone after the hours ("EST"). */
        timeZoneLabel: z.string().min(1),
      })
      .strict(),
    serviceArea: z.string(),
    social: z.object({ label: z.string(), url: httpsUrl }).strict(),
    scheduling: z
      .object({
        /** The booking page of the scheduling provider. env: SCHEDULING_URL */
        url: httpsUrl,
        callMinutes: z.number().int().positive(),
        widgetHeight: z.number().int().positive(),
      })
      .strict(),
    /** YouTube video ids; played through the privacy-enhanced youtube-nocookie.com domain. */
    videos: z
      .object({
        successStories: z.string().regex(youtubeId),
        puretek: z.string().regex(youtubeId),
        romans: z.string().regex(youtubeId),
        testimonial: z.string().regex(youtubeId),
      })
      .strict(),
    /** Looping muted hero background, a file under public/. */
    heroVideo: z.string().startsWith("/"),
    links: z
      .object({
        puretekCaseStudyPdf: httpsUrl,
        romansRoofingWebsite: httpsUrl,
      })
      .strict(),
    offers: z
      .object({
        auditValue: z.number().int().positive(),
        replyHours: z.number().int().positive(),
      })
      .strict(),
  })
  .strict();

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type SiteConfig = z.output<typeof siteConfigSchema>;

type Env = Record<string, string | undefined>;

/** The embedded defaults: clearly sample values that the agency replaces (README, "Configuration"). */
export function defaultSiteConfig(env: Env): SiteConfigInput {
  return {
    name: AGENCY_NAME,
    url: env.SITE_URL || DEFAULT_SITE_URL,
    logo: "/logo.svg",
    phone: env.SITE_PHONE || "+15555550142",
    email: env.SITE_EMAIL || "hello@greenline-growth.example",
    hours: agencyHours,
    serviceArea: "Nationwide",
    social: { label: "Instagram", url: "https://www.instagram.com/greenline.growth.example" },
    scheduling: {
      url: env.SCHEDULING_URL || "https://calendly.com/greenline-growth-example/30min",
      callMinutes: 30,
      widgetHeight: 700,
    },
    videos: {
      successStories: "aqz-KE-bpKQ",
      puretek: "aqz-KE-bpKQ",
      romans: "aqz-KE-bpKQ",
      testimonial: "aqz-KE-bpKQ",
    },
    heroVideo: "/media/hero-loop.mp4",
    links: {
      puretekCaseStudyPdf: "https://files.greenline-growth.example/puretek-llc-case-study.pdf",
      romansRoofingWebsite: "https://romans-roofing.example",
    },
    offers: { auditValue: 2500, replyHours: 24 },
  };
}

export function loadSiteConfig(env: Env = process.env): SiteConfig {
  return parseWithFriendlyErrors(siteConfigSchema, defaultSiteConfig(env), "src/config/site.ts");
}

export const site: SiteConfig = loadSiteConfig();
