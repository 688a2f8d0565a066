import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // PostgreSQL's search index checked its foreign key to `leads` once for every entry the
  // search indexer wrote: 2,000 lookups and key-share locks a batch, about 10 ms of the batch's
  // 50 (decision D289). The indexer writes entries only for leads its batch has locked
  // (src/leads/store/searchIndex.ts, PG_INDEX_BATCH), so no such lead can go before the entry
  // commits: the check proved nothing the lock had not. What the key also did, remove a lead's
  // entry with the lead (ON DELETE CASCADE, and TRUNCATE … CASCADE), triggers on `leads` now do.
  // A deleter at READ COMMITTED (the app's, and psql's default) that meets a batch holding the
  // lead waits for it, and the trigger's statement then sees the batch's entry and removes it; a
  // deleter at REPEATABLE READ or SERIALIZABLE would not see an entry committed after its
  // snapshot (D289). The same trigger removes the lead's search-index mark: the indexer takes
  // marks before their leads, so a mark left by a lead deleted outside the app (psql) would hold
  // a place in every batch. It fires after lead_funnel_track (triggers fire in name order), which
  // reads the mark to know whether the lead still counts through it. The marks such deletes have
  // already left go here. SQLite's lead_search is a full-text table without a key; its own delete
  // trigger (migration 11) stays.
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
      DELETE FROM lead_search_pending p WHERE NOT EXISTS (SELECT 1 FROM leads WHERE id = p.lead_id);
      CREATE FUNCTION lead_search_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          DELETE FROM lead_search;
          DELETE FROM lead_search_pending;
        ELSE
          DELETE FROM lead_search WHERE lead_id = OLD.id;
          DELETE FROM lead_search_pending WHERE lead_id = OLD.id;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER lead_search_cascade AFTER DELETE ON leads
        FOR EACH ROW EXECUTE FUNCTION lead_search_cascade();
      CREATE TRIGGER lead_search_cascade_truncate AFTER TRUNCATE ON leads
        FOR EACH STATEMENT EXECUTE FUNCTION lead_search_cascade();
    `,
};
