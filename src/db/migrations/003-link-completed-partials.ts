import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // A growth_partial (step 1 of the growth form) is marked with the id of the growth lead that
  // completed it, in that lead's transaction (../partials.ts); NULL while nobody has.
  version: 3,
  name: "link_completed_partials",
  sqlite: `
      ALTER TABLE leads ADD COLUMN completed_by TEXT REFERENCES leads (id);
    `,
  postgres: `
      ALTER TABLE leads ADD COLUMN IF NOT EXISTS completed_by text REFERENCES leads (id);
    `,
};
