import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // Phone search in any common form (issue 27): the index holds the phone's digits without the
  // punctuation of "(512) 555-0142" or "512.555.0142" (older leads kept the number as typed;
  // since issue 12 it is stored as E.164), so a number typed in one form finds it stored in
  // another (src/admin/search.ts). Only the leads whose indexed phone changes are re-indexed:
  // on SQLite their entry is removed with the old values and queued again (lead_search_pending,
  // migration 11), and the triggers remove entries with the new expression; on PostgreSQL the
  // indexed phone is rewritten in place. Both read every lead once, no index is rebuilt.
  version: 22,
  name: "lead_search_phone_digits",
  sqlite: `
      DROP TRIGGER IF EXISTS lead_search_update;
      DROP TRIGGER IF EXISTS lead_search_delete;
      INSERT INTO lead_search (lead_search, rowid, lead_id, doc, phone)
        SELECT 'delete', leads.rowid, leads.id, coalesce(json_extract(leads.fields, '$."name"'), '') || ' ' || coalesce(json_extract(leads.fields, '$."full-name"'), '') || ' ' || coalesce(json_extract(leads.fields, '$."ownerName"'), '') || ' ' || coalesce(json_extract(leads.fields, '$."email"'), '') || ' ' || coalesce(json_extract(leads.fields, '$."company"'), '') || ' ' || coalesce(json_extract(leads.fields, '$."companyName"'), '') || ' ' || coalesce(json_extract(leads.fields, '$."message"'), ''), replace(coalesce(json_extract(leads.fields, '$.phone'), ''), '+', '')
        FROM leads
        WHERE replace(coalesce(json_extract(leads.fields, '$.phone'), ''), '+', '') <> replace(replace(replace(replace(replace(replace(coalesce(json_extract(leads.fields, '$.phone'), ''), '+', ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', '')
          AND NOT EXISTS (SELECT 1 FROM lead_search_pending WHERE lead_rowid = leads.rowid);
      INSERT OR IGNORE INTO lead_search_pending (lead_rowid)
        SELECT rowid FROM leads WHERE replace(coalesce(json_extract(leads.fields, '$.phone'), ''), '+', '') <> replace(replace(replace(replace(replace(replace(coalesce(json_extract(leads.fields, '$.phone'), ''), '+', ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', '');
      CREATE TRIGGER lead_search_update AFTER UPDATE OF fields ON leads BEGIN
        INSERT INTO lead_search (lead_search, rowid, lead_id, doc, phone)
          SELECT 'delete', old.rowid, old.id, coalesce(json_extract(old.fields, '$."name"'), '') || ' ' || coalesce(json_extract(old.fields, '$."full-name"'), '') || ' ' || coalesce(json_extract(old.fields, '$."ownerName"'), '') || ' ' || coalesce(json_extract(old.fields, '$."email"'), '') || ' ' || coalesce(json_extract(old.fields, '$."company"'), '') || ' ' || coalesce(json_extract(old.fields, '$."companyName"'), '') || ' ' || coalesce(json_extract(old.fields, '$."message"'), ''), replace(replace(replace(replace(replace(replace(coalesce(json_extract(old.fields, '$.phone'), ''), '+', ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', '')
          WHERE NOT EXISTS (SELECT 1 FROM lead_search_pending WHERE lead_rowid = old.rowid);
        INSERT OR IGNORE INTO lead_search_pending (lead_rowid) VALUES (new.rowid);
      END;
      CREATE TRIGGER lead_search_delete AFTER DELETE ON leads BEGIN
        INSERT INTO lead_search (lead_search, rowid, lead_id, doc, phone)
          SELECT 'delete', old.rowid, old.id, coalesce(json_extract(old.fields, '$."name"'), '') || ' ' || coalesce(json_extract(old.fields, '$."full-name"'), '') || ' ' || coalesce(json_extract(old.fields, '$."ownerName"'), '') || ' ' || coalesce(json_extract(old.fields, '$."email"'), '') || ' ' || coalesce(json_extract(old.fields, '$."company"'), '') || ' ' || coalesce(json_extract(old.fields, '$."companyName"'), '') || ' ' || coalesce(json_extract(old.fields, '$."message"'), ''), replace(replace(replace(replace(replace(replace(coalesce(json_extract(old.fields, '$.phone'), ''), '+', ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', '')
          WHERE NOT EXISTS (SELECT 1 FROM lead_search_pending WHERE lead_rowid = old.rowid);
        DELETE FROM lead_search_pending WHERE lead_rowid = old.rowid;
      END;
    `,
  postgres: `
      UPDATE lead_search SET phone = translate(phone, ' -().', '')
        WHERE phone <> translate(phone, ' -().', '');
    `,
};
