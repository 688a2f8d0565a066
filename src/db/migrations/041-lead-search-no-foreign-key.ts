import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // PostgreSQL's search index checked its foreign key to `leads` once for every entry the
  // search indexer wrote: 2,000 lookups and key-share locks a batch, about 8 ms of the batch's
  // 50 (decision D289). The indexer writes entries only for leads its batch has locked
  // (src/leads/store/searchIndex.ts, PG_INDEX_BATCH), so no such lead can go before the
  // entry commits: the check proved nothing the lock had not. What the key also did, remove a
  // lead's entry when the lead is deleted (ON DELETE CASCADE), a trigger on `leads` now does, for
  // every deleter (the erasure, psql). An AFTER trigger's statement reads what committed before
  // it ran: a batch that held the lead when the delete began has committed by then, so its entry
  // goes too. SQLite's lead_search is a full-text table without a key; its own delete trigger
  // (migration 11) stays.
  version: 41,
  name: "lead_search_no_foreign_key",
  sqlite: "-- PostgreSQL only: SQLite's lead_search has no foreign key.",
  postgres: `
      DO $$
      DECLARE fk text;
      BEGIN
        FOR fk IN SELECT conname FROM pg_constraint
                  WHERE conrelid = 'lead_search'::regclass AND contype = 'f'
        LOOP
          EXECUTE format('ALTER TABLE lead_search DROP CONSTRAINT %I', fk);
        END LOOP;
      END $$;
      CREATE FUNCTION lead_search_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM lead_search WHERE lead_id = OLD.id;
        RETURN NULL;
      END $$;
      CREATE TRIGGER lead_search_cascade AFTER DELETE ON leads
        FOR EACH ROW EXECUTE FUNCTION lead_search_cascade();
    `,
};
