import type { Migration } from "./migration.ts";
import { PG_SEARCH_TEXT_38 } from "./searchSql.ts";

export const migration: Migration = {
  // PostgreSQL intake no longer pays for an insert trigger that does nothing for it (decision
  // D288). Since migration 32 the store's insert leaves a search-index mark that counts the lead
  // in the roll-ups, and migration 31's insert trigger fired only on sessions without
  // greenline.funnel_by_app (psql, a seed); yet a row trigger still cost each of the app's
  // inserts its set-up and its WHEN (5-17 % of the insert statement in a PL/pgSQL loop, D225's
  // addendum). A lead inserted outside the app is now counted, and indexed for search, by
  // `npm run leads -- recount` (src/leads/store/agencyClock.ts `recountLeads`), which marks every
  // lead with neither a search entry nor a mark. The leads the trigger counted had no mark and
  // no entry either: they are indexed here, without a mark, so a recount does not count them
  // again. Rows the trigger logged stay in the log and are folded as before. Updates and deletes
  // keep migration 31's trigger lead_funnel_track; SQLite keeps its triggers.
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
    `,
};
