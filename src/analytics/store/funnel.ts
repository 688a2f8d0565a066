/**
 * The lead side of the Performance report (issue 27 §4), written once for both stores
 * (src/server/db.ts). Leads are never read one by one into the process: each query reads the
 * period's leads as one range of the `leads_created_at` index (created_at, id) and hands back
 * aggregates, so what crosses to the process grows with the distinct values (days × forms ×
 * pages × campaigns × sources), not with the leads (decision D194).
 *
 * "Counted" is a lead whose visit the site's analytics could see: it was sent with JavaScript
 * (the landing page the script adds, src/leads/client.ts) and its browser did not ask not to be
 * tracked (Global Privacy Control, `metadata.gpc`). Spam and growth partials a later lead
 * completed are left out, as everywhere in the report.
 */
import type { Db } from "../../server/db.ts";

/** One group of a period's leads, with their dimensions as stored. */
export interface FunnelGroup {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  form: string;
  page: string | null;
  campaign: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  referrer: string | null;
  counted: boolean;
  leads: number;
  /** Left 'new' (a status change or a logged call): first_contacted_at is set. */
  contacted: number;
  won: number;
  /** Sum of the won leads' values, in cents. */
  wonCents: number;
}

/** Leads of the period now in a stage, by how long they have been in it. */
export interface StageAge {
  status: string;
  /** 0: under a day, 1: 1–7 days, 2: 7–30 days, 3: over 30 days. */
  bucket: number;
  leads: number;
  /** When the longest-waiting of them entered the stage (ISO). */
  oldestSince: string;
}

function dims(db: Db) {
  if (db.dialect === "postgres") {
    return {
      day: "to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')",
      page: "metadata->>'page'",
      campaign: "metadata->'utm'->>'utm_campaign'",
      utmSource: "metadata->'utm'->>'utm_source'",
      utmMedium: "metadata->'utm'->>'utm_medium'",
      referrer: "metadata->>'referrer'",
      counted:
        "CASE WHEN metadata->>'landingPage' IS NOT NULL AND metadata->>'gpc' IS NULL THEN 1 ELSE 0 END",
    };
  }
  return {
    day: "substr(created_at, 1, 10)",
    page: "json_extract(metadata, '$.page')",
    campaign: "json_extract(metadata, '$.utm.utm_campaign')",
    utmSource: "json_extract(metadata, '$.utm.utm_source')",
    utmMedium: "json_extract(metadata, '$.utm.utm_medium')",
    referrer: "json_extract(metadata, '$.referrer')",
    counted:
      "CASE WHEN json_extract(metadata, '$.landingPage') IS NOT NULL AND json_extract(metadata, '$.gpc') IS NULL THEN 1 ELSE 0 END",
  };
}

const PERIOD = "created_at >= $1 AND created_at < $2 AND NOT spam AND completed_by IS NULL";
const n = (v: unknown) => Number(v ?? 0);

/** The period's leads, grouped by day and every dimension the report's tables use. */
export async function funnelGroups(db: Db, fromIso: string, toIso: string): Promise<FunnelGroup[]> {
  const d = dims(db);
  const rows = await db.all<Record<string, unknown>>(
    `SELECT ${d.day} AS day, form, ${d.page} AS page, ${d.campaign} AS campaign,
            ${d.utmSource} AS us, ${d.utmMedium} AS um, ${d.referrer} AS ref,
            ${d.counted} AS counted,
            count(*) AS leads,
            sum(CASE WHEN first_contacted_at IS NOT NULL THEN 1 ELSE 0 END) AS contacted,
            sum(CASE WHEN status = 'won' THEN 1 ELSE 0 END) AS won,
            sum(CASE WHEN status = 'won' THEN coalesce(won_value_cents, 0) ELSE 0 END) AS cents
     FROM leads WHERE ${PERIOD}
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,
    [fromIso, toIso],
  );
  return rows.map((r) => ({
    day: String(r.day),
    form: String(r.form),
    page: (r.page as string | null) ?? null,
    campaign: (r.campaign as string | null) ?? null,
    utmSource: (r.us as string | null) ?? null,
    utmMedium: (r.um as string | null) ?? null,
    referrer: (r.ref as string | null) ?? null,
    counted: n(r.counted) === 1,
    leads: n(r.leads),
    contacted: n(r.contacted),
    won: n(r.won),
    wonCents: n(r.cents),
  }));
}

/** The period's totals only (the previous period's cards): all, counted, contacted, won, value. */
export async function funnelTotals(
  db: Db,
  fromIso: string,
  toIso: string,
): Promise<{ leads: number; counted: number; contacted: number; won: number; wonCents: number }> {
  const d = dims(db);
  const row = await db.one<Record<string, unknown>>(
    `SELECT count(*) AS leads, sum(${d.counted}) AS counted,
            sum(CASE WHEN first_contacted_at IS NOT NULL THEN 1 ELSE 0 END) AS contacted,
            sum(CASE WHEN status = 'won' THEN 1 ELSE 0 END) AS won,
            sum(CASE WHEN status = 'won' THEN coalesce(won_value_cents, 0) ELSE 0 END) AS cents
     FROM leads WHERE ${PERIOD}`,
    [fromIso, toIso],
  );
  return {
    leads: n(row?.leads),
    counted: n(row?.counted),
    contacted: n(row?.contacted),
    won: n(row?.won),
    wonCents: n(row?.cents),
  };
}

const DAY_MS = 86_400_000;

/**
 * Where the period's leads stand now: per status, how many have been in it under a day, 1–7
 * days, 7–30 days and longer (since their last status change, or arrival while still new).
 */
export async function stageAges(
  db: Db,
  fromIso: string,
  toIso: string,
  now: Date,
): Promise<StageAge[]> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const rows = await db.all<{ status: string; bucket: unknown; leads: unknown; oldest: string }>(
    `SELECT status, bucket, count(*) AS leads, min(since) AS oldest
     FROM (SELECT status, coalesce(status_at, created_at) AS since,
                  CASE WHEN coalesce(status_at, created_at) >= $3 THEN 0
                       WHEN coalesce(status_at, created_at) >= $4 THEN 1
                       WHEN coalesce(status_at, created_at) >= $5 THEN 2 ELSE 3 END AS bucket
           FROM leads WHERE ${PERIOD}) AS staged
     GROUP BY status, bucket`,
    [fromIso, toIso, ago(1), ago(7), ago(30)],
  );
  return rows.map((r) => ({
    status: r.status,
    bucket: n(r.bucket),
    leads: n(r.leads),
    oldestSince: r.oldest,
  }));
}
