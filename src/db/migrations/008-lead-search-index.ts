import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // The inbox search (src/admin/search.ts) as an index lookup at a million leads. SQLite: a
  // contentless FTS5 table with the trigram tokenizer (substring matches, case-folded), one row
  // per lead under the lead's rowid, kept in step by triggers; it holds the searched text only
  // as an index, plus the lead's id. PostgreSQL: pg_trgm GIN indexes on exactly the expressions
  // the search compares (created in the schema pg_trgm lives in; without the extension, or the
  // right to create it, the search stays a scan and the server still starts). The searched
  // fields are written out here, not imported: a migration must not change after release.
  version: 8,
  name: "lead_search_index",
  sqlite: `
      CREATE VIRTUAL TABLE lead_search USING fts5 (
        lead_id UNINDEXED, doc, phone,
        tokenize = 'trigram', content = '', contentless_delete = 1, contentless_unindexed = 1
      );
      INSERT INTO lead_search (rowid, lead_id, doc, phone)
        SELECT rowid, id, coalesce(json_extract(leads.fields, '$."name"'), '') || ' ' || coalesce(json_extract(leads.fields, '$."full-name"'), '') || ' ' || coalesce(json_extract(leads.fields, '$."ownerName"'), '') || ' ' || coalesce(json_extract(leads.fields, '$."email"'), '') || ' ' || coalesce(json_extract(leads.fields, '$."company"'), '') || ' ' || coalesce(json_extract(leads.fields, '$."companyName"'), '') || ' ' || coalesce(json_extract(leads.fields, '$."message"'), ''),
               replace(coalesce(json_extract(leads.fields, '$.phone'), ''), '+', '')
        FROM leads;
      CREATE TRIGGER lead_search_insert AFTER INSERT ON leads BEGIN
        INSERT INTO lead_search (rowid, lead_id, doc, phone)
        VALUES (new.rowid, new.id, coalesce(json_extract(new.fields, '$."name"'), '') || ' ' || coalesce(json_extract(new.fields, '$."full-name"'), '') || ' ' || coalesce(json_extract(new.fields, '$."ownerName"'), '') || ' ' || coalesce(json_extract(new.fields, '$."email"'), '') || ' ' || coalesce(json_extract(new.fields, '$."company"'), '') || ' ' || coalesce(json_extract(new.fields, '$."companyName"'), '') || ' ' || coalesce(json_extract(new.fields, '$."message"'), ''),
                replace(coalesce(json_extract(new.fields, '$.phone'), ''), '+', ''));
      END;
      CREATE TRIGGER lead_search_update AFTER UPDATE OF fields ON leads BEGIN
        DELETE FROM lead_search WHERE rowid = old.rowid;
        INSERT INTO lead_search (rowid, lead_id, doc, phone)
        VALUES (new.rowid, new.id, coalesce(json_extract(new.fields, '$."name"'), '') || ' ' || coalesce(json_extract(new.fields, '$."full-name"'), '') || ' ' || coalesce(json_extract(new.fields, '$."ownerName"'), '') || ' ' || coalesce(json_extract(new.fields, '$."email"'), '') || ' ' || coalesce(json_extract(new.fields, '$."company"'), '') || ' ' || coalesce(json_extract(new.fields, '$."companyName"'), '') || ' ' || coalesce(json_extract(new.fields, '$."message"'), ''),
                replace(coalesce(json_extract(new.fields, '$.phone'), ''), '+', ''));
      END;
      CREATE TRIGGER lead_search_delete AFTER DELETE ON leads BEGIN
        DELETE FROM lead_search WHERE rowid = old.rowid;
      END;
    `,
  postgres: `
      DO $$
      BEGIN
        CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
      EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
        RAISE WARNING 'pg_trgm is not available (%): the inbox search stays a scan', SQLERRM;
      END $$;
      DO $$
      DECLARE trgm text := (SELECT extnamespace::regnamespace::text FROM pg_extension
                            WHERE extname = 'pg_trgm');
      BEGIN
        IF trgm IS NOT NULL THEN
          EXECUTE format(
            'CREATE INDEX IF NOT EXISTS leads_search ON leads USING gin ((%s) %s.gin_trgm_ops)',
            $q$lower(coalesce(fields->>'name', '') || ' ' || coalesce(fields->>'full-name', '') || ' ' || coalesce(fields->>'ownerName', '') || ' ' || coalesce(fields->>'email', '') || ' ' || coalesce(fields->>'company', '') || ' ' || coalesce(fields->>'companyName', '') || ' ' || coalesce(fields->>'message', ''))$q$, trgm);
          EXECUTE format(
            'CREATE INDEX IF NOT EXISTS leads_search_phone ON leads USING gin ((%s) %s.gin_trgm_ops)',
            $q$replace(coalesce(fields->>'phone', ''), '+', '')$q$, trgm);
        END IF;
      END $$;
    `,
};
