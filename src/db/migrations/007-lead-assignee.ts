import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // Assigning a lead to a staff member (the inbox's lead page; NULL: nobody yet).
  version: 7,
  name: "lead_assignee",
  sqlite: `
      ALTER TABLE leads ADD COLUMN assignee_id TEXT;
      CREATE INDEX IF NOT EXISTS leads_assignee ON leads (assignee_id, created_at);
    `,
  postgres: `
      ALTER TABLE leads ADD COLUMN IF NOT EXISTS assignee_id text;
      CREATE INDEX IF NOT EXISTS leads_assignee ON leads (assignee_id, created_at);
    `,
};
