/**
 * Website-check reports for the job tests: genuine AuditReport objects (parsed by the report's
 * own schema) standing in for what the engine fetched, so the queue, the pages and the emails
 * are tested on real shapes. The thing under test is never the engine here.
 */
import { join } from "node:path";
import { auditReportSchema, type AuditReport } from "../../src/audit/report";
import { newLeadId } from "../../src/server/id";
import type { LeadRecord } from "../../src/leads/store/types";

/** A report of `url` scoring `score`, with failing and passing checks in every category. */
export function fixtureReport(url: string, score = 62, at = new Date()): AuditReport {
  const host = new URL(/^https?:\/\//.test(url) ? url : `https://${url}`).host;
  const home = `https://${host}/`;
  return auditReportSchema.parse({
    url,
    finalUrl: home,
    fetchedAt: at.toISOString(),
    outcome: "ok",
    score,
    grade: score >= 90 ? "A" : score >= 80 ? "B" : score >= 70 ? "C" : score >= 60 ? "D" : "F",
    categories: [
      { id: "technical", score: 80, weight: 20 },
      { id: "local", score: 40, weight: 35 },
      { id: "conversion", score: 60, weight: 30 },
      { id: "content", score: 75, weight: 15 },
    ],
    checks: [
      {
        id: "https",
        category: "technical",
        status: "pass",
        title: "Secure connection (https)",
        evidence: `${home} answers over https.`,
        fix: "Keep your certificate renewed.",
        page: home,
        weight: 3,
      },
      {
        id: "title",
        category: "technical",
        status: "fail",
        title: "Page title",
        evidence: 'The home page\'s title is "<script>alert(1)</script> Home" (40 characters).',
        fix: "Name your trade and town in the title, like 'Lawn care in Austin | Lawn Pros'.",
        page: home,
        weight: 2,
      },
      {
        id: "local-business-schema",
        category: "local",
        status: "fail",
        title: "Business details for Google",
        evidence: "No LocalBusiness JSON-LD on the home page.",
        fix: "Add your business name, address and phone as LocalBusiness structured data.",
        page: home,
        weight: 4,
      },
      {
        id: "tel-link",
        category: "local",
        status: "fail",
        title: "Phone number you can tap",
        evidence: "No tel: link on the home page.",
        fix: "Make your phone number a tap-to-call link.",
        page: home,
        weight: 3,
      },
      {
        id: "nap-visible",
        category: "local",
        status: "pass",
        title: "Name, phone and area on the home page",
        evidence: "Found your name, phone and service area.",
        fix: "Keep them the same as on your Google Business Profile.",
        weight: 3,
      },
      {
        id: "cta",
        category: "conversion",
        status: "fail",
        title: "A clear call to action",
        evidence: "No 'free quote' or 'call now' on the first screen.",
        fix: "Put a 'Get a free quote' button at the top of every page.",
        weight: 4,
      },
      {
        id: "reviews",
        category: "conversion",
        status: "pass",
        title: "Reviews",
        evidence: "Found 3 testimonials.",
        fix: "Keep asking happy customers for reviews.",
        weight: 3,
      },
      {
        id: "http-redirect",
        category: "technical",
        status: "na",
        title: "http sends visitors to https",
        evidence: "The site only answers over https.",
        fix: "Nothing to do.",
        weight: 1,
      },
      {
        id: "og-tags",
        category: "content",
        status: "fail",
        title: "Share previews",
        evidence: "No og:title or og:image.",
        fix: "Add a share picture and title so links look good on Facebook.",
        weight: 1,
      },
    ],
    pages: [{ url: home, status: 200, ms: 120, bytes: 48_000, contentType: "text/html" }],
    durationMs: 1_500,
  });
}

/** An audit lead from the free-audit form. */
export function auditLead(
  website: string,
  opts: { at?: number; ipHash?: string | null; spam?: boolean; email?: string } = {},
): LeadRecord {
  const at = opts.at ?? Date.now();
  const createdAt = new Date(at).toISOString();
  return {
    id: newLeadId(at),
    kind: "audit",
    form: "audit",
    subject: "Free Marketing Audit Request",
    createdAt,
    spam: opts.spam ?? false,
    fields: {
      companyName: "Lawn Pros",
      ownerName: "Ana Green",
      website,
      email: opts.email ?? "ana@lawnpros.test",
    },
    metadata: {
      source: "audit_form",
      page: "/free-audit",
      landingPage: null,
      referrer: null,
      timestamp: createdAt,
      userAgent: "test",
      utm: {},
      ipHash: opts.ipHash === undefined ? "client-a" : opts.ipHash,
      spamReasons: [],
    },
  };
}

/** Polls `what` until it gives a value (or throws after `ms`). */
export async function until<T>(
  what: () => Promise<T | null | undefined | false>,
  ms = 15_000,
  everyMs = 25,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** http://127.0.0.1:PORT → http://lawnpros.loopback.test:PORT: a fixture site named as a prospect types it. */
export const named = (address: string) => address.replace("127.0.0.1", "lawnpros.loopback.test");

/** NODE_OPTIONS for a test server that resolves *.loopback.test (tests/support/loopbackNames.mjs). */
export const loopbackNodeOptions = `--import ${join(import.meta.dirname, "../support/loopbackNames.mjs")}`;
