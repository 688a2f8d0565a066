/**
 * Versioned schema migrations shared by both databases: one list, the same versions and the same
 * tables, one file per version (./NNN-name.ts) with each dialect's SQL side by side. A migration
 * runs once, inside a transaction that also records its version in `schema_migrations` (the
 * runner: ../migrate.ts), so running them again is a no-op. Add a migration as the next file and
 * list it here; never edit one that has shipped (its helpers are frozen beside it: ./funnelSql.ts,
 * ./searchSql.ts). Version 28 was never shipped.
 */
import { migration as m001 } from "./001-create-leads.ts";
import { migration as m002 } from "./002-create-outbox.ts";
import { migration as m003 } from "./003-link-completed-partials.ts";
import { migration as m004 } from "./004-create-staff-sessions-audit.ts";
import { migration as m005 } from "./005-lead-pipeline.ts";
import { migration as m006 } from "./006-lead-contact-indexes.ts";
import { migration as m007 } from "./007-lead-assignee.ts";
import { migration as m008 } from "./008-lead-search-index.ts";
import { migration as m009 } from "./009-staff-passkeys.ts";
import { migration as m010 } from "./010-speed-to-lead.ts";
import { migration as m011 } from "./011-lead-search-pending.ts";
import { migration as m012 } from "./012-outbox-checklist-channel.ts";
import { migration as m013 } from "./013-analytics.ts";
import { migration as m014 } from "./014-maintenance-runs.ts";
import { migration as m015 } from "./015-staff-hardening.ts";
import { migration as m016 } from "./016-lead-search-secure-delete.ts";
import { migration as m017 } from "./017-audit-jobs.ts";
import { migration as m018 } from "./018-staff-email-changes.ts";
import { migration as m019 } from "./019-lead-event-calls.ts";
import { migration as m020 } from "./020-audit-agency-email.ts";
import { migration as m021 } from "./021-lead-follow-ups.ts";
import { migration as m022 } from "./022-lead-search-phone-digits.ts";
import { migration as m023 } from "./023-lead-emails.ts";
import { migration as m024 } from "./024-lead-tags.ts";
import { migration as m025 } from "./025-saved-views.ts";
import { migration as m026 } from "./026-lead-won-value-note-edits-funnel.ts";
import { migration as m027 } from "./027-report-agency-days.ts";
import { migration as m029 } from "./029-lead-funnel-deltas.ts";
import { migration as m030 } from "./030-audit-jobs-fair-queue.ts";
import { migration as m031 } from "./031-lead-funnel-delta-log.ts";
import { migration as m032 } from "./032-lead-funnel-pending.ts";
import { migration as m033 } from "./033-bookings-confirmations.ts";
import { migration as m034 } from "./034-agency-settings.ts";
import { migration as m035 } from "./035-analytics-events-at.ts";
import { migration as m036 } from "./036-audit-competitors.ts";
import { migration as m037 } from "./037-staff-totp.ts";
import { migration as m038 } from "./038-lead-merges-search-website.ts";
import { migration as m039 } from "./039-lead-funnel-marks-sqlite.ts";
import { migration as m040 } from "./040-lead-funnel-deltas-planned-once.ts";
import { migration as m041 } from "./041-lead-search-no-foreign-key.ts";
import type { DatabaseSync } from "node:sqlite";
import type { Migration } from "./migration.ts";

export type { Migration } from "./migration.ts";

/** Every migration, in order. */
export const migrations: readonly Migration[] = [
  m001,
  m002,
  m003,
  m004,
  m005,
  m006,
  m007,
  m008,
  m009,
  m010,
  m011,
  m012,
  m013,
  m014,
  m015,
  m016,
  m017,
  m018,
  m019,
  m020,
  m021,
  m022,
  m023,
  m024,
  m025,
  m026,
  m027,
  m029,
  m030,
  m031,
  m032,
  m033,
  m034,
  m035,
  m036,
  m037,
  m038,
  m039,
  m040,
  m041,
];

/** The DDL of the bookkeeping table, the same in both dialects. */
export const migrationsTableSql = `
  CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`;

/** The migrations not in `applied`, in order. */
export function pendingMigrations(applied: Iterable<number>): Migration[] {
  const done = new Set(applied);
  return migrations.filter((m) => !done.has(m.version)).sort((a, b) => a.version - b.version);
}

/**
 * Runs `list` on the SQLite database `db` in order, inside the caller's transaction, calling
 * `applied` after each. Defensive mode (node:sqlite's default) is off meanwhile: migration 16
 * must drop a shadow table SQLite leaves behind, which defensive mode refuses on this connection.
 */
export function applySqliteMigrations(
  db: DatabaseSync,
  list: readonly Migration[],
  applied: (m: Migration) => void = () => {},
): void {
  db.enableDefensive(false);
  try {
    for (const m of list) {
      db.exec(m.sqlite);
      applied(m);
    }
  } finally {
    db.enableDefensive(true);
  }
}
