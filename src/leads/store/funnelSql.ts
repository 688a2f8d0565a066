/**
 * The lead roll-ups' live SQL (decisions D194, D201, D208): their key and upserts, the day of
 * arrival on the agency's clock and the refill of both roll-ups from the leads, run by the fold
 * (./funnelFold.ts), the agency's clock (./agencyClock.ts) and the report (src/analytics/store/
 * funnel.ts), and on PostgreSQL the lead insert's delta row (migration 31, decision D225).
 * Migrations 26-31 keep frozen copies of their own (src/db/migrations/funnelSql.ts).
 */

/** lead_funnel's key (migration 26): a day of arrival and everything a lead came by. */
export const FUNNEL_KEY = "day, form, page, campaign, utm_source, utm_medium, referrer, counted";
/** lead_funnel's columns: the key, then the counts. */
export const FUNNEL_COLUMNS = `${FUNNEL_KEY}, leads, contacted, won, won_cents`;
/** The roll-ups' upserts (migration 26, and the fold of migration 29's deltas): counts add up. */
export const FUNNEL_UPSERT = `ON CONFLICT (${FUNNEL_KEY})
          DO UPDATE SET leads = lead_funnel.leads + excluded.leads,
          contacted = lead_funnel.contacted + excluded.contacted,
          won = lead_funnel.won + excluded.won, won_cents = lead_funnel.won_cents + excluded.won_cents`;
export const STAGES_UPSERT =
  "ON CONFLICT (day, status) DO UPDATE SET leads = lead_stages.leads + excluded.leads";

/**
 * The day of arrival on the agency's clock (migration 27, decision D201) of the moment `at`: the
 * date `at` shows once the offset in force then (the last `agency_offsets` row starting at or
 * before it: one index lookup) is added. Outside the rows' range (none before it, the closing row
 * after it has no offset) the UTC day. The rows are the app's (src/leads/store/agencyClock.ts).
 */
export const sqliteAgencyDay = (at: string) =>
  `coalesce(date(${at}, (SELECT minutes || ' minutes' FROM agency_offsets
     WHERE starts_at <= ${at} ORDER BY starts_at DESC LIMIT 1)), substr(${at}, 1, 10))`;
export const postgresAgencyDay = (at: string) =>
  `coalesce(to_char((${at} AT TIME ZONE 'UTC') + make_interval(mins => (SELECT minutes FROM agency_offsets
     WHERE starts_at <= ${at} ORDER BY starts_at DESC LIMIT 1)), 'YYYY-MM-DD'),
     to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD'))`;

/**
 * PostgreSQL (migration 31, decision D225): the roll-ups' log is the table
 * lead_funnel_delta_log, whose rows keep a lead's moment of arrival; lead_funnel_deltas is a
 * view over it that works out the day (above) when it is read. What reads or folds the log
 * names the view, as on SQLite; what works on the table itself (VACUUM) names the table.
 */
export const POSTGRES_DELTA_LOG = "lead_funnel_delta_log";

/** What the `lead` CTE of a PostgreSQL lead insert returns for its delta row (below). */
export const POSTGRES_LEAD_DELTA_RETURNING =
  "created_at, form, metadata, status, first_contacted_at, won_value_cents, spam, completed_by";

/**
 * The delta row of the lead a PostgreSQL insert statement's CTE `lead` just inserted (RETURNING
 * POSTGRES_LEAD_DELTA_RETURNING), as migration 31's trigger would write it for that insert: the
 * lead's group, +1 and its counts, its arrival, and nothing for spam or a completed partial.
 * The lead store's pool sets greenline.funnel_by_app = on (src/db/connection.ts), so the insert
 * trigger leaves these leads to this statement: an insert into `leads` through that pool
 * anywhere else must write its delta row the same way, or the lead is not counted.
 */
export const POSTGRES_LEAD_DELTA = `INSERT INTO ${POSTGRES_DELTA_LOG} (arrived_at, form, page, campaign,
          utm_source, utm_medium, referrer, counted, status, leads, contacted, won, won_cents)
        SELECT lead.created_at, lead.form, coalesce(lead.metadata->>'page', ''),
          coalesce(lead.metadata->'utm'->>'utm_campaign', ''),
          coalesce(lead.metadata->'utm'->>'utm_source', ''),
          coalesce(lead.metadata->'utm'->>'utm_medium', ''), coalesce(lead.metadata->>'referrer', ''),
          CASE WHEN lead.metadata->>'landingPage' IS NOT NULL AND lead.metadata->>'gpc' IS NULL
               THEN 1 ELSE 0 END,
          lead.status, 1, CASE WHEN lead.first_contacted_at IS NULL THEN 0 ELSE 1 END,
          CASE WHEN lead.status = 'won' THEN 1 ELSE 0 END,
          CASE WHEN lead.status = 'won' THEN coalesce(lead.won_value_cents, 0) ELSE 0 END
        FROM lead WHERE NOT lead.spam AND lead.completed_by IS NULL`;

/**
 * lead_funnel and lead_stages filled from every lead (not spam, not a completed partial) in one
 * GROUP BY each, `day` the day of arrival over `leads.created_at`: migration 26 with UTC days,
 * and src/leads/store/agencyClock.ts again with the agency's whenever its offsets change.
 */
export function sqliteFunnelFill(day: string): string {
  return `
      INSERT INTO lead_funnel (day, form, page, campaign, utm_source, utm_medium, referrer, counted, leads, contacted, won, won_cents)
        SELECT ${day}, leads.form,
          coalesce(json_extract(leads.metadata, '$.page'), ''),
          coalesce(json_extract(leads.metadata, '$.utm.utm_campaign'), ''),
          coalesce(json_extract(leads.metadata, '$.utm.utm_source'), ''),
          coalesce(json_extract(leads.metadata, '$.utm.utm_medium'), ''),
          coalesce(json_extract(leads.metadata, '$.referrer'), ''),
          CASE WHEN json_extract(leads.metadata, '$.landingPage') IS NOT NULL
                AND json_extract(leads.metadata, '$.gpc') IS NULL THEN 1 ELSE 0 END, count(*), count(leads.first_contacted_at),
          sum(CASE WHEN leads.status = 'won' THEN 1 ELSE 0 END),
          sum(CASE WHEN leads.status = 'won' THEN coalesce(leads.won_value_cents, 0) ELSE 0 END)
        FROM leads WHERE leads.spam = 0 AND leads.completed_by IS NULL
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
      INSERT INTO lead_stages (day, status, leads)
        SELECT ${day}, leads.status, count(*) FROM leads
        WHERE leads.spam = 0 AND leads.completed_by IS NULL GROUP BY 1, 2;`;
}

export function postgresFunnelFill(day: string): string {
  return `
      INSERT INTO lead_funnel (day, form, page, campaign, utm_source, utm_medium, referrer, counted, leads, contacted, won, won_cents)
        SELECT ${day}, leads.form,
          coalesce(leads.metadata->>'page', ''), coalesce(leads.metadata->'utm'->>'utm_campaign', ''),
          coalesce(leads.metadata->'utm'->>'utm_source', ''),
          coalesce(leads.metadata->'utm'->>'utm_medium', ''), coalesce(leads.metadata->>'referrer', ''),
          CASE WHEN leads.metadata->>'landingPage' IS NOT NULL AND leads.metadata->>'gpc' IS NULL
               THEN 1 ELSE 0 END, count(*), count(leads.first_contacted_at),
          sum(CASE WHEN leads.status = 'won' THEN 1 ELSE 0 END),
          sum(CASE WHEN leads.status = 'won' THEN coalesce(leads.won_value_cents, 0) ELSE 0 END)
        FROM leads WHERE NOT leads.spam AND leads.completed_by IS NULL
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
      INSERT INTO lead_stages (day, status, leads)
        SELECT ${day}, leads.status, count(*) FROM leads
        WHERE NOT leads.spam AND leads.completed_by IS NULL GROUP BY 1, 2;`;
}
