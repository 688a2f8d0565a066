import type { Migration } from "./migration.ts";
import { postgresAgencyDayOfLog, postgresDeltaLogStep, postgresLeadFunnel } from "./funnelSql.ts";
import { PG_SEARCH_TEXT } from "./searchSql.ts";

const NEW_LEAD = postgresLeadFunnel("l", 1, postgresAgencyDayOfLog("l.created_at"));

export const migration: Migration = {
  // PostgreSQL intake writes no roll-up row per lead any more (decision D227): migration 31's
  // delta row cost each insert a second row and its WAL (pgbench, same machine, interleaved:
  // the insert statement 15-35 % slower than db9ef8e's). A new lead already leaves one mark in
  // lead_search_pending for the search indexer; that mark now stands for its roll-up delta too.
  // The view lead_funnel_deltas adds, beside the log's rows, one +1 row per pending lead worked
  // out from the lead as it is now, and the search indexer, which removes the marks, folds
  // those leads into lead_funnel and lead_stages in the same statement
  // (src/leads/store/searchIndex.ts). A change to a lead still pending is not logged (its row in
  // the view already shows the lead as it is): the trigger locks the lead's mark first, so the
  // indexer cannot fold the lead between the check and the change's commit, and a lead the
  // indexer folded meanwhile is logged as before. Leads inserted by other sessions (psql, a
  // seed) leave no mark and keep the insert trigger's row. The leads marked when this runs were
  // logged by their insert already: they are indexed here, their marks removed, so none counts
  // twice. SQLite keeps migration 29's triggers.
  version: 32,
  name: "lead_funnel_pending",
  sqlite: "-- PostgreSQL only: SQLite keeps migration 29's lead_funnel_deltas and triggers.",
  postgres: `
      INSERT INTO lead_search (lead_id, doc, phone)
        SELECT l.id, ${PG_SEARCH_TEXT}, translate(coalesce(l.fields->>'phone', ''), '+ -().', '')
        FROM lead_search_pending p JOIN leads l ON l.id = p.lead_id
        ON CONFLICT (lead_id) DO UPDATE SET doc = excluded.doc, phone = excluded.phone;
      DELETE FROM lead_search_pending;
      CREATE OR REPLACE VIEW lead_funnel_deltas AS
        SELECT coalesce(day, ${postgresAgencyDayOfLog("arrived_at")}) AS day,
          form, page, campaign, utm_source, utm_medium, referrer, counted, status, leads,
          contacted, won, won_cents
        FROM lead_funnel_delta_log
        UNION ALL
        SELECT ${NEW_LEAD.group}
          l.status, ${NEW_LEAD.counts}
        FROM lead_search_pending p JOIN leads l ON l.id = p.lead_id
        WHERE NOT l.spam AND l.completed_by IS NULL;
      CREATE OR REPLACE FUNCTION lead_funnel_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          PERFORM 1 FROM lead_search_pending WHERE lead_id = OLD.id FOR UPDATE;
          IF FOUND THEN
            RETURN NULL;
          END IF;
        END IF;
        IF TG_OP <> 'INSERT' AND NOT OLD.spam AND OLD.completed_by IS NULL THEN
          ${postgresDeltaLogStep("OLD", -1)}
        END IF;
        IF TG_OP <> 'DELETE' AND NOT NEW.spam AND NEW.completed_by IS NULL THEN
          ${postgresDeltaLogStep("NEW", 1)}
        END IF;
        RETURN NULL;
      END $$;
    `,
};
