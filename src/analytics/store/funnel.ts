/**
 * The lead side of the Performance report (issue 27 §4), written once for both stores
 * (src/db/driver.ts). Leads are never read one by one: two roll-ups (migration 26), `lead_funnel`
 * (per day of arrival on the agency's clock since migration 27, decision D201 × form × page ×
 * campaign × utm source and medium × referrer × counted visit: leads, contacted, won, won value)
 * and `lead_stages` (per day of arrival × current status: leads), so a period's report reads a
 * range of each one's primary key (day first), a few thousand rows at a million leads (decision
 * D194). Since migration 29 (decision D208) the triggers append each lead change to
 * `lead_funnel_deltas` instead of updating the roll-ups, and src/leads/store/funnelFold.ts folds
 * them in; every query here reads the roll-up together with the deltas not folded yet (at most
 * about an hour's: the sweep folds hourly, the report first when there are many), so the
 * figures are exact whenever the fold last ran.
 * Rows whose leads all moved away keep a count of 0 and are skipped.
 *
 * "Counted" is a lead whose visit the site's analytics could see: it was sent with JavaScript
 * (the landing page the script adds, src/leads/client.ts) and its browser did not ask not to be
 * tracked (Global Privacy Control, `metadata.gpc`). Spam and growth partials a later lead
 * completed are left out, as everywhere in the report.
 */
import type { Db } from "../../db/driver.ts";
import { FUNNEL_COLUMNS } from "../../leads/store/funnelSql.ts";

/** One group of a period's leads, with their dimensions as stored. */
export interface FunnelGroup {
  /** Day of arrival on the agency's clock, YYYY-MM-DD. */
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

/** The period's leads now in a stage that arrived on a day. */
export interface StageDay {
  status: string;
  day: string;
  leads: number;
}

const n = (v: unknown) => Number(v ?? 0);
const orNull = (v: unknown) => (v === "" || v === null || v === undefined ? null : String(v));
const DAYS = "day >= $1 AND day <= $2";
/** The period's rows of lead_funnel and of the deltas not folded into it yet, as one table. */
const FUNNEL = `(SELECT ${FUNNEL_COLUMNS} FROM lead_funnel WHERE ${DAYS}
  UNION ALL SELECT ${FUNNEL_COLUMNS} FROM lead_funnel_deltas WHERE ${DAYS}) AS f`;
/** The same for lead_stages. */
const STAGES = `(SELECT day, status, leads FROM lead_stages WHERE ${DAYS}
  UNION ALL SELECT day, status, leads FROM lead_funnel_deltas WHERE ${DAYS}) AS s`;

/** The roll-up's dimensions a query can group by (`counted` always is). */
export type FunnelDim =
  "day" | "form" | "page" | "campaign" | "utm_source" | "utm_medium" | "referrer";

/**
 * The period's leads (days `from` to `to`, inclusive) grouped by `dims` and counted or not,
 * summed in the database: a range of the roll-up's key, a handful of rows back. Dimensions not
 * asked for are empty in the groups.
 */
export async function funnelGroups(
  db: Db,
  from: string,
  to: string,
  dims: readonly FunnelDim[],
): Promise<FunnelGroup[]> {
  const by = [...dims, "counted"].join(", ");
  const rows = await db.all<Record<string, unknown>>(
    `SELECT ${by}, sum(leads) AS leads, sum(contacted) AS contacted, sum(won) AS won,
            sum(won_cents) AS cents
     FROM ${FUNNEL} GROUP BY ${by} HAVING sum(leads) <> 0`,
    [from, to],
  );
  return rows.map((r) => ({
    day: String(r.day ?? ""),
    form: String(r.form ?? ""),
    page: orNull(r.page),
    campaign: orNull(r.campaign),
    utmSource: orNull(r.utm_source),
    utmMedium: orNull(r.utm_medium),
    referrer: orNull(r.referrer),
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
  from: string,
  to: string,
): Promise<{ leads: number; counted: number; contacted: number; won: number; wonCents: number }> {
  const row = await db.one<Record<string, unknown>>(
    `SELECT sum(leads) AS leads, sum(counted * leads) AS counted, sum(contacted) AS contacted,
            sum(won) AS won, sum(won_cents) AS cents
     FROM ${FUNNEL}`,
    [from, to],
  );
  return {
    leads: n(row?.leads),
    counted: n(row?.counted),
    contacted: n(row?.contacted),
    won: n(row?.won),
    wonCents: n(row?.cents),
  };
}

/** Where the period's leads stand now: per status and day of arrival, how many. */
export async function stageDays(db: Db, from: string, to: string): Promise<StageDay[]> {
  const rows = await db.all<{ status: string; day: string; leads: unknown }>(
    `SELECT status, day, sum(leads) AS leads FROM ${STAGES}
     GROUP BY status, day HAVING sum(leads) <> 0`,
    [from, to],
  );
  return rows.map((r) => ({ status: r.status, day: String(r.day), leads: n(r.leads) }));
}
