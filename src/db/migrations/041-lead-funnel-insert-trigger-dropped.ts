import type { Migration } from "./migration.ts";
import { postgresDeltaLogStep } from "./funnelSql.ts";
import { PG_SEARCH_TEXT_38 } from "./searchSql.ts";

export const migration: Migration = {
  // PostgreSQL intake no longer pays for an insert trigger that does nothing for it (decision
  // D288). Since migration 32 the store's insert leaves a search-index mark that counts the lead
  // in the roll-ups, and migration 31's insert trigger fired only on sessions without
  // greenline.funnel_by_app (psql, a seed); yet a row trigger still cost each of the app's
  // inserts its set-up and its WHEN (5-17 % of the insert statement in a PL/pgSQL loop, D225's
  // addendum). A lead inserted outside the app is now counted, and indexed for search, by
  // `npm run leads -- recount` (src/leads/store/agencyClock.ts `recountLeads`), which marks every
  // lead with neither a search entry nor a mark: until then it counts nowhere.
  // - The leads the trigger counted have no mark and no entry either: they are indexed here,
  //   without a mark, so a recount does not count them again.
  // - A change to a lead with neither (one not counted yet) is not logged: the recount counts it
  //   as it is then. An update checks for the entry; a delete cannot (lead_search's cascade has
  //   removed it when this AFTER trigger runs), so the erasure marks such a lead before it
  //   deletes it, and the trigger skips it as a marked lead (src/admin/store/erasure.ts).
  // Rows the trigger logged stay in the log and are folded as before. SQLite keeps its triggers.
  version: 41,
  name: "lead_funnel_insert_trigger_dropped",
  sqlite: "-- PostgreSQL only: SQLite's insert triggers mark the lead (migration 39).",
  postgres: `
      DROP TRIGGER IF EXISTS lead_funnel_track_insert ON leads;
      INSERT INTO lead_search (lead_id, doc, phone)
        SELECT l.id, ${PG_SEARCH_TEXT_38}, translate(coalesce(l.fields->>'phone', ''), '+ -().', '')
        FROM leads l
        WHERE NOT EXISTS (SELECT 1 FROM lead_search s WHERE s.lead_id = l.id)
          AND NOT EXISTS (SELECT 1 FROM lead_search_pending p WHERE p.lead_id = l.id);
      CREATE OR REPLACE FUNCTION lead_funnel_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM 1 FROM lead_search_pending WHERE lead_id = OLD.id FOR UPDATE;
        IF FOUND THEN
          RETURN NULL;
        END IF;
        IF TG_OP = 'UPDATE' AND NOT EXISTS (SELECT 1 FROM lead_search WHERE lead_id = OLD.id) THEN
          RETURN NULL;
        END IF;
        IF NOT OLD.spam AND OLD.completed_by IS NULL THEN
          ${postgresDeltaLogStep("OLD", -1)}
        END IF;
        IF TG_OP = 'UPDATE' AND NOT NEW.spam AND NEW.completed_by IS NULL THEN
          ${postgresDeltaLogStep("NEW", 1)}
        END IF;
        RETURN NULL;
      END $$;
    `,
};
