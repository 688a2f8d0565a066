import type { Migration } from "./migration.ts";
import {
  sqliteFunnelFill,
  postgresFunnelFill,
  SQLITE_UTC_DAY,
  POSTGRES_UTC_DAY,
  sqliteFunnelStep,
  postgresFunnelStep,
} from "./funnelSql.ts";

export const migration: Migration = {
  // Won jobs and what brought them (issue 27 §4, src/admin/store/revenue.ts): a won lead's job
  // value in cents (NULL: not given; any status but won clears it); a note edited or deleted by
  // its author keeps its place on the timeline with when (a deleted note's words are blanked).
  // Only columns are added there: the timeline table is not rebuilt, so later kinds of event
  // stay as they are. The Performance report's lead side (src/analytics/store/funnel.ts) reads
  // two roll-ups kept by triggers on every insert, change and delete of a lead (not spam, not
  // a completed partial), so a month's report reads a few thousand rows, not every lead of the
  // month (decision D194): lead_funnel, per UTC day of arrival × form × page × campaign × utm
  // source and medium × referrer × counted visit, how many leads, contacted, won and their won
  // value; lead_stages, per day of arrival × current status, how many. Filled once here.
  version: 26,
  name: "lead_won_value_note_edits_funnel",
  sqlite: `
      ALTER TABLE leads ADD COLUMN won_value_cents INTEGER;
      ALTER TABLE lead_events ADD COLUMN edited_at TEXT;
      ALTER TABLE lead_events ADD COLUMN deleted_at TEXT;
      CREATE TABLE IF NOT EXISTS lead_funnel (
        day TEXT NOT NULL, form TEXT NOT NULL, page TEXT NOT NULL, campaign TEXT NOT NULL,
        utm_source TEXT NOT NULL, utm_medium TEXT NOT NULL, referrer TEXT NOT NULL,
        counted INTEGER NOT NULL, leads INTEGER NOT NULL, contacted INTEGER NOT NULL,
        won INTEGER NOT NULL, won_cents INTEGER NOT NULL,
        PRIMARY KEY (day, form, page, campaign, utm_source, utm_medium, referrer, counted)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS lead_stages (
        day TEXT NOT NULL, status TEXT NOT NULL, leads INTEGER NOT NULL,
        PRIMARY KEY (day, status)
      ) STRICT, WITHOUT ROWID;
      ${sqliteFunnelFill(SQLITE_UTC_DAY)}
      CREATE TRIGGER lead_funnel_insert AFTER INSERT ON leads BEGIN
        ${sqliteFunnelStep("new", 1)}
      END;
      CREATE TRIGGER lead_funnel_update AFTER UPDATE OF status, first_contacted_at, won_value_cents, spam, completed_by, metadata, created_at, form ON leads BEGIN
        ${sqliteFunnelStep("old", -1)}
        ${sqliteFunnelStep("new", 1)}
      END;
      CREATE TRIGGER lead_funnel_delete AFTER DELETE ON leads BEGIN
        ${sqliteFunnelStep("old", -1)}
      END;
    `,
  postgres: `
      ALTER TABLE leads ADD COLUMN IF NOT EXISTS won_value_cents bigint;
      ALTER TABLE lead_events ADD COLUMN IF NOT EXISTS edited_at timestamptz;
      ALTER TABLE lead_events ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
      CREATE TABLE IF NOT EXISTS lead_funnel (
        day text NOT NULL, form text NOT NULL, page text NOT NULL, campaign text NOT NULL,
        utm_source text NOT NULL, utm_medium text NOT NULL, referrer text NOT NULL,
        counted integer NOT NULL, leads integer NOT NULL, contacted integer NOT NULL,
        won integer NOT NULL, won_cents bigint NOT NULL,
        PRIMARY KEY (day, form, page, campaign, utm_source, utm_medium, referrer, counted)
      );
      CREATE TABLE IF NOT EXISTS lead_stages (
        day text NOT NULL, status text NOT NULL, leads integer NOT NULL,
        PRIMARY KEY (day, status)
      );
      ${postgresFunnelFill(POSTGRES_UTC_DAY)}
      CREATE OR REPLACE FUNCTION lead_funnel_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' AND NOT OLD.spam AND OLD.completed_by IS NULL THEN
          ${postgresFunnelStep("OLD", -1)}
        END IF;
        IF TG_OP <> 'DELETE' AND NOT NEW.spam AND NEW.completed_by IS NULL THEN
          ${postgresFunnelStep("NEW", 1)}
        END IF;
        RETURN NULL;
      END $$;
      DROP TRIGGER IF EXISTS lead_funnel_track ON leads;
      CREATE TRIGGER lead_funnel_track
        AFTER INSERT OR DELETE OR UPDATE OF status, first_contacted_at, won_value_cents, spam, completed_by, metadata, created_at, form ON leads
        FOR EACH ROW EXECUTE FUNCTION lead_funnel_track();
    `,
};
