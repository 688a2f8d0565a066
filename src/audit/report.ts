/**
 * The website check's report: the one shape the engine (`src/audit/run.ts`) produces and
 * everything else reads: the job store (stored as JSON), the prospect's report page and PDF, the
 * email, the lead page's panel, the inbox's score column and the CLI's `--format json`.
 * No Astro, React or store imports here; the engine's parts and the callers both import it.
 */
import { z } from "zod";

export const auditCategories = ["technical", "local", "conversion", "content"] as const;
export type AuditCategory = (typeof auditCategories)[number];

/** pass / fail, or not applicable (e.g. `http-redirect` on a site that is https only). */
export const checkStatuses = ["pass", "fail", "na"] as const;
export type CheckStatus = (typeof checkStatuses)[number];

/** Why a site could not be checked at all: said plainly, never scored. */
export const unreachableReasons = [
  "dns", // the name does not resolve
  "refused", // connection refused or reset
  "timeout", // a page or the whole check took too long
  "tls", // the certificate or TLS handshake failed
  "not-html", // the home page is not an HTML page
  "robots", // robots.txt disallows our user agent
  "redirects", // more than 5 redirects
  "blocked", // the address is not public (or the URL has credentials, a bad scheme…)
  "invalid-url", // nothing that can be read as a website address
  "http-error", // the home page answered 4xx/5xx
  "too-slow", // reading it overran the check's time or memory (the sandbox stopped it)
] as const;
export type UnreachableReason = (typeof unreachableReasons)[number];

export const checkResultSchema = z
  .object({
    /** Stable id, e.g. `local-business-schema`; never renamed once shipped. */
    id: z.string().regex(/^[a-z0-9-]+$/),
    category: z.enum(auditCategories),
    status: z.enum(checkStatuses),
    /** Short human title, e.g. 'Phone number you can tap'. */
    title: z.string(),
    /** What was found: which page, which element, the value measured, what was expected. */
    evidence: z.string(),
    /** One plain-English fix for a landscaping business owner (also present on a pass: why it matters). */
    fix: z.string(),
    /** The page the evidence is about, when there is one. */
    page: z.string().optional(),
    /** Points this check carries in its category (the scoring weights; docs/website-check.md). */
    weight: z.number().nonnegative(),
    /** This failure caps the grade (search engines kept out: D; does not fit a phone: C). */
    cap: z.enum(["C", "D"]).optional(),
  })
  .strict();
export type CheckResult = z.infer<typeof checkResultSchema>;

export const fetchedPageSchema = z
  .object({
    url: z.string(),
    status: z.number().int(),
    /** Milliseconds to the full body. */
    ms: z.number().nonnegative(),
    bytes: z.number().int().nonnegative(),
    contentType: z.string().optional(),
  })
  .strict();
export type FetchedPageSummary = z.infer<typeof fetchedPageSchema>;

export const auditReportSchema = z
  .object({
    /** The URL as the prospect typed it. */
    url: z.string(),
    /** The home page's URL after redirects (absent when the site could not be reached). */
    finalUrl: z.string().optional(),
    /** ISO time the check started. */
    fetchedAt: z.string(),
    /** 'ok' with a score, or 'unreachable' with a reason and no score. */
    outcome: z.enum(["ok", "unreachable"]),
    reason: z.enum(unreachableReasons).optional(),
    /** Plain-English sentence for an unreachable site ('We could not find lawnpros.com…'). */
    message: z.string().optional(),
    /** For the agency: what exactly failed ('lawnpros.com points at 10.0.0.1 (private)'). */
    detail: z.string().optional(),
    score: z.number().int().min(0).max(100).optional(),
    grade: z.enum(["A", "B", "C", "D", "F"]).optional(),
    categories: z
      .array(
        z
          .object({
            id: z.enum(auditCategories),
            score: z.number().int().min(0).max(100),
            weight: z.number().nonnegative(),
          })
          .strict(),
      )
      .default([]),
    checks: z.array(checkResultSchema).default([]),
    pages: z.array(fetchedPageSchema).default([]),
    /** Milliseconds the whole check took. */
    durationMs: z.number().nonnegative(),
  })
  .strict();
export type AuditReport = z.infer<typeof auditReportSchema>;
