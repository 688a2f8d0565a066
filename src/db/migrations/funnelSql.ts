/**
 * The SQL of the lead roll-ups' triggers and fills as migrations 26, 27 and 29 wrote them
 * (decisions D194, D201, D208). Frozen with those migrations: the live copies the stores run
 * (src/leads/store/funnelSql.ts) may change; these may not, or a database migrated later would
 * get other triggers than one migrated then.
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
 * What one lead (`new` or `old`) adds to (sign 1) or takes from (sign -1) the roll-ups, on SQLite:
 * its group (day, form, page, campaign, utm source and medium, referrer, counted visit), its
 * counts (leads, contacted, won, won value) and the condition under which it counts at all.
 * Migrations 26-27 upsert it into lead_funnel, migration 29 appends it to lead_funnel_deltas.
 */
export function sqliteLeadFunnel(row: "new" | "old" | "l", sign: 1 | -1, day: string) {
  const meta = (path: string) => `coalesce(json_extract(${row}.metadata, '$.${path}'), '')`;
  const minus = sign < 0 ? "-" : "";
  return {
    group: `${day}, ${row}.form, ${meta("page")},
          ${meta("utm.utm_campaign")}, ${meta("utm.utm_source")}, ${meta("utm.utm_medium")},
          ${meta("referrer")},
          CASE WHEN json_extract(${row}.metadata, '$.landingPage') IS NOT NULL
                AND json_extract(${row}.metadata, '$.gpc') IS NULL THEN 1 ELSE 0 END,`,
    counts: `${sign}, CASE WHEN ${row}.first_contacted_at IS NULL THEN 0 ELSE ${sign} END,
          CASE WHEN ${row}.status = 'won' THEN ${sign} ELSE 0 END,
          CASE WHEN ${row}.status = 'won' THEN ${minus}coalesce(${row}.won_value_cents, 0) ELSE 0 END`,
    counted: `${row}.spam = 0 AND ${row}.completed_by IS NULL`,
  };
}

/** The same on PostgreSQL (`OLD` or `NEW`); the trigger function tests spam and partials itself. */
export function postgresLeadFunnel(row: string, sign: 1 | -1, day: string) {
  const minus = sign < 0 ? "-" : "";
  return {
    group: `${day}, ${row}.form,
          coalesce(${row}.metadata->>'page', ''), coalesce(${row}.metadata->'utm'->>'utm_campaign', ''),
          coalesce(${row}.metadata->'utm'->>'utm_source', ''),
          coalesce(${row}.metadata->'utm'->>'utm_medium', ''), coalesce(${row}.metadata->>'referrer', ''),
          CASE WHEN ${row}.metadata->>'landingPage' IS NOT NULL AND ${row}.metadata->>'gpc' IS NULL
               THEN 1 ELSE 0 END,`,
    counts: `${sign}, CASE WHEN ${row}.first_contacted_at IS NULL THEN 0 ELSE ${sign} END,
          CASE WHEN ${row}.status = 'won' THEN ${sign} ELSE 0 END,
          CASE WHEN ${row}.status = 'won' THEN ${minus}coalesce(${row}.won_value_cents, 0) ELSE 0 END`,
  };
}

/**
 * Migration 26's SQLite trigger step: one lead (`new` or `old`) added to (sign 1) or taken from
 * (sign -1) its group of lead_funnel and its day and status of lead_stages.
 */
export function sqliteFunnelStep(
  row: "new" | "old",
  sign: 1 | -1,
  day: string = `substr(${row}.created_at, 1, 10)`,
): string {
  const { group, counts, counted } = sqliteLeadFunnel(row, sign, day);
  return `INSERT INTO lead_funnel (${FUNNEL_COLUMNS})
        SELECT ${group}
          ${counts}
        WHERE ${counted}
        ${FUNNEL_UPSERT};
        INSERT INTO lead_stages (day, status, leads)
        SELECT ${day}, ${row}.status, ${sign}
        WHERE ${counted}
        ${STAGES_UPSERT};`;
}

/** The same step in migration 26's PostgreSQL trigger function (`OLD` or `NEW`). */
export function postgresFunnelStep(
  row: "OLD" | "NEW",
  sign: 1 | -1,
  day: string = `to_char(${row}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
): string {
  const { group, counts } = postgresLeadFunnel(row, sign, day);
  return `INSERT INTO lead_funnel (${FUNNEL_COLUMNS})
          VALUES (${group}
          ${counts})
          ${FUNNEL_UPSERT};
          INSERT INTO lead_stages (day, status, leads) VALUES (${day}, ${row}.status, ${sign})
          ${STAGES_UPSERT};`;
}

/** Migration 29's append-only log of the roll-ups' changes: its columns, in order. */
export const DELTA_COLUMNS =
  "day, form, page, campaign, utm_source, utm_medium, referrer, counted, status, leads, contacted, won, won_cents";

/**
 * Migration 29's SQLite trigger step (decision D208): one lead (`new` or `old`) added to (sign 1)
 * or taken from (sign -1) the roll-ups as one row appended to lead_funnel_deltas, which
 * src/leads/store/funnelFold.ts folds into lead_funnel and lead_stages later: no upsert of a row
 * every concurrent insert shares.
 */
export function sqliteDeltaStep(row: "new" | "old", sign: 1 | -1, day: string): string {
  const { group, counts, counted } = sqliteLeadFunnel(row, sign, day);
  return `INSERT INTO lead_funnel_deltas (${DELTA_COLUMNS})
        SELECT ${group}
          ${row}.status,
          ${counts}
        WHERE ${counted};`;
}

/** The same step in migration 29's PostgreSQL trigger function (`OLD` or `NEW`). */
export function postgresDeltaStep(row: "OLD" | "NEW", sign: 1 | -1, day: string): string {
  const { group, counts } = postgresLeadFunnel(row, sign, day);
  return `INSERT INTO lead_funnel_deltas (${DELTA_COLUMNS})
          VALUES (${group}
          ${row}.status,
          ${counts});`;
}
/** A lead's UTC day of arrival (migration 26), from `leads.created_at` as each dialect stores it. */
export const SQLITE_UTC_DAY = "substr(leads.created_at, 1, 10)";
export const POSTGRES_UTC_DAY = "to_char(leads.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')";

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

/**
 * Migration 31's PostgreSQL log, lead_funnel_delta_log (decision D225): migration 29's columns
 * with the moment of arrival in place of the day, which the view lead_funnel_deltas works out
 * when the log is read. Its columns as the trigger writes them, in this order.
 */
export const DELTA_LOG_COLUMNS =
  "arrived_at, form, page, campaign, utm_source, utm_medium, referrer, counted, status, leads, contacted, won, won_cents";

/**
 * Migration 31's day of arrival of the moment `at` for the view over that log: the same day as
 * postgresAgencyDay(at) (the offset of the last agency_offsets row starting at or before `at`;
 * none, or the closing row's NULL: the UTC day), found by a binary search (width_bucket) in the
 * offsets, which two uncorrelated subqueries read once per query, rather than by an index
 * lookup per row: the view works it out for every log row a fold or a report reads, the
 * report's range test and columns three times a row.
 */
export const postgresAgencyDayOfLog = (at: string) =>
  `coalesce(to_char((${at} AT TIME ZONE 'UTC') + make_interval(mins =>
       (SELECT array_agg(minutes ORDER BY starts_at) FROM agency_offsets)[width_bucket(${at},
         (SELECT array_agg(starts_at ORDER BY starts_at) FROM agency_offsets))]), 'YYYY-MM-DD'),
     to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD'))`;

/** Migration 31's PostgreSQL trigger step (`OLD` or `NEW`): no agency-day lookup, the arrival. */
export function postgresDeltaLogStep(row: "OLD" | "NEW", sign: 1 | -1): string {
  const { group, counts } = postgresLeadFunnel(row, sign, `${row}.created_at`);
  return `INSERT INTO lead_funnel_delta_log (${DELTA_LOG_COLUMNS})
          VALUES (${group}
          ${row}.status,
          ${counts});`;
}

/**
 * Migration 39's SQLite trigger step (decision D286): migration 29's row, appended to the log's
 * table under its new name, lead_funnel_delta_log (the name lead_funnel_deltas is now the view
 * over it and the marked leads).
 */
export function sqliteDeltaLogStep(row: "new" | "old", sign: 1 | -1): string {
  const { group, counts, counted } = sqliteLeadFunnel(
    row,
    sign,
    sqliteAgencyDay(`${row}.created_at`),
  );
  return `INSERT INTO lead_funnel_delta_log (${DELTA_COLUMNS})
        SELECT ${group}
          ${row}.status,
          ${counts}
        WHERE ${counted};`;
}
