import type { Migration } from "./migration.ts";
import {
  sqliteFunnelStep,
  postgresFunnelStep,
  sqliteAgencyDay,
  postgresAgencyDay,
} from "./funnelSql.ts";

export const migration: Migration = {
  // The Performance report's days are the agency's (issue 27 §3, decision D201): lead_funnel
  // and lead_stages are keyed by the day of arrival on the agency's clock. SQLite knows no time
  // zones, so the app writes the zone's offsets from UTC into agency_offsets (from each moment
  // on, how many minutes the clock is ahead; a closing row without an offset ends the range)
  // and the zone they are for into agency_clock, then rebuilds both roll-ups whenever they
  // change (src/leads/store/agencyClock.ts, after the migrations, in the same transaction).
  // The triggers take the offset in force by one index lookup, the same SQL in both stores.
  version: 27,
  name: "report_agency_days",
  sqlite: `
      CREATE TABLE IF NOT EXISTS agency_offsets (
        starts_at TEXT PRIMARY KEY, minutes INTEGER
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS agency_clock (
        id INTEGER PRIMARY KEY CHECK (id = 1), time_zone TEXT NOT NULL, filled_at TEXT NOT NULL
      ) STRICT;
      DROP TRIGGER IF EXISTS lead_funnel_insert;
      DROP TRIGGER IF EXISTS lead_funnel_update;
      DROP TRIGGER IF EXISTS lead_funnel_delete;
      CREATE TRIGGER lead_funnel_insert AFTER INSERT ON leads BEGIN
        ${sqliteFunnelStep("new", 1, sqliteAgencyDay("new.created_at"))}
      END;
      CREATE TRIGGER lead_funnel_update AFTER UPDATE OF status, first_contacted_at, won_value_cents, spam, completed_by, metadata, created_at, form ON leads BEGIN
        ${sqliteFunnelStep("old", -1, sqliteAgencyDay("old.created_at"))}
        ${sqliteFunnelStep("new", 1, sqliteAgencyDay("new.created_at"))}
      END;
      CREATE TRIGGER lead_funnel_delete AFTER DELETE ON leads BEGIN
        ${sqliteFunnelStep("old", -1, sqliteAgencyDay("old.created_at"))}
      END;
    `,
  postgres: `
      CREATE TABLE IF NOT EXISTS agency_offsets (
        starts_at timestamptz PRIMARY KEY, minutes integer
      );
      CREATE TABLE IF NOT EXISTS agency_clock (
        id integer PRIMARY KEY CHECK (id = 1), time_zone text NOT NULL, filled_at timestamptz NOT NULL
      );
      CREATE OR REPLACE FUNCTION lead_funnel_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        arrival text;
      BEGIN
        IF TG_OP <> 'INSERT' AND NOT OLD.spam AND OLD.completed_by IS NULL THEN
          arrival := ${postgresAgencyDay("OLD.created_at")};
          ${postgresFunnelStep("OLD", -1, "arrival")}
        END IF;
        IF TG_OP <> 'DELETE' AND NOT NEW.spam AND NEW.completed_by IS NULL THEN
          arrival := ${postgresAgencyDay("NEW.created_at")};
          ${postgresFunnelStep("NEW", 1, "arrival")}
        END IF;
        RETURN NULL;
      END $$;
    `,
};
