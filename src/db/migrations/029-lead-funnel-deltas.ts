import type { Migration } from "./migration.ts";
import {
  sqliteDeltaStep,
  postgresDeltaStep,
  sqliteAgencyDay,
  postgresAgencyDay,
} from "./funnelSql.ts";

export const migration: Migration = {
  // Lead intake no longer contends on the roll-ups (issues 25/27, decision D208): migration
  // 26's triggers upserted the same lead_funnel and lead_stages rows for every lead of a day
  // and source, so concurrent intake transactions queued on those rows' locks until commit
  // (PostgreSQL) and each insert paid two upserts (both). The triggers now append one row per
  // lead change to lead_funnel_deltas (no key, no conflict, no shared row); the app folds them
  // into the roll-ups in one transaction (src/leads/store/funnelFold.ts: in the hourly
  // analytics sweep, in an erasure, before a report when the log is long), and the report
  // reads the roll-ups plus the deltas not folded yet, so its figures are the same as before.
  version: 29,
  name: "lead_funnel_deltas",
  sqlite: `
      CREATE TABLE IF NOT EXISTS lead_funnel_deltas (
        day TEXT NOT NULL, form TEXT NOT NULL, page TEXT NOT NULL, campaign TEXT NOT NULL,
        utm_source TEXT NOT NULL, utm_medium TEXT NOT NULL, referrer TEXT NOT NULL,
        counted INTEGER NOT NULL, status TEXT NOT NULL, leads INTEGER NOT NULL,
        contacted INTEGER NOT NULL, won INTEGER NOT NULL, won_cents INTEGER NOT NULL
      ) STRICT;
      DROP TRIGGER IF EXISTS lead_funnel_insert;
      DROP TRIGGER IF EXISTS lead_funnel_update;
      DROP TRIGGER IF EXISTS lead_funnel_delete;
      CREATE TRIGGER lead_funnel_insert AFTER INSERT ON leads BEGIN
        ${sqliteDeltaStep("new", 1, sqliteAgencyDay("new.created_at"))}
      END;
      CREATE TRIGGER lead_funnel_update AFTER UPDATE OF status, first_contacted_at, won_value_cents, spam, completed_by, metadata, created_at, form ON leads BEGIN
        ${sqliteDeltaStep("old", -1, sqliteAgencyDay("old.created_at"))}
        ${sqliteDeltaStep("new", 1, sqliteAgencyDay("new.created_at"))}
      END;
      CREATE TRIGGER lead_funnel_delete AFTER DELETE ON leads BEGIN
        ${sqliteDeltaStep("old", -1, sqliteAgencyDay("old.created_at"))}
      END;
    `,
  postgres: `
      CREATE TABLE IF NOT EXISTS lead_funnel_deltas (
        day text NOT NULL, form text NOT NULL, page text NOT NULL, campaign text NOT NULL,
        utm_source text NOT NULL, utm_medium text NOT NULL, referrer text NOT NULL,
        counted integer NOT NULL, status text NOT NULL, leads integer NOT NULL,
        contacted integer NOT NULL, won integer NOT NULL, won_cents bigint NOT NULL
      );
      CREATE OR REPLACE FUNCTION lead_funnel_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' AND NOT OLD.spam AND OLD.completed_by IS NULL THEN
          ${postgresDeltaStep("OLD", -1, postgresAgencyDay("OLD.created_at"))}
        END IF;
        IF TG_OP <> 'DELETE' AND NOT NEW.spam AND NEW.completed_by IS NULL THEN
          ${postgresDeltaStep("NEW", 1, postgresAgencyDay("NEW.created_at"))}
        END IF;
        RETURN NULL;
      END $$;
    `,
};
