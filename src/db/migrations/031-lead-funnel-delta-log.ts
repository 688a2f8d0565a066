import type { Migration } from "./migration.ts";
import { postgresAgencyDayOfLog, postgresDeltaLogStep } from "./funnelSql.ts";

export const migration: Migration = {
  // PostgreSQL intake no longer pays for the roll-ups' trigger (decision D225): per lead,
  // migration 29's trigger cost ~50-60 µs of the database's CPU (a PL/pgSQL call, the agency
  // day's lookup in agency_offsets, the row), 12 % of intake. The log's rows now keep the
  // lead's moment of arrival (`arrived_at`) instead of its day, in lead_funnel_delta_log; the
  // view lead_funnel_deltas, under the old name, works out the day when the log is read (the
  // same lookup, once per row the fold or the report reads), so the fold (its DELETE …
  // RETURNING goes through the view) and the report read it as before. Rows already in the
  // log keep their day. The lead store writes an inserted lead's row itself, in the insert's
  // statement (src/leads/store/insert.ts), and its pool sets greenline.funnel_by_app = on
  // (src/db/connection.ts); the insert trigger fires only on a session without it (psql, a
  // seed, a process of an older release), so every lead counts once. Updates and deletes
  // keep the trigger. SQLite keeps migration 29's triggers: nothing changes there.
  version: 31,
  name: "lead_funnel_delta_log",
  sqlite: "-- PostgreSQL only: SQLite keeps migration 29's lead_funnel_deltas and triggers.",
  postgres: `
      ALTER TABLE lead_funnel_deltas RENAME TO lead_funnel_delta_log;
      ALTER TABLE lead_funnel_delta_log ADD COLUMN IF NOT EXISTS arrived_at timestamptz,
        ALTER COLUMN day DROP NOT NULL;
      CREATE VIEW lead_funnel_deltas AS
        SELECT coalesce(day, ${postgresAgencyDayOfLog("arrived_at")}) AS day,
          form, page, campaign, utm_source, utm_medium, referrer, counted, status, leads,
          contacted, won, won_cents
        FROM lead_funnel_delta_log;
      CREATE OR REPLACE FUNCTION lead_funnel_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' AND NOT OLD.spam AND OLD.completed_by IS NULL THEN
          ${postgresDeltaLogStep("OLD", -1)}
        END IF;
        IF TG_OP <> 'DELETE' AND NOT NEW.spam AND NEW.completed_by IS NULL THEN
          ${postgresDeltaLogStep("NEW", 1)}
        END IF;
        RETURN NULL;
      END $$;
      DROP TRIGGER IF EXISTS lead_funnel_track ON leads;
      CREATE TRIGGER lead_funnel_track
        AFTER DELETE OR UPDATE OF status, first_contacted_at, won_value_cents, spam, completed_by, metadata, created_at, form ON leads
        FOR EACH ROW EXECUTE FUNCTION lead_funnel_track();
      CREATE TRIGGER lead_funnel_track_insert AFTER INSERT ON leads
        FOR EACH ROW WHEN (current_setting('greenline.funnel_by_app', true) IS DISTINCT FROM 'on')
        EXECUTE FUNCTION lead_funnel_track();
    `,
};
