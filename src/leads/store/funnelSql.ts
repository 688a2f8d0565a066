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
 * The same day as postgresAgencyDay(at) for many rows of one query (the view over the log, the
 * search indexer's fold of a batch): the offsets are read once per query (two uncorrelated
 * subqueries) and each row's found by a binary search (width_bucket), not an index lookup per
 * row (migration 31's view does the same: src/db/migrations/funnelSql.ts).
 */
export const postgresAgencyDayOfMany = (at: string) =>
  `coalesce(to_char((${at} AT TIME ZONE 'UTC') + make_interval(mins =>
       (SELECT array_agg(minutes ORDER BY starts_at) FROM agency_offsets)[width_bucket(${at},
         (SELECT array_agg(starts_at ORDER BY starts_at) FROM agency_offsets))]), 'YYYY-MM-DD'),
     to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD'))`;

/**
 * The roll-ups' log is the table lead_funnel_delta_log (PostgreSQL since migration 31, decision
 * D225, whose rows keep a lead's moment of arrival; SQLite since migration 39, D286, whose rows
 * keep the day); lead_funnel_deltas is a view over it that adds the leads still counted through
 * their search-index mark (below), and on PostgreSQL works out each log row's day when it is
 * read. What reads the log names the view; what removes its rows or works on the table itself
 * (the fold, VACUUM, the agency clock's rebuild) names the table.
 */
export const DELTA_LOG = "lead_funnel_delta_log";

/**
 * PostgreSQL (migration 32, decision D227): a lead the pool inserted counts in the roll-ups
 * through its search-index mark (the view lead_funnel_deltas reads it as a +1 row) until the
 * search indexer removes the mark and folds the lead. These are the fold's CTEs over a CTE
 * `moved` of such leads' rows (all of `leads`' columns): grouped once by everything either
 * roll-up keys on (one hashed pass over the batch; the roll-ups' sums are then summed from those
 * few groups: D289), summed into lead_funnel and lead_stages with the fold's upserts. The caller
 * holds the fold's lock (./funnelFold.ts).
 */
export const POSTGRES_FOLD_MOVED_LEADS = `counted AS (
      SELECT ${postgresAgencyDayOfMany("m.created_at")} AS day, m.form,
        coalesce(m.metadata->>'page', '') AS page,
        coalesce(m.metadata->'utm'->>'utm_campaign', '') AS campaign,
        coalesce(m.metadata->'utm'->>'utm_source', '') AS utm_source,
        coalesce(m.metadata->'utm'->>'utm_medium', '') AS utm_medium,
        coalesce(m.metadata->>'referrer', '') AS referrer,
        CASE WHEN m.metadata->>'landingPage' IS NOT NULL AND m.metadata->>'gpc' IS NULL
             THEN 1 ELSE 0 END AS counted,
        m.status, count(*) AS leads, count(m.first_contacted_at) AS contacted,
        count(*) FILTER (WHERE m.status = 'won') AS won,
        coalesce(sum(m.won_value_cents) FILTER (WHERE m.status = 'won'), 0) AS won_cents
      FROM moved m WHERE NOT m.spam AND m.completed_by IS NULL
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9),
    funnel AS (
      INSERT INTO lead_funnel (${FUNNEL_KEY}, leads, contacted, won, won_cents)
      SELECT ${FUNNEL_KEY}, sum(leads), sum(contacted), sum(won), sum(won_cents) FROM counted
      GROUP BY ${FUNNEL_KEY} ORDER BY ${FUNNEL_KEY}
      ${FUNNEL_UPSERT}),
    stages AS (
      INSERT INTO lead_stages (day, status, leads)
      SELECT day, status, sum(leads) FROM counted GROUP BY day, status ORDER BY day, status
      ${STAGES_UPSERT})`;

/** The log's rows as the fold removes them on PostgreSQL: the view's columns, day worked out. */
export const POSTGRES_LOG_RETURNING = `coalesce(day, ${postgresAgencyDay("arrived_at")}) AS day,
      form, page, campaign, utm_source, utm_medium, referrer, counted, status, leads, contacted,
      won, won_cents`;

/** The lock every fold of the roll-ups takes on PostgreSQL (one per schema). */
export const POSTGRES_FOLD_LOCK =
  "SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.lead_funnel_fold'))";

/**
 * SQLite (migration 39, decision D286): a lead its insert marked (`fresh`) counts in the roll-ups
 * through the mark until the search indexer folds it (./searchIndex.ts). The leads a fill adds:
 * by default those not counted that way (the agency clock's rebuild); the indexer's fold names
 * the freshly marked leads of its batch, up to its last mark (an integer, written in).
 */
const SQLITE_NOT_MARKED = `
          AND leads.rowid NOT IN (SELECT lead_rowid FROM lead_search_pending WHERE fresh = 1)`;
export function sqliteMarkedUpTo(lastMark: number): string {
  if (!Number.isSafeInteger(lastMark)) throw new TypeError(`not a mark: ${lastMark}`);
  return `
          AND leads.rowid IN (SELECT lead_rowid FROM lead_search_pending
                              WHERE fresh = 1 AND lead_rowid <= ${lastMark})`;
}

/**
 * lead_funnel and lead_stages added to from every lead (not spam, not a completed partial) of
 * `which` (above) in one GROUP BY each, `day` the day of arrival over `leads.created_at`:
 * src/leads/store/agencyClock.ts with the agency's days whenever its offsets change (into
 * emptied roll-ups), the search indexer for the leads it folds (their counts added).
 */
export function sqliteFunnelFill(day: string, which: string = SQLITE_NOT_MARKED): string {
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
        FROM leads WHERE leads.spam = 0 AND leads.completed_by IS NULL${which}
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ${FUNNEL_UPSERT};
      INSERT INTO lead_stages (day, status, leads)
        SELECT ${day}, leads.status, count(*) FROM leads
        WHERE leads.spam = 0 AND leads.completed_by IS NULL${which} GROUP BY 1, 2 ${STAGES_UPSERT};`;
}

/**
 * PostgreSQL's fill leaves out the leads still marked for the search indexer (migration 32): the
 * view lead_funnel_deltas counts them, and the indexer folds them in when it removes the mark.
 */
const NOT_PENDING =
  "\n          AND NOT EXISTS (SELECT 1 FROM lead_search_pending p WHERE p.lead_id = leads.id)";

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
        FROM leads WHERE NOT leads.spam AND leads.completed_by IS NULL${NOT_PENDING}
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
      INSERT INTO lead_stages (day, status, leads)
        SELECT ${day}, leads.status, count(*) FROM leads
        WHERE NOT leads.spam AND leads.completed_by IS NULL${NOT_PENDING} GROUP BY 1, 2;`;
}
