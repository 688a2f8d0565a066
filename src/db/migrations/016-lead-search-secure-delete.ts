import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // Erasure that erases (issue 23). Migration 8's index was a contentless_delete FTS5 table:
  // deleting a lead only added a tombstone, and the erased lead's terms stayed in the index's
  // segments until some later merge. The index becomes a plain contentless table with FTS5's
  // 'secure-delete' option: a lead leaving the index is removed with FTS5's 'delete' command,
  // given the text it was indexed with (computed from the old row, exactly as
  // src/leads/store/searchIndex.ts indexes it; a change to the searched fields needs a
  // migration that rebuilds the index), and its entries are taken out of the segments at once.
  // The index is refilled in batches: every lead is noted as pending (searchIndex.ts). With
  // PRAGMA secure_delete (every connection, src/leads/store/sqlite.ts) the freed bytes are
  // zeroed. PostgreSQL has nothing to change: erasure vacuums instead (AdminStore.forgetErased).
  version: 16,
  name: "lead_search_secure_delete",
  sqlite: `
      DROP TRIGGER IF EXISTS lead_search_update;
      DROP TRIGGER IF EXISTS lead_search_delete;
      DROP TABLE IF EXISTS lead_search;
      -- SQLite leaves this shadow table of a contentless_unindexed table behind on DROP, and
      -- only lets it go with defensive mode off (applySqliteMigrations).
      DROP TABLE IF EXISTS lead_search_content;
      CREATE VIRTUAL TABLE lead_search USING fts5 (
        lead_id UNINDEXED, doc, phone,
        tokenize = 'trigram', content = '', contentless_unindexed = 1
      );
      INSERT INTO lead_search (lead_search, rank) VALUES ('secure-delete', 1);
      INSERT OR IGNORE INTO lead_search_pending (lead_rowid) SELECT rowid FROM leads;
      CREATE TRIGGER lead_search_update AFTER UPDATE OF fields ON leads BEGIN
        INSERT INTO lead_search (lead_search, rowid, lead_id, doc, phone)
          SELECT 'delete', old.rowid, old.id, coalesce(json_extract(old.fields, '$."name"'), '') || ' ' || coalesce(json_extract(old.fields, '$."full-name"'), '') || ' ' || coalesce(json_extract(old.fields, '$."ownerName"'), '') || ' ' || coalesce(json_extract(old.fields, '$."email"'), '') || ' ' || coalesce(json_extract(old.fields, '$."company"'), '') || ' ' || coalesce(json_extract(old.fields, '$."companyName"'), '') || ' ' || coalesce(json_extract(old.fields, '$."message"'), ''), replace(coalesce(json_extract(old.fields, '$.phone'), ''), '+', '')
          WHERE NOT EXISTS (SELECT 1 FROM lead_search_pending WHERE lead_rowid = old.rowid);
        INSERT OR IGNORE INTO lead_search_pending (lead_rowid) VALUES (new.rowid);
      END;
      CREATE TRIGGER lead_search_delete AFTER DELETE ON leads BEGIN
        INSERT INTO lead_search (lead_search, rowid, lead_id, doc, phone)
          SELECT 'delete', old.rowid, old.id, coalesce(json_extract(old.fields, '$."name"'), '') || ' ' || coalesce(json_extract(old.fields, '$."full-name"'), '') || ' ' || coalesce(json_extract(old.fields, '$."ownerName"'), '') || ' ' || coalesce(json_extract(old.fields, '$."email"'), '') || ' ' || coalesce(json_extract(old.fields, '$."company"'), '') || ' ' || coalesce(json_extract(old.fields, '$."companyName"'), '') || ' ' || coalesce(json_extract(old.fields, '$."message"'), ''), replace(coalesce(json_extract(old.fields, '$.phone'), ''), '+', '')
          WHERE NOT EXISTS (SELECT 1 FROM lead_search_pending WHERE lead_rowid = old.rowid);
        DELETE FROM lead_search_pending WHERE lead_rowid = old.rowid;
      END;
    `,
  postgres: `SELECT 1;`,
};
