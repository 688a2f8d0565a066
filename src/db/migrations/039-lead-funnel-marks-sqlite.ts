import type { Migration } from "./migration.ts";
import {
  DELTA_COLUMNS,
  sqliteAgencyDay,
  sqliteDeltaLogStep,
  sqliteLeadFunnel,
} from "./funnelSql.ts";

const NEW_LEAD = sqliteLeadFunnel("l", 1, sqliteAgencyDay("l.created_at"));
/** The lead `old` is still counted through its fresh mark (not folded yet). */
const MARKED = `EXISTS (SELECT 1 FROM lead_search_pending
    WHERE lead_rowid = old.rowid AND fresh = 1)`;

export const migration: Migration = {
  // SQLite intake writes no roll-up row per lead any more (decision D286), as PostgreSQL's has
  // not since migration 32 (D227): migration 29's insert trigger cost each lead a second row,
  // its JSON reads and an agency-day lookup: 12-18 µs of the store's ~170 µs of CPU a lead
  // (in-process, against db9ef8e, which had no roll-ups). A new lead already leaves a mark in
  // lead_search_pending for the search indexer (migration 11); the mark now says `fresh` when
  // the lead's insert left it, and then stands for the lead's roll-up delta too. A mark a change of an indexed lead's
  // fields leaves (lead_search_update) is not fresh: that lead counts in the roll-ups already.
  // The view lead_funnel_deltas, under the old name, adds to the log's rows (its table renamed
  // lead_funnel_delta_log) one +1 row per freshly marked lead, worked out from the lead as it
  // is now; the search indexer folds those leads into lead_funnel and lead_stages in the
  // transaction that removes their marks (src/leads/store/searchIndex.ts). A change or erasure
  // of a lead still freshly marked logs nothing (the view shows it as it is): SQLite's one
  // writer at a time leaves no moment between the check and the change. The delete trigger
  // runs BEFORE the delete, so it reads the mark before lead_search_delete removes it whatever
  // order SQLite fires two AFTER triggers in (today the newest first, so an AFTER trigger made
  // here would work too, until a later migration recreated lead_search_delete, as 16, 22 and 38
  // did). Marks present when this runs were logged by their insert: they stay not fresh. A
  // release before this one must not open the migrated file (docs/deploying.md). The view
  // reads the marks first (CROSS JOIN fixes SQLite's join order): with statistics taken while
  // no lead was pending, the planner otherwise scanned every lead for the few marked ones
  // (bench:inbox: the Performance report 7.5 s at a million leads).
  version: 39,
  name: "lead_funnel_marks_sqlite",
  sqlite: `
      ALTER TABLE lead_search_pending ADD COLUMN fresh INTEGER NOT NULL DEFAULT 0;
      DROP TRIGGER IF EXISTS lead_funnel_insert;
      DROP TRIGGER IF EXISTS lead_funnel_update;
      DROP TRIGGER IF EXISTS lead_funnel_delete;
      ALTER TABLE lead_funnel_deltas RENAME TO lead_funnel_delta_log;
      DROP TRIGGER IF EXISTS lead_search_insert;
      CREATE TRIGGER lead_search_insert AFTER INSERT ON leads BEGIN
        INSERT INTO lead_search_pending (lead_rowid, fresh) VALUES (new.rowid, 1);
      END;
      CREATE TRIGGER lead_funnel_update AFTER UPDATE OF status, first_contacted_at, won_value_cents, spam, completed_by, metadata, created_at, form ON leads
        WHEN NOT ${MARKED} BEGIN
        ${sqliteDeltaLogStep("old", -1)}
        ${sqliteDeltaLogStep("new", 1)}
      END;
      CREATE TRIGGER lead_funnel_delete BEFORE DELETE ON leads WHEN NOT ${MARKED} BEGIN
        ${sqliteDeltaLogStep("old", -1)}
      END;
      CREATE VIEW lead_funnel_deltas AS
        SELECT ${DELTA_COLUMNS} FROM lead_funnel_delta_log
        UNION ALL
        SELECT ${NEW_LEAD.group}
          l.status, ${NEW_LEAD.counts}
        FROM lead_search_pending p CROSS JOIN leads l ON l.rowid = p.lead_rowid
        WHERE p.fresh = 1 AND ${NEW_LEAD.counted};
    `,
  postgres: "-- SQLite only: PostgreSQL counts new leads through their marks since migration 32.",
};
