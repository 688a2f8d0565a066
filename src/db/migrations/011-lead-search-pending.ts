import type { Migration } from "./migration.ts";
import { PG_SEARCH_TEXT, PG_SEARCH_PHONE } from "./searchSql.ts";

export const migration: Migration = {
  // Search indexing in batches (src/leads/store/searchIndex.ts), off the intake path: keeping
  // the trigram indexes up to date with every insert cost intake 40% of its throughput on
  // SQLite (an FTS5 segment per commit) and 10-20% on PostgreSQL (two GIN indexes on leads).
  // An insert now only notes the lead as pending; the index is filled many leads at a time.
  // SQLite: triggers note the rowid (a change or erase of a pending lead touches only the
  // note). PostgreSQL: the searched text moves to its own table, `lead_search` (erased with its
  // lead), whose GIN indexes replace migration 8's on leads; the insert notes the lead's id in
  // the same statement (src/leads/store/postgres.ts), and a search also reads the pending
  // leads, so it never misses one.
  version: 11,
  name: "lead_search_pending",
  sqlite: `
      CREATE TABLE IF NOT EXISTS lead_search_pending (lead_rowid INTEGER PRIMARY KEY) STRICT;
      DROP TRIGGER IF EXISTS lead_search_insert;
      DROP TRIGGER IF EXISTS lead_search_update;
      DROP TRIGGER IF EXISTS lead_search_delete;
      CREATE TRIGGER lead_search_insert AFTER INSERT ON leads BEGIN
        INSERT INTO lead_search_pending (lead_rowid) VALUES (new.rowid);
      END;
      CREATE TRIGGER lead_search_update AFTER UPDATE OF fields ON leads BEGIN
        DELETE FROM lead_search WHERE rowid = old.rowid
          AND NOT EXISTS (SELECT 1 FROM lead_search_pending WHERE lead_rowid = old.rowid);
        INSERT OR IGNORE INTO lead_search_pending (lead_rowid) VALUES (new.rowid);
      END;
      CREATE TRIGGER lead_search_delete AFTER DELETE ON leads BEGIN
        DELETE FROM lead_search WHERE rowid = old.rowid
          AND NOT EXISTS (SELECT 1 FROM lead_search_pending WHERE lead_rowid = old.rowid);
        DELETE FROM lead_search_pending WHERE lead_rowid = old.rowid;
      END;
    `,
  postgres: `
      CREATE TABLE IF NOT EXISTS lead_search (
        lead_id text PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
        doc text NOT NULL,
        phone text NOT NULL
      );
      CREATE TABLE IF NOT EXISTS lead_search_pending (lead_id text PRIMARY KEY);
      INSERT INTO lead_search (lead_id, doc, phone)
        SELECT id, ${PG_SEARCH_TEXT}, ${PG_SEARCH_PHONE} FROM leads
        ON CONFLICT (lead_id) DO NOTHING;
      DROP INDEX IF EXISTS leads_search;
      DROP INDEX IF EXISTS leads_search_phone;
      DO $$
      DECLARE trgm text := (SELECT extnamespace::regnamespace::text FROM pg_extension
                            WHERE extname = 'pg_trgm');
      BEGIN
        IF trgm IS NOT NULL THEN
          EXECUTE format(
            'CREATE INDEX IF NOT EXISTS lead_search_doc ON lead_search USING gin (doc %s.gin_trgm_ops)',
            trgm);
          EXECUTE format(
            'CREATE INDEX IF NOT EXISTS lead_search_phone ON lead_search USING gin (phone %s.gin_trgm_ops)',
            trgm);
        END IF;
      END $$;
    `,
};
