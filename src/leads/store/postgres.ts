/**
 * The store for several servers: PostgreSQL through the `postgres` driver, used when DATABASE_URL
 * is a postgres:// URL. `insert` resolves after the INSERT has committed; with PostgreSQL's
 * default synchronous_commit=on that means the commit record is flushed to the WAL on disk, so an
 * acknowledged lead survives a crash of this server, of PostgreSQL and a power loss.
 *
 * DATABASE_SCHEMA (default "public") puts the tables in another schema, created when missing;
 * the tests use it to give every run its own schema.
 */
import postgres from "postgres";
import { migrationsTableSql, pendingMigrations } from "./migrations/index.ts";
import { StoreUnavailableError, type LeadQuery, type LeadRecord, type LeadStore } from "./types.ts";

interface Row {
  id: string;
  kind: string;
  form: string;
  subject: string | null;
  created_at: Date;
  spam: boolean;
  fields: Record<string, string>;
  metadata: LeadRecord["metadata"];
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** Any constant: serialises concurrent migrations of several servers starting at once. */
const MIGRATION_LOCK = 7_270_001;

function toRecord(row: Row): LeadRecord {
  return {
    id: row.id,
    kind: row.kind as LeadRecord["kind"],
    form: row.form as LeadRecord["form"],
    subject: row.subject,
    createdAt: row.created_at.toISOString(),
    spam: row.spam,
    fields: row.fields,
    metadata: row.metadata,
  };
}

function unavailable(error: unknown): StoreUnavailableError {
  if (error instanceof StoreUnavailableError) return error;
  const code = (error as { code?: string }).code;
  return new StoreUnavailableError(`PostgreSQL store failed: ${(error as Error).message}`, {
    cause: error,
    code,
  });
}

export interface PostgresOptions {
  schema?: string | undefined;
  /** Connections in the pool. */
  max?: number | undefined;
}

export class PostgresLeadStore implements LeadStore {
  readonly driver = "postgres" as const;
  readonly schema: string;
  readonly sql: postgres.Sql;
  appliedOnOpen: readonly number[] = [];

  constructor(url: string, options: PostgresOptions = {}) {
    const schema = options.schema || "public";
    if (!SCHEMA_NAME.test(schema))
      throw new Error(`DATABASE_SCHEMA "${schema}" is not a plain name`);
    this.schema = schema;
    this.sql = postgres(url, {
      max: options.max ?? 10,
      connect_timeout: 5,
      idle_timeout: 60,
      onnotice: () => {},
      connection: { search_path: schema, application_name: "leads" },
    });
  }

  async migrate(): Promise<number[]> {
    try {
      return await this.sql.begin(async (tx) => {
        // Under the lock: even CREATE SCHEMA IF NOT EXISTS fails when two servers race.
        await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
        if (this.schema !== "public") {
          await tx.unsafe(`CREATE SCHEMA IF NOT EXISTS "${this.schema}"`);
        }
        await tx.unsafe(migrationsTableSql);
        const applied = await tx<{ version: number }[]>`SELECT version FROM schema_migrations`;
        const done: number[] = [];
        for (const m of pendingMigrations(applied.map((r) => r.version))) {
          await tx.unsafe(m.postgres);
          await tx`INSERT INTO schema_migrations (version, name, applied_at)
                   VALUES (${m.version}, ${m.name}, ${new Date().toISOString()})`;
          done.push(m.version);
        }
        return done;
      });
    } catch (error) {
      throw unavailable(error);
    }
  }

  async insert(lead: LeadRecord): Promise<void> {
    try {
      await this.sql`
        INSERT INTO leads (id, kind, form, subject, created_at, spam, fields, metadata)
        VALUES (${lead.id}, ${lead.kind}, ${lead.form}, ${lead.subject}, ${lead.createdAt},
                ${lead.spam}, ${this.sql.json(lead.fields)},
                ${this.sql.json(lead.metadata as unknown as postgres.JSONValue)})`;
    } catch (error) {
      throw unavailable(error);
    }
  }

  async get(id: string): Promise<LeadRecord | null> {
    try {
      const rows = await this.sql<Row[]>`SELECT * FROM leads WHERE id = ${id}`;
      return rows[0] ? toRecord(rows[0]) : null;
    } catch (error) {
      throw unavailable(error);
    }
  }

  async list(query: LeadQuery = {}): Promise<LeadRecord[]> {
    const sql = this.sql;
    try {
      const rows = await sql<Row[]>`
        SELECT * FROM leads
        WHERE true
          ${query.since ? sql`AND created_at >= ${query.since}` : sql``}
          ${query.kind ? sql`AND kind = ${query.kind}` : sql``}
          ${query.includeSpam ? sql`` : sql`AND spam = false`}
        ORDER BY created_at, id
        ${query.limit ? sql`LIMIT ${query.limit}` : sql``}`;
      return rows.map(toRecord);
    } catch (error) {
      throw unavailable(error);
    }
  }

  async ping(): Promise<void> {
    try {
      await this.sql`SELECT 1 FROM schema_migrations LIMIT 1`;
    } catch (error) {
      throw unavailable(error);
    }
  }

  async close(): Promise<void> {
    await this.sql.end({ timeout: 5 });
  }
}
