/**
 * Versioned schema migrations shared by both adapters: one list, the same versions and the same
 * tables, with each dialect's SQL side by side. A migration runs once, inside a transaction that
 * also records its version in `schema_migrations`, so running them again is a no-op.
 * Add a migration by appending the next version; never edit one that has shipped.
 */
import type { DatabaseSync } from "node:sqlite";
import { PG_SEARCH_PHONE, PG_SEARCH_TEXT } from "../searchIndex.ts";

export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}

/** lead_funnel's key (migration 26): a day of arrival and everything a lead came by. */
export const FUNNEL_KEY = "day, form, page, campaign, utm_source, utm_medium, referrer, counted";
/** lead_funnel's columns: the key, then the counts. */
export const FUNNEL_COLUMNS = `${FUNNEL_KEY}, leads, contacted, won, won_cents`;
/** The roll-ups' upserts (migration 26, and the fold of migration 29's deltas): counts add up. */
export const FUNNEL_UPSERT = `ON CONFLICT (${FUNNEL_KEY})
          DO UPDATE SET leads = lead_funnel.leads + excluded.leads,
          contacted = lead_funnel.contacted + excluded.contacted,
          won = lead_funnel.won + excluded.won, won_cents = lead_funnel.won_cents + excluded.won_cents`;
export const STAGES_UPSERT =
  "ON CONFLICT (day, status) DO UPDATE SET leads = lead_stages.leads + excluded.leads";

/**
 * What one lead (`new` or `old`) adds to (sign 1) or takes from (sign -1) the roll-ups, on SQLite:
 * its group (day, form, page, campaign, utm source and medium, referrer, counted visit), its
 * counts (leads, contacted, won, won value) and the condition under which it counts at all.
 * Migrations 26-27 upsert it into lead_funnel, migration 29 appends it to lead_funnel_deltas.
 */
function sqliteLeadFunnel(row: "new" | "old", sign: 1 | -1, day: string) {
  const meta = (path: string) => `coalesce(json_extract(${row}.metadata, '$.${path}'), '')`;
  const minus = sign < 0 ? "-" : "";
  return {
    group: `${day}, ${row}.form, ${meta("page")},
          ${meta("utm.utm_campaign")}, ${meta("utm.utm_source")}, ${meta("utm.utm_medium")},
          ${meta("referrer")},
          CASE WHEN json_extract(${row}.metadata, '$.landingPage') IS NOT NULL
                AND json_extract(${row}.metadata, '$.gpc') IS NULL THEN 1 ELSE 0 END,`,
    counts: `${sign}, CASE WHEN ${row}.first_contacted_at IS NULL THEN 0 ELSE ${sign} END,
          CASE WHEN ${row}.status = 'won' THEN ${sign} ELSE 0 END,
          CASE WHEN ${row}.status = 'won' THEN ${minus}coalesce(${row}.won_value_cents, 0) ELSE 0 END`,
    counted: `${row}.spam = 0 AND ${row}.completed_by IS NULL`,
  };
}

/** The same on PostgreSQL (`OLD` or `NEW`); the trigger function tests spam and partials itself. */
function postgresLeadFunnel(row: "OLD" | "NEW", sign: 1 | -1, day: string) {
  const minus = sign < 0 ? "-" : "";
  return {
    group: `${day}, ${row}.form,
          coalesce(${row}.metadata->>'page', ''), coalesce(${row}.metadata->'utm'->>'utm_campaign', ''),
          coalesce(${row}.metadata->'utm'->>'utm_source', ''),
          coalesce(${row}.metadata->'utm'->>'utm_medium', ''), coalesce(${row}.metadata->>'referrer', ''),
          CASE WHEN ${row}.metadata->>'landingPage' IS NOT NULL AND ${row}.metadata->>'gpc' IS NULL
               THEN 1 ELSE 0 END,`,
    counts: `${sign}, CASE WHEN ${row}.first_contacted_at IS NULL THEN 0 ELSE ${sign} END,
          CASE WHEN ${row}.status = 'won' THEN ${sign} ELSE 0 END,
          CASE WHEN ${row}.status = 'won' THEN ${minus}coalesce(${row}.won_value_cents, 0) ELSE 0 END`,
  };
}

/**
 * Migration 26's SQLite trigger step: one lead (`new` or `old`) added to (sign 1) or taken from
 * (sign -1) its group of lead_funnel and its day and status of lead_stages.
 */
function sqliteFunnelStep(
  row: "new" | "old",
  sign: 1 | -1,
  day: string = `substr(${row}.created_at, 1, 10)`,
): string {
  const { group, counts, counted } = sqliteLeadFunnel(row, sign, day);
  return `INSERT INTO lead_funnel (${FUNNEL_COLUMNS})
        SELECT ${group}
          ${counts}
        WHERE ${counted}
        ${FUNNEL_UPSERT};
        INSERT INTO lead_stages (day, status, leads)
        SELECT ${day}, ${row}.status, ${sign}
        WHERE ${counted}
        ${STAGES_UPSERT};`;
}

/** The same step in migration 26's PostgreSQL trigger function (`OLD` or `NEW`). */
function postgresFunnelStep(
  row: "OLD" | "NEW",
  sign: 1 | -1,
  day: string = `to_char(${row}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
): string {
  const { group, counts } = postgresLeadFunnel(row, sign, day);
  return `INSERT INTO lead_funnel (${FUNNEL_COLUMNS})
          VALUES (${group}
          ${counts})
          ${FUNNEL_UPSERT};
          INSERT INTO lead_stages (day, status, leads) VALUES (${day}, ${row}.status, ${sign})
          ${STAGES_UPSERT};`;
}

/** Migration 29's append-only log of the roll-ups' changes: its columns, in order. */
const DELTA_COLUMNS =
  "day, form, page, campaign, utm_source, utm_medium, referrer, counted, status, leads, contacted, won, won_cents";

/**
 * Migration 29's SQLite trigger step (decision D208): one lead (`new` or `old`) added to (sign 1)
 * or taken from (sign -1) the roll-ups as one row appended to lead_funnel_deltas, which
 * src/leads/store/funnelFold.ts folds into lead_funnel and lead_stages later: no upsert of a row
 * every concurrent insert shares.
 */
function sqliteDeltaStep(row: "new" | "old", sign: 1 | -1, day: string): string {
  const { group, counts, counted } = sqliteLeadFunnel(row, sign, day);
  return `INSERT INTO lead_funnel_deltas (${DELTA_COLUMNS})
        SELECT ${group}
          ${row}.status,
          ${counts}
        WHERE ${counted};`;
}

/** The same step in migration 29's PostgreSQL trigger function (`OLD` or `NEW`). */
function postgresDeltaStep(row: "OLD" | "NEW", sign: 1 | -1, day: string): string {
  const { group, counts } = postgresLeadFunnel(row, sign, day);
  return `INSERT INTO lead_funnel_deltas (${DELTA_COLUMNS})
          VALUES (${group}
          ${row}.status,
          ${counts});`;
}
/** A lead's UTC day of arrival (migration 26), from `leads.created_at` as each dialect stores it. */
const SQLITE_UTC_DAY = "substr(leads.created_at, 1, 10)";
const POSTGRES_UTC_DAY = "to_char(leads.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')";

/**
 * The day of arrival on the agency's clock (migration 27, decision D201) of the moment `at`: the
 * date `at` shows once the offset in force then (the last `agency_offsets` row starting at or
 * before it: one index lookup) is added. Outside the rows' range (none before it, the closing row
 * after it has no offset) the UTC day. The rows are the app's (src/leads/store/agencyClock.ts).
 */
export const sqliteAgencyDay = (at: string) =>
  `coalesce(date(${at}, (SELECT minutes || ' minutes' FROM agency_offsets
     WHERE starts_at <= ${at} ORDER BY starts_at DESC LIMIT 1)), substr(${at}, 1, 10))`;
export const postgresAgencyDay = (at: string) =>
  `coalesce(to_char((${at} AT TIME ZONE 'UTC') + make_interval(mins => (SELECT minutes FROM agency_offsets
     WHERE starts_at <= ${at} ORDER BY starts_at DESC LIMIT 1)), 'YYYY-MM-DD'),
     to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD'))`;

/**
 * lead_funnel and lead_stages filled from every lead (not spam, not a completed partial) in one
 * GROUP BY each, `day` the day of arrival over `leads.created_at`: migration 26 with UTC days,
 * and src/leads/store/agencyClock.ts again with the agency's whenever its offsets change.
 */
export function sqliteFunnelFill(day: string): string {
  return `
      INSERT INTO lead_funnel (day, form, page, campaign, utm_source, utm_medium, referrer, counted, leads, contacted, won, won_cents)
        SELECT ${day}, leads.form,
          coalesce(json_extract(leads.metadata, '$.page'), ''),
          coalesce(json_extract(leads.metadata, '$.utm.utm_campaign'), ''),
          coalesce(json_extract(leads.metadata, '$.utm.utm_source'), ''),
          coalesce(json_extract(leads.metadata, '$.utm.utm_medium'), ''),
          coalesce(json_extract(leads.metadata, '$.referrer'), ''),
          CASE WHEN json_extract(leads.metadata, '$.landingPage') IS NOT NULL
                AND json_extract(leads.metadata, '$.gpc') IS NULL THEN 1 ELSE 0 END, count(*), count(leads.first_contacted_at),
          sum(CASE WHEN leads.status = 'won' THEN 1 ELSE 0 END),
          sum(CASE WHEN leads.status = 'won' THEN coalesce(leads.won_value_cents, 0) ELSE 0 END)
        FROM leads WHERE leads.spam = 0 AND leads.completed_by IS NULL
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
      INSERT INTO lead_stages (day, status, leads)
        SELECT ${day}, leads.status, count(*) FROM leads
        WHERE leads.spam = 0 AND leads.completed_by IS NULL GROUP BY 1, 2;`;
}

export function postgresFunnelFill(day: string): string {
  return `
      INSERT INTO lead_funnel (day, form, page, campaign, utm_source, utm_medium, referrer, counted, leads, contacted, won, won_cents)
        SELECT ${day}, leads.form,
          coalesce(leads.metadata->>'page', ''), coalesce(leads.metadata->'utm'->>'utm_campaign', ''),
          coalesce(leads.metadata->'utm'->>'utm_source', ''),
          coalesce(leads.metadata->'utm'->>'utm_medium', ''), coalesce(leads.metadata->>'referrer', ''),
          CASE WHEN leads.metadata->>'landingPage' IS NOT NULL AND leads.metadata->>'gpc' IS NULL
               THEN 1 ELSE 0 END, count(*), count(leads.first_contacted_at),
          sum(CASE WHEN leads.status = 'won' THEN 1 ELSE 0 END),
          sum(CASE WHEN leads.status = 'won' THEN coalesce(leads.won_value_cents, 0) ELSE 0 END)
        FROM leads WHERE NOT leads.spam AND leads.completed_by IS NULL
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
      INSERT INTO lead_stages (day, status, leads)
        SELECT ${day}, leads.status, count(*) FROM leads
        WHERE NOT leads.spam AND leads.completed_by IS NULL GROUP BY 1, 2;`;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: "create_leads",
    sqlite: `
      CREATE TABLE IF NOT EXISTS leads (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        form TEXT NOT NULL,
        subject TEXT,
        created_at TEXT NOT NULL,
        spam INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1)),
        fields TEXT NOT NULL,
        metadata TEXT NOT NULL
      ) STRICT;
      CREATE INDEX IF NOT EXISTS leads_created_at ON leads (created_at, id);
      CREATE INDEX IF NOT EXISTS leads_kind_created_at ON leads (kind, created_at);
    `,
    postgres: `
      CREATE TABLE IF NOT EXISTS leads (
        id text PRIMARY KEY,
        kind text NOT NULL,
        form text NOT NULL,
        subject text,
        created_at timestamptz NOT NULL,
        spam boolean NOT NULL DEFAULT false,
        fields jsonb NOT NULL,
        metadata jsonb NOT NULL
      );
      CREATE INDEX IF NOT EXISTS leads_created_at ON leads (created_at, id);
      CREATE INDEX IF NOT EXISTS leads_kind_created_at ON leads (kind, created_at);
    `,
  },
  {
    // One row per (lead, channel), written in the lead's own transaction. The id is the webhook-id
    // and the email's Message-ID, stable across retries. claimed_by/claimed_until is a lease: a
    // worker owns the row until then, and a crashed worker's rows are free again afterwards.
    version: 2,
    name: "create_outbox",
    sqlite: `
      CREATE TABLE IF NOT EXISTS outbox (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook')),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        give_up_at TEXT NOT NULL,
        last_error TEXT,
        claimed_by TEXT,
        claimed_until TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        sent_at TEXT,
        UNIQUE (lead_id, channel)
      ) STRICT;
      CREATE INDEX IF NOT EXISTS outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX IF NOT EXISTS outbox_status ON outbox (status, created_at);
    `,
    postgres: `
      CREATE TABLE IF NOT EXISTS outbox (
        id text PRIMARY KEY,
        lead_id text NOT NULL REFERENCES leads (id),
        channel text NOT NULL CHECK (channel IN ('email', 'webhook')),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        give_up_at timestamptz NOT NULL,
        last_error text,
        claimed_by text,
        claimed_until timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        sent_at timestamptz,
        UNIQUE (lead_id, channel)
      );
      CREATE INDEX IF NOT EXISTS outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX IF NOT EXISTS outbox_status ON outbox (status, created_at);
    `,
  },
  {
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
  },
  {
    // The agency's side (src/admin/): staff accounts, their one-time invite and reset links
    // (only a hash of the token is kept), sign-in sessions (only a hash of the session id; any
    // server of a cluster accepts them) and the audit log. Emails are kept lower-cased.
    version: 4,
    name: "create_staff_sessions_audit",
    sqlite: `
      CREATE TABLE IF NOT EXISTS staff (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        role TEXT NOT NULL CHECK (role IN ('owner', 'staff')),
        password_hash TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE TABLE IF NOT EXISTS staff_tokens (
        token_hash TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        purpose TEXT NOT NULL CHECK (purpose IN ('invite', 'reset')),
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      ) STRICT;
      CREATE INDEX IF NOT EXISTS staff_tokens_staff ON staff_tokens (staff_id);
      CREATE TABLE IF NOT EXISTS staff_sessions (
        id_hash TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        user_agent TEXT
      ) STRICT;
      CREATE INDEX IF NOT EXISTS staff_sessions_staff ON staff_sessions (staff_id);
      CREATE TABLE IF NOT EXISTS audit_log (
        id TEXT PRIMARY KEY,
        at TEXT NOT NULL,
        actor_id TEXT,
        action TEXT NOT NULL,
        subject TEXT,
        detail TEXT NOT NULL DEFAULT '{}'
      ) STRICT;
      CREATE INDEX IF NOT EXISTS audit_log_at ON audit_log (at, id);
    `,
    postgres: `
      CREATE TABLE IF NOT EXISTS staff (
        id text PRIMARY KEY,
        email text NOT NULL UNIQUE,
        role text NOT NULL CHECK (role IN ('owner', 'staff')),
        password_hash text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE TABLE IF NOT EXISTS staff_tokens (
        token_hash text PRIMARY KEY,
        staff_id text NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('invite', 'reset')),
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS staff_tokens_staff ON staff_tokens (staff_id);
      CREATE TABLE IF NOT EXISTS staff_sessions (
        id_hash text PRIMARY KEY,
        staff_id text NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        user_agent text
      );
      CREATE INDEX IF NOT EXISTS staff_sessions_staff ON staff_sessions (staff_id);
      CREATE TABLE IF NOT EXISTS audit_log (
        id text PRIMARY KEY,
        at timestamptz NOT NULL,
        actor_id text,
        action text NOT NULL,
        subject text,
        detail jsonb NOT NULL DEFAULT '{}'
      );
      CREATE INDEX IF NOT EXISTS audit_log_at ON audit_log (at, id);
    `,
  },
  {
    // Working a lead in the inbox (src/admin/pipeline.ts): its status (new → contacted →
    // qualified → won | lost), when it changed, when it was first contacted (speed to lead), the
    // reason it was lost; and its timeline of status changes and notes, with who and when.
    version: 5,
    name: "lead_pipeline",
    sqlite: `
      ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'contacted', 'qualified', 'won', 'lost'));
      ALTER TABLE leads ADD COLUMN status_at TEXT;
      ALTER TABLE leads ADD COLUMN first_contacted_at TEXT;
      ALTER TABLE leads ADD COLUMN lost_reason TEXT;
      CREATE INDEX IF NOT EXISTS leads_status_created ON leads (status, created_at, id);
      CREATE TABLE IF NOT EXISTS lead_events (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        at TEXT NOT NULL,
        actor_id TEXT,
        kind TEXT NOT NULL CHECK (kind IN ('status', 'note', 'assign')),
        body TEXT NOT NULL DEFAULT '',
        status TEXT
      ) STRICT;
      CREATE INDEX IF NOT EXISTS lead_events_lead ON lead_events (lead_id, at, id);
    `,
    postgres: `
      ALTER TABLE leads ADD COLUMN IF NOT EXISTS status text NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'contacted', 'qualified', 'won', 'lost'));
      ALTER TABLE leads ADD COLUMN IF NOT EXISTS status_at timestamptz;
      ALTER TABLE leads ADD COLUMN IF NOT EXISTS first_contacted_at timestamptz;
      ALTER TABLE leads ADD COLUMN IF NOT EXISTS lost_reason text;
      CREATE INDEX IF NOT EXISTS leads_status_created ON leads (status, created_at, id);
      CREATE TABLE IF NOT EXISTS lead_events (
        id text PRIMARY KEY,
        lead_id text NOT NULL REFERENCES leads (id),
        at timestamptz NOT NULL,
        actor_id text,
        kind text NOT NULL CHECK (kind IN ('status', 'note', 'assign')),
        body text NOT NULL DEFAULT '',
        status text
      );
      CREATE INDEX IF NOT EXISTS lead_events_lead ON lead_events (lead_id, at, id);
    `,
  },
  {
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
  },
  {
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
  },
  {
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
  },
  {
    // Passkeys (src/admin/passkeys.ts): an account's WebAuthn credentials (the public key, its
    // signature counter, a name to tell them apart), the challenges of ceremonies under way (only
    // a hash of the ceremony's id, five minutes, used once, so any server of a cluster can finish
    // what another began) and, per session, when its owner last proved it was them (the password
    // or a passkey again): adding or removing a passkey, or changing the email or password,
    // needs that within the last five minutes.
    version: 9,
    name: "staff_passkeys",
    sqlite: `
      CREATE TABLE IF NOT EXISTS staff_passkeys (
        id TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        public_key BLOB NOT NULL,
        counter INTEGER NOT NULL DEFAULT 0,
        transports TEXT NOT NULL DEFAULT '[]',
        name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_used_at TEXT
      ) STRICT;
      CREATE INDEX IF NOT EXISTS staff_passkeys_staff ON staff_passkeys (staff_id);
      CREATE TABLE IF NOT EXISTS webauthn_challenges (
        id_hash TEXT PRIMARY KEY,
        challenge TEXT NOT NULL,
        purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign_in', 'confirm')),
        staff_id TEXT,
        expires_at TEXT NOT NULL
      ) STRICT;
      ALTER TABLE staff_sessions ADD COLUMN confirmed_at TEXT;
    `,
    postgres: `
      CREATE TABLE IF NOT EXISTS staff_passkeys (
        id text PRIMARY KEY,
        staff_id text NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        transports text NOT NULL DEFAULT '[]',
        name text NOT NULL,
        created_at timestamptz NOT NULL,
        last_used_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS staff_passkeys_staff ON staff_passkeys (staff_id);
      CREATE TABLE IF NOT EXISTS webauthn_challenges (
        id_hash text PRIMARY KEY,
        challenge text NOT NULL,
        purpose text NOT NULL CHECK (purpose IN ('register', 'sign_in', 'confirm')),
        staff_id text,
        expires_at timestamptz NOT NULL
      );
      ALTER TABLE staff_sessions ADD COLUMN IF NOT EXISTS confirmed_at timestamptz;
    `,
  },
  {
    // Speed to lead (src/admin/reminders.ts): the outbox may hold one 'reminder' row per lead (a
    // lead still 'new' after LEAD_REMINDER_MINUTES of the agency's hours; UNIQUE (lead_id,
    // channel) keeps it to one even with several servers sweeping), and the inbox's median time
    // to first contact reads only the index of a period's contacted leads (partial, covering:
    // the median never visits the table). SQLite cannot
    // change a CHECK in place: the outbox is copied into a new table of the same shape.
    version: 10,
    name: "speed_to_lead",
    sqlite: `
      CREATE TABLE outbox_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook', 'reminder')),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        give_up_at TEXT NOT NULL,
        last_error TEXT,
        claimed_by TEXT,
        claimed_until TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        sent_at TEXT,
        UNIQUE (lead_id, channel)
      ) STRICT;
      INSERT INTO outbox_next SELECT * FROM outbox;
      DROP TABLE outbox;
      ALTER TABLE outbox_next RENAME TO outbox;
      CREATE INDEX IF NOT EXISTS outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX IF NOT EXISTS outbox_status ON outbox (status, created_at);
      CREATE INDEX IF NOT EXISTS leads_contacted ON leads (created_at, first_contacted_at)
        WHERE first_contacted_at IS NOT NULL AND spam = 0 AND completed_by IS NULL;
    `,
    postgres: `
      ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_channel_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check
        CHECK (channel IN ('email', 'webhook', 'reminder'));
      CREATE INDEX IF NOT EXISTS leads_contacted ON leads (created_at, first_contacted_at)
        WHERE first_contacted_at IS NOT NULL AND NOT spam AND completed_by IS NULL;
    `,
  },
  {
    // Search indexing in batches (src/leads/store/searchIndex.ts), off the intake path: keeping
    // the trigram indexes up to date with every insert cost intake 40% of its throughput on
    // SQLite (an FTS5 segment per commit) and 10-20% on PostgreSQL (two GIN indexes on leads).
    // An insert now only notes the lead as pending; the index is filled many leads at a time.
    // SQLite: triggers note the rowid (a change or erase of a pending lead touches only the
    // note). PostgreSQL: the searched text moves to its own table, `lead_search` (erased with its
    // lead), whose GIN indexes replace migration 8's on leads; the insert notes the lead's id in
    // the same statement (src/leads/store/postgres.ts), and a search also reads the pending
    // leads, so it never misses one.
    version: 11,
    name: "lead_search_pending",
    sqlite: `
      CREATE TABLE IF NOT EXISTS lead_search_pending (lead_rowid INTEGER PRIMARY KEY) STRICT;
      DROP TRIGGER IF EXISTS lead_search_insert;
      DROP TRIGGER IF EXISTS lead_search_update;
      DROP TRIGGER IF EXISTS lead_search_delete;
      CREATE TRIGGER lead_search_insert AFTER INSERT ON leads BEGIN
        INSERT INTO lead_search_pending (lead_rowid) VALUES (new.rowid);
      END;
      CREATE TRIGGER lead_search_update AFTER UPDATE OF fields ON leads BEGIN
        DELETE FROM lead_search WHERE rowid = old.rowid
          AND NOT EXISTS (SELECT 1 FROM lead_search_pending WHERE lead_rowid = old.rowid);
        INSERT OR IGNORE INTO lead_search_pending (lead_rowid) VALUES (new.rowid);
      END;
      CREATE TRIGGER lead_search_delete AFTER DELETE ON leads BEGIN
        DELETE FROM lead_search WHERE rowid = old.rowid
          AND NOT EXISTS (SELECT 1 FROM lead_search_pending WHERE lead_rowid = old.rowid);
        DELETE FROM lead_search_pending WHERE lead_rowid = old.rowid;
      END;
    `,
    postgres: `
      CREATE TABLE IF NOT EXISTS lead_search (
        lead_id text PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
        doc text NOT NULL,
        phone text NOT NULL
      );
      CREATE TABLE IF NOT EXISTS lead_search_pending (lead_id text PRIMARY KEY);
      INSERT INTO lead_search (lead_id, doc, phone)
        SELECT id, ${PG_SEARCH_TEXT}, ${PG_SEARCH_PHONE} FROM leads
        ON CONFLICT (lead_id) DO NOTHING;
      DROP INDEX IF EXISTS leads_search;
      DROP INDEX IF EXISTS leads_search_phone;
      DO $$
      DECLARE trgm text := (SELECT extnamespace::regnamespace::text FROM pg_extension
                            WHERE extname = 'pg_trgm');
      BEGIN
        IF trgm IS NOT NULL THEN
          EXECUTE format(
            'CREATE INDEX IF NOT EXISTS lead_search_doc ON lead_search USING gin (doc %s.gin_trgm_ops)',
            trgm);
          EXECUTE format(
            'CREATE INDEX IF NOT EXISTS lead_search_phone ON lead_search USING gin (phone %s.gin_trgm_ops)',
            trgm);
        END IF;
      END $$;
    `,
  },
  {
    // A guide's checklist form (issue 15) emails the visitor their download link through the
    // outbox: channel 'checklist', one per lead. The outbox is rebuilt as in migration 10.
    version: 12,
    name: "outbox_checklist_channel",
    sqlite: `
      CREATE TABLE outbox_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook', 'reminder', 'checklist')),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        give_up_at TEXT NOT NULL,
        last_error TEXT,
        claimed_by TEXT,
        claimed_until TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        sent_at TEXT,
        UNIQUE (lead_id, channel)
      ) STRICT;
      INSERT INTO outbox_next SELECT * FROM outbox;
      DROP TABLE outbox;
      ALTER TABLE outbox_next RENAME TO outbox;
      CREATE INDEX IF NOT EXISTS outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX IF NOT EXISTS outbox_status ON outbox (status, created_at);
    `,
    postgres: `
      ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_channel_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check
        CHECK (channel IN ('email', 'webhook', 'reminder', 'checklist'));
    `,
  },
  {
    // First-party analytics (issue 16, src/analytics/): raw page views and form starts, kept at
    // most 30 days; their daily roll-ups, kept for good; the day's visitor-hash salt, deleted
    // once the day is over. Nothing here names a person: the visitor is a hash of that day's
    // salt, the address, the user agent and the site, and no address is stored.
    version: 13,
    name: "analytics",
    sqlite: `
      CREATE TABLE IF NOT EXISTS analytics_events (
        at TEXT NOT NULL,
        day TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('view', 'form_view', 'start')),
        path TEXT NOT NULL,
        source TEXT NOT NULL,
        campaign TEXT NOT NULL,
        device TEXT NOT NULL CHECK (device IN ('phone', 'tablet', 'desktop')),
        form TEXT NOT NULL,
        visitor TEXT NOT NULL
      ) STRICT;
      CREATE INDEX IF NOT EXISTS analytics_events_day ON analytics_events (day);
      CREATE TABLE IF NOT EXISTS analytics_daily (
        day TEXT NOT NULL,
        path TEXT NOT NULL,
        source TEXT NOT NULL,
        campaign TEXT NOT NULL,
        device TEXT NOT NULL,
        form TEXT NOT NULL,
        views INTEGER NOT NULL,
        visitors INTEGER NOT NULL,
        starts INTEGER NOT NULL,
        PRIMARY KEY (day, path, source, campaign, device, form)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS analytics_uniques (
        day TEXT NOT NULL,
        dim TEXT NOT NULL,
        value TEXT NOT NULL,
        visitors INTEGER NOT NULL,
        PRIMARY KEY (day, dim, value)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS analytics_rollups (
        day TEXT PRIMARY KEY,
        rolled_at TEXT NOT NULL,
        final INTEGER NOT NULL CHECK (final IN (0, 1))
      ) STRICT;
      CREATE TABLE IF NOT EXISTS analytics_salts (
        day TEXT PRIMARY KEY,
        salt TEXT NOT NULL
      ) STRICT;
    `,
    postgres: `
      CREATE TABLE IF NOT EXISTS analytics_events (
        at timestamptz NOT NULL,
        day date NOT NULL,
        kind text NOT NULL CHECK (kind IN ('view', 'form_view', 'start')),
        path text NOT NULL,
        source text NOT NULL,
        campaign text NOT NULL,
        device text NOT NULL CHECK (device IN ('phone', 'tablet', 'desktop')),
        form text NOT NULL,
        visitor text NOT NULL
      );
      CREATE INDEX IF NOT EXISTS analytics_events_day ON analytics_events (day);
      CREATE TABLE IF NOT EXISTS analytics_daily (
        day date NOT NULL,
        path text NOT NULL,
        source text NOT NULL,
        campaign text NOT NULL,
        device text NOT NULL,
        form text NOT NULL,
        views integer NOT NULL,
        visitors integer NOT NULL,
        starts integer NOT NULL,
        PRIMARY KEY (day, path, source, campaign, device, form)
      );
      CREATE TABLE IF NOT EXISTS analytics_uniques (
        day date NOT NULL,
        dim text NOT NULL,
        value text NOT NULL,
        visitors integer NOT NULL,
        PRIMARY KEY (day, dim, value)
      );
      CREATE TABLE IF NOT EXISTS analytics_rollups (
        day date PRIMARY KEY,
        rolled_at timestamptz NOT NULL,
        final boolean NOT NULL
      );
      CREATE TABLE IF NOT EXISTS analytics_salts (
        day date PRIMARY KEY,
        salt text NOT NULL
      );
    `,
  },
  {
    // Daily housekeeping (issue 17, src/admin/retention.ts): when each task last ran, so that of
    // several servers on one database one runs it per period (a conditional upsert claims it),
    // and a restart neither repeats nor skips it.
    version: 14,
    name: "maintenance_runs",
    sqlite: `
      CREATE TABLE IF NOT EXISTS maintenance_runs (
        task TEXT PRIMARY KEY,
        last_run_at TEXT NOT NULL,
        run_by TEXT NOT NULL
      ) STRICT;
    `,
    postgres: `
      CREATE TABLE IF NOT EXISTS maintenance_runs (
        task text PRIMARY KEY,
        last_run_at timestamptz NOT NULL,
        run_by text NOT NULL
      );
    `,
  },
  {
    // Hardening the agency's side (issue 23, src/admin/): an account can be deactivated (kept,
    // with its history and leads, but refused every way in until reactivated); repeated refused
    // sign-ins share one audit row per
    // kind, subject and quarter hour (`bucket`, unique, with a `count`), and the audit log is
    // filtered by action and subject; passkey ceremonies are counted and pruned by expiry.
    version: 15,
    name: "staff_hardening",
    sqlite: `
      ALTER TABLE staff ADD COLUMN deactivated_at TEXT;
      ALTER TABLE audit_log ADD COLUMN count INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE audit_log ADD COLUMN bucket TEXT;
      CREATE UNIQUE INDEX IF NOT EXISTS audit_log_bucket ON audit_log (bucket)
        WHERE bucket IS NOT NULL;
      CREATE INDEX IF NOT EXISTS audit_log_action ON audit_log (action, at);
      CREATE INDEX IF NOT EXISTS audit_log_subject ON audit_log (subject, at);
      CREATE INDEX IF NOT EXISTS webauthn_challenges_expiry
        ON webauthn_challenges (purpose, expires_at);
    `,
    postgres: `
      ALTER TABLE staff ADD COLUMN IF NOT EXISTS deactivated_at timestamptz;
      ALTER TABLE audit_log ADD COLUMN IF NOT EXISTS count integer NOT NULL DEFAULT 1;
      ALTER TABLE audit_log ADD COLUMN IF NOT EXISTS bucket text;
      CREATE UNIQUE INDEX IF NOT EXISTS audit_log_bucket ON audit_log (bucket)
        WHERE bucket IS NOT NULL;
      CREATE INDEX IF NOT EXISTS audit_log_action ON audit_log (action, at);
      CREATE INDEX IF NOT EXISTS audit_log_subject ON audit_log (subject, at);
      CREATE INDEX IF NOT EXISTS webauthn_challenges_expiry
        ON webauthn_challenges (purpose, expires_at);
    `,
  },
  {
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
  },
  {
    // The website check (issue 26, src/audit/jobs.ts): one row per check, queued in the audit
    // lead's own transaction (or by staff for any URL: lead_id NULL), claimed under a lease like
    // the outbox, its report stored once. No foreign key to leads: erasing a lead deletes its
    // checks in the same transaction (src/admin/store). \`site\` is the normalised host the 24 h
    // reuse looks up; \`client\` the sender's IP hash the hourly limit counts. The outbox gains
    // the channel 'audit' (the prospect's email with the score and the report's link), rebuilt
    // as in migration 12.
    version: 17,
    name: "audit_jobs",
    sqlite: `
      CREATE TABLE IF NOT EXISTS audit_jobs (
        id TEXT PRIMARY KEY,
        lead_id TEXT,
        url TEXT NOT NULL,
        site TEXT,
        client TEXT,
        requested_by TEXT,
        fresh INTEGER NOT NULL DEFAULT 0 CHECK (fresh IN (0, 1)),
        status TEXT NOT NULL DEFAULT 'queued'
          CHECK (status IN ('queued', 'done', 'limited', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        outcome TEXT,
        score INTEGER,
        grade TEXT,
        report TEXT,
        reused_from TEXT,
        last_error TEXT,
        claimed_by TEXT,
        claimed_until TEXT,
        created_at TEXT NOT NULL,
        started_at TEXT,
        finished_at TEXT
      ) STRICT;
      CREATE INDEX IF NOT EXISTS audit_jobs_queued ON audit_jobs (created_at) WHERE status = 'queued';
      CREATE INDEX IF NOT EXISTS audit_jobs_lead ON audit_jobs (lead_id, created_at);
      CREATE INDEX IF NOT EXISTS audit_jobs_site ON audit_jobs (site, finished_at) WHERE status = 'done';
      CREATE INDEX IF NOT EXISTS audit_jobs_client ON audit_jobs (client, created_at);
      CREATE TABLE outbox_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook', 'reminder', 'checklist', 'audit')),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        give_up_at TEXT NOT NULL,
        last_error TEXT,
        claimed_by TEXT,
        claimed_until TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        sent_at TEXT,
        UNIQUE (lead_id, channel)
      ) STRICT;
      INSERT INTO outbox_next SELECT * FROM outbox;
      DROP TABLE outbox;
      ALTER TABLE outbox_next RENAME TO outbox;
      CREATE INDEX IF NOT EXISTS outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX IF NOT EXISTS outbox_status ON outbox (status, created_at);
    `,
    postgres: `
      CREATE TABLE IF NOT EXISTS audit_jobs (
        id text PRIMARY KEY,
        lead_id text,
        url text NOT NULL,
        site text,
        client text,
        requested_by text,
        fresh boolean NOT NULL DEFAULT false,
        status text NOT NULL DEFAULT 'queued'
          CHECK (status IN ('queued', 'done', 'limited', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        outcome text,
        score integer,
        grade text,
        report jsonb,
        reused_from text,
        last_error text,
        claimed_by text,
        claimed_until timestamptz,
        created_at timestamptz NOT NULL,
        started_at timestamptz,
        finished_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS audit_jobs_queued ON audit_jobs (created_at) WHERE status = 'queued';
      CREATE INDEX IF NOT EXISTS audit_jobs_lead ON audit_jobs (lead_id, created_at);
      CREATE INDEX IF NOT EXISTS audit_jobs_site ON audit_jobs (site, finished_at) WHERE status = 'done';
      CREATE INDEX IF NOT EXISTS audit_jobs_client ON audit_jobs (client, created_at);
      ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_channel_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check
        CHECK (channel IN ('email', 'webhook', 'reminder', 'checklist', 'audit'));
    `,
  },
  {
    // A change of one's own email waits for a link sent to the new address (issue 23,
    // src/admin/emailChange.ts): one pending change per account (a new request replaces it),
    // only the hash of the link's token kept, deleted when confirmed or cancelled. Deactivating
    // the account deletes it too.
    version: 18,
    name: "staff_email_changes",
    sqlite: `
      CREATE TABLE IF NOT EXISTS staff_email_changes (
        staff_id TEXT PRIMARY KEY REFERENCES staff (id) ON DELETE CASCADE,
        token_hash TEXT NOT NULL UNIQUE,
        new_email TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      ) STRICT;
    `,
    postgres: `
      CREATE TABLE IF NOT EXISTS staff_email_changes (
        staff_id text PRIMARY KEY REFERENCES staff (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        new_email text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );
    `,
  },
  {
    // Logged calls on a lead's timeline (issue 27, src/admin/calls.ts): kind 'call', its outcome
    // in the body, and in the status column 'contacted' when the call moved a new lead there.
    // SQLite cannot change a CHECK in place: the timeline is copied into a table of the same
    // shape, as migration 10 did for the outbox.
    version: 19,
    name: "lead_event_calls",
    sqlite: `
      CREATE TABLE lead_events_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        at TEXT NOT NULL,
        actor_id TEXT,
        kind TEXT NOT NULL CHECK (kind IN ('status', 'note', 'assign', 'call')),
        body TEXT NOT NULL DEFAULT '',
        status TEXT
      ) STRICT;
      INSERT INTO lead_events_next SELECT id, lead_id, at, actor_id, kind, body, status
        FROM lead_events;
      DROP TABLE lead_events;
      ALTER TABLE lead_events_next RENAME TO lead_events;
      CREATE INDEX IF NOT EXISTS lead_events_lead ON lead_events (lead_id, at, id);
    `,
    postgres: `
      ALTER TABLE lead_events DROP CONSTRAINT IF EXISTS lead_events_kind_check;
      ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_check
        CHECK (kind IN ('status', 'note', 'assign', 'call'));
    `,
  },
  {
    // The agency's follow-up once a lead's website check is done (channel 'audit-agency': the
    // score, the three most valuable fixes and the lead's link; docs/decisions.md), rebuilt as in
    // migration 12; and the staff checks' list (/admin/checks) reads its own small index.
    version: 20,
    name: "audit_agency_email",
    sqlite: `
      CREATE TABLE outbox_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        channel TEXT NOT NULL
          CHECK (channel IN ('email', 'webhook', 'reminder', 'checklist', 'audit', 'audit-agency')),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        give_up_at TEXT NOT NULL,
        last_error TEXT,
        claimed_by TEXT,
        claimed_until TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        sent_at TEXT,
        UNIQUE (lead_id, channel)
      ) STRICT;
      INSERT INTO outbox_next SELECT * FROM outbox;
      DROP TABLE outbox;
      ALTER TABLE outbox_next RENAME TO outbox;
      CREATE INDEX IF NOT EXISTS outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX IF NOT EXISTS outbox_status ON outbox (status, created_at);
      CREATE INDEX IF NOT EXISTS audit_jobs_staff ON audit_jobs (created_at)
        WHERE requested_by IS NOT NULL;
    `,
    postgres: `
      ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_channel_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check
        CHECK (channel IN ('email', 'webhook', 'reminder', 'checklist', 'audit', 'audit-agency'));
      CREATE INDEX IF NOT EXISTS audit_jobs_staff ON audit_jobs (created_at)
        WHERE requested_by IS NOT NULL;
    `,
  },
  {
    // Follow-ups (issue 27, src/admin/followUps.ts): at most one open follow-up per lead (its due
    // time, a short note, who set it; done deletes the row, the timeline keeps what happened).
    // \`queued_at\` is when its email was queued: the sweep's UPDATE … WHERE queued_at IS NULL
    // lets one server alone queue it. The Due view walks lead_follow_ups_due (due time, lead); the
    // sweep its partial index of those not queued yet. The timeline gains the kind 'follow_up'
    // (set, done, snoozed: a JSON body) and the outbox the channel 'followup' (the assignee's
    // email), both rebuilt on SQLite as in migrations 19 and 20.
    version: 21,
    name: "lead_follow_ups",
    sqlite: `
      CREATE TABLE IF NOT EXISTS lead_follow_ups (
        lead_id TEXT PRIMARY KEY REFERENCES leads (id),
        due_at TEXT NOT NULL,
        note TEXT NOT NULL DEFAULT '',
        set_by TEXT,
        set_at TEXT NOT NULL,
        queued_at TEXT
      ) STRICT;
      CREATE INDEX IF NOT EXISTS lead_follow_ups_due ON lead_follow_ups (due_at, lead_id);
      CREATE INDEX IF NOT EXISTS lead_follow_ups_unqueued ON lead_follow_ups (due_at)
        WHERE queued_at IS NULL;
      CREATE TABLE lead_events_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        at TEXT NOT NULL,
        actor_id TEXT,
        kind TEXT NOT NULL CHECK (kind IN ('status', 'note', 'assign', 'call', 'follow_up')),
        body TEXT NOT NULL DEFAULT '',
        status TEXT
      ) STRICT;
      INSERT INTO lead_events_next SELECT id, lead_id, at, actor_id, kind, body, status
        FROM lead_events;
      DROP TABLE lead_events;
      ALTER TABLE lead_events_next RENAME TO lead_events;
      CREATE INDEX IF NOT EXISTS lead_events_lead ON lead_events (lead_id, at, id);
      CREATE TABLE outbox_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        channel TEXT NOT NULL
          CHECK (channel IN ('email', 'webhook', 'reminder', 'checklist', 'audit', 'audit-agency',
                             'followup')),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        give_up_at TEXT NOT NULL,
        last_error TEXT,
        claimed_by TEXT,
        claimed_until TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        sent_at TEXT,
        UNIQUE (lead_id, channel)
      ) STRICT;
      INSERT INTO outbox_next SELECT * FROM outbox;
      DROP TABLE outbox;
      ALTER TABLE outbox_next RENAME TO outbox;
      CREATE INDEX IF NOT EXISTS outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX IF NOT EXISTS outbox_status ON outbox (status, created_at);
    `,
    postgres: `
      CREATE TABLE IF NOT EXISTS lead_follow_ups (
        lead_id text PRIMARY KEY REFERENCES leads (id),
        due_at timestamptz NOT NULL,
        note text NOT NULL DEFAULT '',
        set_by text,
        set_at timestamptz NOT NULL,
        queued_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS lead_follow_ups_due ON lead_follow_ups (due_at, lead_id);
      CREATE INDEX IF NOT EXISTS lead_follow_ups_unqueued ON lead_follow_ups (due_at)
        WHERE queued_at IS NULL;
      ALTER TABLE lead_events DROP CONSTRAINT IF EXISTS lead_events_kind_check;
      ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_check
        CHECK (kind IN ('status', 'note', 'assign', 'call', 'follow_up'));
      ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_channel_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check
        CHECK (channel IN ('email', 'webhook', 'reminder', 'checklist', 'audit', 'audit-agency',
                           'followup'));
    `,
  },
  {
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
  },
  {
    // Emails to a lead from its page (issue 27, src/admin/emails/): the timeline gains the kind
    // 'email' (the message as sent, its template and its delivery state in a JSON body), the
    // outbox the channel 'lead-email' (one row per lead, reset for each new email as the
    // follow-ups' row is; the delivery sends every email of the lead still queued), and
    // \`email_templates\` holds the staff's edits of the templates whose defaults are data
    // (src/admin/emails/defaults.ts): a template without a row reads as its default. Both tables
    // rebuilt on SQLite as in migration 21.
    version: 23,
    name: "lead_emails",
    sqlite: `
      CREATE TABLE IF NOT EXISTS email_templates (
        id TEXT PRIMARY KEY,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        updated_by TEXT,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE TABLE lead_events_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        at TEXT NOT NULL,
        actor_id TEXT,
        kind TEXT NOT NULL CHECK (kind IN ('status', 'note', 'assign', 'call', 'follow_up', 'email')),
        body TEXT NOT NULL DEFAULT '',
        status TEXT
      ) STRICT;
      INSERT INTO lead_events_next SELECT id, lead_id, at, actor_id, kind, body, status
        FROM lead_events;
      DROP TABLE lead_events;
      ALTER TABLE lead_events_next RENAME TO lead_events;
      CREATE INDEX IF NOT EXISTS lead_events_lead ON lead_events (lead_id, at, id);
      CREATE TABLE outbox_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        channel TEXT NOT NULL
          CHECK (channel IN ('email', 'webhook', 'reminder', 'checklist', 'audit', 'audit-agency',
                             'followup', 'lead-email')),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        give_up_at TEXT NOT NULL,
        last_error TEXT,
        claimed_by TEXT,
        claimed_until TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        sent_at TEXT,
        UNIQUE (lead_id, channel)
      ) STRICT;
      INSERT INTO outbox_next SELECT * FROM outbox;
      DROP TABLE outbox;
      ALTER TABLE outbox_next RENAME TO outbox;
      CREATE INDEX IF NOT EXISTS outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX IF NOT EXISTS outbox_status ON outbox (status, created_at);
    `,
    postgres: `
      CREATE TABLE IF NOT EXISTS email_templates (
        id text PRIMARY KEY,
        subject text NOT NULL,
        body text NOT NULL,
        updated_by text,
        updated_at timestamptz NOT NULL
      );
      ALTER TABLE lead_events DROP CONSTRAINT IF EXISTS lead_events_kind_check;
      ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_check
        CHECK (kind IN ('status', 'note', 'assign', 'call', 'follow_up', 'email'));
      ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_channel_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check
        CHECK (channel IN ('email', 'webhook', 'reminder', 'checklist', 'audit', 'audit-agency',
                           'followup', 'lead-email'));
    `,
  },
  {
    // Tags (issue 27, src/admin/tags.ts): free labels on a lead, lower-cased and short, one row
    // per lead and tag; the inbox's tag filter reads lead_tags_tag (tag → its leads), the list's
    // chips and an erasure the primary key (lead → its tags). The timeline gains tag events
    // (added, removed): its kind is no longer a fixed list in the schema (the code's LeadEvent
    // type says which kinds exist), so timelines of other features need no rebuild. The
    // inbox's assignee filter walks (assignee_id, created_at, id) newest first, as the list
    // does (created_at, id); it replaces migration 7's index without the id.
    version: 24,
    name: "lead_tags",
    sqlite: `
      CREATE TABLE IF NOT EXISTS lead_tags (
        lead_id TEXT NOT NULL REFERENCES leads (id),
        tag TEXT NOT NULL,
        added_by TEXT,
        added_at TEXT NOT NULL,
        PRIMARY KEY (lead_id, tag)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS lead_tags_tag ON lead_tags (tag, lead_id);
      CREATE TABLE lead_events_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        at TEXT NOT NULL,
        actor_id TEXT,
        kind TEXT NOT NULL CHECK (kind <> ''),
        body TEXT NOT NULL DEFAULT '',
        status TEXT
      ) STRICT;
      INSERT INTO lead_events_next SELECT id, lead_id, at, actor_id, kind, body, status
        FROM lead_events;
      DROP TABLE lead_events;
      ALTER TABLE lead_events_next RENAME TO lead_events;
      CREATE INDEX IF NOT EXISTS lead_events_lead ON lead_events (lead_id, at, id);
      DROP INDEX IF EXISTS leads_assignee;
      CREATE INDEX IF NOT EXISTS leads_assignee_created ON leads (assignee_id, created_at, id);
    `,
    postgres: `
      CREATE TABLE IF NOT EXISTS lead_tags (
        lead_id text NOT NULL REFERENCES leads (id),
        tag text NOT NULL,
        added_by text,
        added_at timestamptz NOT NULL,
        PRIMARY KEY (lead_id, tag)
      );
      CREATE INDEX IF NOT EXISTS lead_tags_tag ON lead_tags (tag, lead_id);
      ALTER TABLE lead_events DROP CONSTRAINT IF EXISTS lead_events_kind_check;
      ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_check CHECK (kind <> '');
      DROP INDEX IF EXISTS leads_assignee;
      CREATE INDEX IF NOT EXISTS leads_assignee_created ON leads (assignee_id, created_at, id);
    `,
  },
  {
    // Saved views (issue 27, src/admin/views.ts): a name a staff member gives the inbox's
    // current filters (the query string of its URL), listed for that account only. A name is
    // unique per account as it reads (name_key: trimmed, NFC, lower-cased by the code).
    version: 25,
    name: "saved_views",
    sqlite: `
      CREATE TABLE IF NOT EXISTS saved_views (
        id TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff (id),
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        query TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (staff_id, name_key)
      ) STRICT;
    `,
    postgres: `
      CREATE TABLE IF NOT EXISTS saved_views (
        id text PRIMARY KEY,
        staff_id text NOT NULL REFERENCES staff (id),
        name text NOT NULL,
        name_key text NOT NULL,
        query text NOT NULL,
        created_at timestamptz NOT NULL,
        UNIQUE (staff_id, name_key)
      );
    `,
  },
  {
    // Won jobs and what brought them (issue 27 §4, src/admin/store/revenue.ts): a won lead's job
    // value in cents (NULL: not given; any status but won clears it); a note edited or deleted by
    // its author keeps its place on the timeline with when (a deleted note's words are blanked).
    // Only columns are added there: the timeline table is not rebuilt, so later kinds of event
    // stay as they are. The Performance report's lead side (src/analytics/store/funnel.ts) reads
    // two roll-ups kept by triggers on every insert, change and delete of a lead (not spam, not
    // a completed partial), so a month's report reads a few thousand rows, not every lead of the
    // month (decision D194): lead_funnel, per UTC day of arrival × form × page × campaign × utm
    // source and medium × referrer × counted visit, how many leads, contacted, won and their won
    // value; lead_stages, per day of arrival × current status, how many. Filled once here.
    version: 26,
    name: "lead_won_value_note_edits_funnel",
    sqlite: `
      ALTER TABLE leads ADD COLUMN won_value_cents INTEGER;
      ALTER TABLE lead_events ADD COLUMN edited_at TEXT;
      ALTER TABLE lead_events ADD COLUMN deleted_at TEXT;
      CREATE TABLE IF NOT EXISTS lead_funnel (
        day TEXT NOT NULL, form TEXT NOT NULL, page TEXT NOT NULL, campaign TEXT NOT NULL,
        utm_source TEXT NOT NULL, utm_medium TEXT NOT NULL, referrer TEXT NOT NULL,
        counted INTEGER NOT NULL, leads INTEGER NOT NULL, contacted INTEGER NOT NULL,
        won INTEGER NOT NULL, won_cents INTEGER NOT NULL,
        PRIMARY KEY (day, form, page, campaign, utm_source, utm_medium, referrer, counted)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS lead_stages (
        day TEXT NOT NULL, status TEXT NOT NULL, leads INTEGER NOT NULL,
        PRIMARY KEY (day, status)
      ) STRICT, WITHOUT ROWID;
      ${sqliteFunnelFill(SQLITE_UTC_DAY)}
      CREATE TRIGGER lead_funnel_insert AFTER INSERT ON leads BEGIN
        ${sqliteFunnelStep("new", 1)}
      END;
      CREATE TRIGGER lead_funnel_update AFTER UPDATE OF status, first_contacted_at, won_value_cents, spam, completed_by, metadata, created_at, form ON leads BEGIN
        ${sqliteFunnelStep("old", -1)}
        ${sqliteFunnelStep("new", 1)}
      END;
      CREATE TRIGGER lead_funnel_delete AFTER DELETE ON leads BEGIN
        ${sqliteFunnelStep("old", -1)}
      END;
    `,
    postgres: `
      ALTER TABLE leads ADD COLUMN IF NOT EXISTS won_value_cents bigint;
      ALTER TABLE lead_events ADD COLUMN IF NOT EXISTS edited_at timestamptz;
      ALTER TABLE lead_events ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
      CREATE TABLE IF NOT EXISTS lead_funnel (
        day text NOT NULL, form text NOT NULL, page text NOT NULL, campaign text NOT NULL,
        utm_source text NOT NULL, utm_medium text NOT NULL, referrer text NOT NULL,
        counted integer NOT NULL, leads integer NOT NULL, contacted integer NOT NULL,
        won integer NOT NULL, won_cents bigint NOT NULL,
        PRIMARY KEY (day, form, page, campaign, utm_source, utm_medium, referrer, counted)
      );
      CREATE TABLE IF NOT EXISTS lead_stages (
        day text NOT NULL, status text NOT NULL, leads integer NOT NULL,
        PRIMARY KEY (day, status)
      );
      ${postgresFunnelFill(POSTGRES_UTC_DAY)}
      CREATE OR REPLACE FUNCTION lead_funnel_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' AND NOT OLD.spam AND OLD.completed_by IS NULL THEN
          ${postgresFunnelStep("OLD", -1)}
        END IF;
        IF TG_OP <> 'DELETE' AND NOT NEW.spam AND NEW.completed_by IS NULL THEN
          ${postgresFunnelStep("NEW", 1)}
        END IF;
        RETURN NULL;
      END $$;
      DROP TRIGGER IF EXISTS lead_funnel_track ON leads;
      CREATE TRIGGER lead_funnel_track
        AFTER INSERT OR DELETE OR UPDATE OF status, first_contacted_at, won_value_cents, spam, completed_by, metadata, created_at, form ON leads
        FOR EACH ROW EXECUTE FUNCTION lead_funnel_track();
    `,
  },
  {
    // The Performance report's days are the agency's (issue 27 §3, decision D201): lead_funnel
    // and lead_stages are keyed by the day of arrival on the agency's clock. SQLite knows no time
    // zones, so the app writes the zone's offsets from UTC into agency_offsets (from each moment
    // on, how many minutes the clock is ahead; a closing row without an offset ends the range)
    // and the zone they are for into agency_clock, then rebuilds both roll-ups whenever they
    // change (src/leads/store/agencyClock.ts, after the migrations, in the same transaction).
    // The triggers take the offset in force by one index lookup, the same SQL in both stores.
    version: 27,
    name: "report_agency_days",
    sqlite: `
      CREATE TABLE IF NOT EXISTS agency_offsets (
        starts_at TEXT PRIMARY KEY, minutes INTEGER
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS agency_clock (
        id INTEGER PRIMARY KEY CHECK (id = 1), time_zone TEXT NOT NULL, filled_at TEXT NOT NULL
      ) STRICT;
      DROP TRIGGER IF EXISTS lead_funnel_insert;
      DROP TRIGGER IF EXISTS lead_funnel_update;
      DROP TRIGGER IF EXISTS lead_funnel_delete;
      CREATE TRIGGER lead_funnel_insert AFTER INSERT ON leads BEGIN
        ${sqliteFunnelStep("new", 1, sqliteAgencyDay("new.created_at"))}
      END;
      CREATE TRIGGER lead_funnel_update AFTER UPDATE OF status, first_contacted_at, won_value_cents, spam, completed_by, metadata, created_at, form ON leads BEGIN
        ${sqliteFunnelStep("old", -1, sqliteAgencyDay("old.created_at"))}
        ${sqliteFunnelStep("new", 1, sqliteAgencyDay("new.created_at"))}
      END;
      CREATE TRIGGER lead_funnel_delete AFTER DELETE ON leads BEGIN
        ${sqliteFunnelStep("old", -1, sqliteAgencyDay("old.created_at"))}
      END;
    `,
    postgres: `
      CREATE TABLE IF NOT EXISTS agency_offsets (
        starts_at timestamptz PRIMARY KEY, minutes integer
      );
      CREATE TABLE IF NOT EXISTS agency_clock (
        id integer PRIMARY KEY CHECK (id = 1), time_zone text NOT NULL, filled_at timestamptz NOT NULL
      );
      CREATE OR REPLACE FUNCTION lead_funnel_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        arrival text;
      BEGIN
        IF TG_OP <> 'INSERT' AND NOT OLD.spam AND OLD.completed_by IS NULL THEN
          arrival := ${postgresAgencyDay("OLD.created_at")};
          ${postgresFunnelStep("OLD", -1, "arrival")}
        END IF;
        IF TG_OP <> 'DELETE' AND NOT NEW.spam AND NEW.completed_by IS NULL THEN
          arrival := ${postgresAgencyDay("NEW.created_at")};
          ${postgresFunnelStep("NEW", 1, "arrival")}
        END IF;
        RETURN NULL;
      END $$;
    `,
  },
  {
    // Lead intake no longer contends on the roll-ups (issues 25/27, decision D208): migration
    // 26's triggers upserted the same lead_funnel and lead_stages rows for every lead of a day
    // and source, so concurrent intake transactions queued on those rows' locks until commit
    // (PostgreSQL) and each insert paid two upserts (both). The triggers now append one row per
    // lead change to lead_funnel_deltas (no key, no conflict, no shared row); the app folds them
    // into the roll-ups in one transaction (src/leads/store/funnelFold.ts: in the hourly
    // analytics sweep, in an erasure, before a report when the log is long), and the report
    // reads the roll-ups plus the deltas not folded yet, so its figures are the same as before.
    version: 29,
    name: "lead_funnel_deltas",
    sqlite: `
      CREATE TABLE IF NOT EXISTS lead_funnel_deltas (
        day TEXT NOT NULL, form TEXT NOT NULL, page TEXT NOT NULL, campaign TEXT NOT NULL,
        utm_source TEXT NOT NULL, utm_medium TEXT NOT NULL, referrer TEXT NOT NULL,
        counted INTEGER NOT NULL, status TEXT NOT NULL, leads INTEGER NOT NULL,
        contacted INTEGER NOT NULL, won INTEGER NOT NULL, won_cents INTEGER NOT NULL
      ) STRICT;
      DROP TRIGGER IF EXISTS lead_funnel_insert;
      DROP TRIGGER IF EXISTS lead_funnel_update;
      DROP TRIGGER IF EXISTS lead_funnel_delete;
      CREATE TRIGGER lead_funnel_insert AFTER INSERT ON leads BEGIN
        ${sqliteDeltaStep("new", 1, sqliteAgencyDay("new.created_at"))}
      END;
      CREATE TRIGGER lead_funnel_update AFTER UPDATE OF status, first_contacted_at, won_value_cents, spam, completed_by, metadata, created_at, form ON leads BEGIN
        ${sqliteDeltaStep("old", -1, sqliteAgencyDay("old.created_at"))}
        ${sqliteDeltaStep("new", 1, sqliteAgencyDay("new.created_at"))}
      END;
      CREATE TRIGGER lead_funnel_delete AFTER DELETE ON leads BEGIN
        ${sqliteDeltaStep("old", -1, sqliteAgencyDay("old.created_at"))}
      END;
    `,
    postgres: `
      CREATE TABLE IF NOT EXISTS lead_funnel_deltas (
        day text NOT NULL, form text NOT NULL, page text NOT NULL, campaign text NOT NULL,
        utm_source text NOT NULL, utm_medium text NOT NULL, referrer text NOT NULL,
        counted integer NOT NULL, status text NOT NULL, leads integer NOT NULL,
        contacted integer NOT NULL, won integer NOT NULL, won_cents bigint NOT NULL
      );
      CREATE OR REPLACE FUNCTION lead_funnel_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' AND NOT OLD.spam AND OLD.completed_by IS NULL THEN
          ${postgresDeltaStep("OLD", -1, postgresAgencyDay("OLD.created_at"))}
        END IF;
        IF TG_OP <> 'DELETE' AND NOT NEW.spam AND NEW.completed_by IS NULL THEN
          ${postgresDeltaStep("NEW", 1, postgresAgencyDay("NEW.created_at"))}
        END IF;
        RETURN NULL;
      END $$;
    `,
  },
  {
    // The website checks' fair queue (issue 36, src/audit/jobs.ts, decision D218): two statuses,
    // 'deferred' (past AUDIT_QUEUE_MAX queued, or past the client's AUDIT_CLIENT_MAX queued or
    // running: waits outside the queue and is claimed once there is room) and 'cancelled' (the
    // owner took a waiting check off the queue); \`queue_key\`, whose turn a check is in the
    // round-robin (the client's IP hash, 'staff:<id>' for a staff member's, 'job:<id>' when
    // neither is known), and \`domain\`, the registrable domain (and port) no two checks fetch at
    // once. The claim reads only partial indexes of the jobs waiting or running, plus each key's
    // last start. SQLite cannot change a CHECK in place: the table is copied, as migration 19
    // did the timeline; older rows keep their site as their domain.
    version: 30,
    name: "audit_jobs_fair_queue",
    sqlite: `
      CREATE TABLE audit_jobs_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT,
        url TEXT NOT NULL,
        site TEXT,
        client TEXT,
        requested_by TEXT,
        fresh INTEGER NOT NULL DEFAULT 0 CHECK (fresh IN (0, 1)),
        status TEXT NOT NULL DEFAULT 'queued'
          CHECK (status IN ('queued', 'deferred', 'done', 'limited', 'failed', 'cancelled')),
        attempts INTEGER NOT NULL DEFAULT 0,
        outcome TEXT,
        score INTEGER,
        grade TEXT,
        report TEXT,
        reused_from TEXT,
        last_error TEXT,
        claimed_by TEXT,
        claimed_until TEXT,
        created_at TEXT NOT NULL,
        started_at TEXT,
        finished_at TEXT,
        queue_key TEXT NOT NULL,
        domain TEXT
      ) STRICT;
      INSERT INTO audit_jobs_next
        SELECT id, lead_id, url, site, client, requested_by, fresh, status, attempts, outcome,
               score, grade, report, reused_from, last_error, claimed_by, claimed_until,
               created_at, started_at, finished_at,
               coalesce(client, 'staff:' || requested_by, 'job:' || id), site
        FROM audit_jobs;
      DROP TABLE audit_jobs;
      ALTER TABLE audit_jobs_next RENAME TO audit_jobs;
      CREATE INDEX IF NOT EXISTS audit_jobs_lead ON audit_jobs (lead_id, created_at);
      CREATE INDEX IF NOT EXISTS audit_jobs_site ON audit_jobs (site, finished_at) WHERE status = 'done';
      CREATE INDEX IF NOT EXISTS audit_jobs_client ON audit_jobs (client, created_at);
      CREATE INDEX IF NOT EXISTS audit_jobs_staff ON audit_jobs (created_at)
        WHERE requested_by IS NOT NULL;
      CREATE INDEX IF NOT EXISTS audit_jobs_queued ON audit_jobs (created_at) WHERE status = 'queued';
      CREATE INDEX IF NOT EXISTS audit_jobs_waiting ON audit_jobs (created_at, id)
        WHERE status IN ('queued', 'deferred');
      CREATE INDEX IF NOT EXISTS audit_jobs_key_active ON audit_jobs (queue_key, claimed_until)
        WHERE status = 'queued';
      CREATE INDEX IF NOT EXISTS audit_jobs_key_started ON audit_jobs (queue_key, started_at);
      CREATE INDEX IF NOT EXISTS audit_jobs_key_created ON audit_jobs (queue_key, created_at);
      CREATE INDEX IF NOT EXISTS audit_jobs_domain_active ON audit_jobs (domain, claimed_until)
        WHERE status = 'queued';
      CREATE INDEX IF NOT EXISTS audit_jobs_requester ON audit_jobs (requested_by, created_at)
        WHERE requested_by IS NOT NULL;
    `,
    postgres: `
      ALTER TABLE audit_jobs ADD COLUMN IF NOT EXISTS queue_key text;
      ALTER TABLE audit_jobs ADD COLUMN IF NOT EXISTS domain text;
      UPDATE audit_jobs SET queue_key = coalesce(client, 'staff:' || requested_by, 'job:' || id),
                            domain = site;
      ALTER TABLE audit_jobs ALTER COLUMN queue_key SET NOT NULL;
      ALTER TABLE audit_jobs DROP CONSTRAINT IF EXISTS audit_jobs_status_check;
      ALTER TABLE audit_jobs ADD CONSTRAINT audit_jobs_status_check
        CHECK (status IN ('queued', 'deferred', 'done', 'limited', 'failed', 'cancelled'));
      CREATE INDEX IF NOT EXISTS audit_jobs_queued ON audit_jobs (created_at) WHERE status = 'queued';
      CREATE INDEX IF NOT EXISTS audit_jobs_waiting ON audit_jobs (created_at, id)
        WHERE status IN ('queued', 'deferred');
      CREATE INDEX IF NOT EXISTS audit_jobs_key_active ON audit_jobs (queue_key, claimed_until)
        WHERE status = 'queued';
      CREATE INDEX IF NOT EXISTS audit_jobs_key_started ON audit_jobs (queue_key, started_at);
      CREATE INDEX IF NOT EXISTS audit_jobs_key_created ON audit_jobs (queue_key, created_at);
      CREATE INDEX IF NOT EXISTS audit_jobs_domain_active ON audit_jobs (domain, claimed_until)
        WHERE status = 'queued';
      CREATE INDEX IF NOT EXISTS audit_jobs_requester ON audit_jobs (requested_by, created_at)
        WHERE requested_by IS NOT NULL;
    `,
  },
];

/** The DDL of the bookkeeping table, the same in both dialects. */
export const migrationsTableSql = `
  CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`;

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
