import type { Migration } from "./migration.ts";
import {
  PG_SEARCH_TEXT_38,
  sqlitePhone22,
  sqliteSearchDoc38,
  sqliteSearchDoc8,
} from "./searchSql.ts";

const HAS_WEBSITE = `coalesce(json_extract(leads.fields, '$."website"'), '') <> ''`;

export const migration: Migration = {
  // Two leads of the same person merged by staff (issue 39 §3, src/admin/merges.ts, D270-D272).
  // The merged lead stays, counted in the lead it was merged into as a completed growth partial
  // is: its `completed_by` names the kept lead, so the inbox, its counts, speed to lead, the
  // reminders and the report's roll-ups (whose triggers fire on completed_by) leave it out, and
  // erasing the kept lead erases it too. lead_merges remembers each merge until it is undone:
  // who and when (undo within 24 h), the fields filled on the kept lead from it (JSON
  // {name: value}; `replaced`: the blank values they replaced, as the forms store an empty
  // optional field), given back on undo while unchanged, and the set time of the follow-up
  // moved onto the kept lead (moved back on undo).
  // The inbox search finds a lead by its website (issue 39 §5): the searched text gains the
  // website when a lead has one. Only the leads with a website are re-indexed: on SQLite their
  // entry is removed with the text it was indexed with and queued again (lead_search_pending),
  // and the triggers remove entries with the new text; on PostgreSQL their text is rewritten in
  // place. Leads without a website keep the very text they had.
  version: 38,
  name: "lead_merges_search_website",
  sqlite: `
      CREATE TABLE IF NOT EXISTS lead_merges (
        merged_id TEXT PRIMARY KEY REFERENCES leads (id),
        kept_id TEXT NOT NULL REFERENCES leads (id),
        merged_at TEXT NOT NULL,
        merged_by TEXT,
        filled TEXT NOT NULL DEFAULT '{}',
        replaced TEXT NOT NULL DEFAULT '{}',
        follow_up_set_at TEXT
      ) STRICT;
      CREATE INDEX IF NOT EXISTS lead_merges_kept ON lead_merges (kept_id, merged_at);
      DROP TRIGGER IF EXISTS lead_search_update;
      DROP TRIGGER IF EXISTS lead_search_delete;
      INSERT INTO lead_search (lead_search, rowid, lead_id, doc, phone)
        SELECT 'delete', leads.rowid, leads.id, ${sqliteSearchDoc8("leads")}, ${sqlitePhone22("leads")}
        FROM leads
        WHERE ${HAS_WEBSITE}
          AND NOT EXISTS (SELECT 1 FROM lead_search_pending WHERE lead_rowid = leads.rowid);
      INSERT OR IGNORE INTO lead_search_pending (lead_rowid)
        SELECT rowid FROM leads WHERE ${HAS_WEBSITE};
      CREATE TRIGGER lead_search_update AFTER UPDATE OF fields ON leads BEGIN
        INSERT INTO lead_search (lead_search, rowid, lead_id, doc, phone)
          SELECT 'delete', old.rowid, old.id, ${sqliteSearchDoc38("old")}, ${sqlitePhone22("old")}
          WHERE NOT EXISTS (SELECT 1 FROM lead_search_pending WHERE lead_rowid = old.rowid);
        INSERT OR IGNORE INTO lead_search_pending (lead_rowid) VALUES (new.rowid);
      END;
      CREATE TRIGGER lead_search_delete AFTER DELETE ON leads BEGIN
        INSERT INTO lead_search (lead_search, rowid, lead_id, doc, phone)
          SELECT 'delete', old.rowid, old.id, ${sqliteSearchDoc38("old")}, ${sqlitePhone22("old")}
          WHERE NOT EXISTS (SELECT 1 FROM lead_search_pending WHERE lead_rowid = old.rowid);
        DELETE FROM lead_search_pending WHERE lead_rowid = old.rowid;
      END;
    `,
  postgres: `
      CREATE TABLE IF NOT EXISTS lead_merges (
        merged_id text PRIMARY KEY REFERENCES leads (id),
        kept_id text NOT NULL REFERENCES leads (id),
        merged_at timestamptz NOT NULL,
        merged_by text,
        filled text NOT NULL DEFAULT '{}',
        replaced text NOT NULL DEFAULT '{}',
        follow_up_set_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS lead_merges_kept ON lead_merges (kept_id, merged_at);
      UPDATE lead_search SET doc = ${PG_SEARCH_TEXT_38}
        FROM leads WHERE leads.id = lead_search.lead_id
          AND coalesce(leads.fields->>'website', '') <> '';
    `,
};
