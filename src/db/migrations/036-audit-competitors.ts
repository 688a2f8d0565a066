import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // Competitors beside a website check (issue 38, src/audit/competitors.ts, decisions D258-D260):
  // a competitor's check is an ordinary row of audit_jobs, queued, claimed, paced and capped like
  // any other, with \`competitor_of\` naming the prospect's check it stands beside (lead_id stays
  // NULL, so a lead's newest check, its score and its emails are never a competitor's),
  // \`label\` the name staff gave it ('Green Acres'; NULL: its site's), and \`removed_at\` when
  // staff took it off. \`show_competitors\`, on the prospect's check, is the 'show on the
  // prospect's report' toggle (off by default: staff pages always show them). Added columns only:
  // nothing is copied.
  version: 36,
  name: "audit_competitors",
  sqlite: `
      ALTER TABLE audit_jobs ADD COLUMN competitor_of TEXT;
      ALTER TABLE audit_jobs ADD COLUMN label TEXT;
      ALTER TABLE audit_jobs ADD COLUMN removed_at TEXT;
      ALTER TABLE audit_jobs ADD COLUMN show_competitors INTEGER NOT NULL DEFAULT 0
        CHECK (show_competitors IN (0, 1));
      CREATE INDEX IF NOT EXISTS audit_jobs_competitor ON audit_jobs (competitor_of, created_at)
        WHERE competitor_of IS NOT NULL;
    `,
  postgres: `
      ALTER TABLE audit_jobs ADD COLUMN IF NOT EXISTS competitor_of text;
      ALTER TABLE audit_jobs ADD COLUMN IF NOT EXISTS label text;
      ALTER TABLE audit_jobs ADD COLUMN IF NOT EXISTS removed_at timestamptz;
      ALTER TABLE audit_jobs ADD COLUMN IF NOT EXISTS show_competitors boolean NOT NULL DEFAULT false;
      CREATE INDEX IF NOT EXISTS audit_jobs_competitor ON audit_jobs (competitor_of, created_at)
        WHERE competitor_of IS NOT NULL;
    `,
};
