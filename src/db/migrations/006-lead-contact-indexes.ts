import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // Repeat visitors (the inbox links a lead to earlier ones with the same email or phone):
  // expression indexes, so the lookup stays an index probe at a million leads.
  version: 6,
  name: "lead_contact_indexes",
  sqlite: `
      CREATE INDEX IF NOT EXISTS leads_email ON leads (lower(json_extract(fields, '$.email')));
      CREATE INDEX IF NOT EXISTS leads_phone ON leads (json_extract(fields, '$.phone'));
    `,
  postgres: `
      CREATE INDEX IF NOT EXISTS leads_email ON leads (lower(fields->>'email'));
      CREATE INDEX IF NOT EXISTS leads_phone ON leads ((fields->>'phone'));
    `,
};
