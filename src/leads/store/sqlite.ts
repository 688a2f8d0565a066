/**
 * The lead store on one SQLite file (DATA_DIR/leads.db): the store written once (./store.ts)
 * over a connection opened on `file` (src/db/connection.ts, its durability settings), migrated
 * as it opens. Tools and tests open one by file; the server opens its connection in the
 * composition root and shares it (./index.ts).
 */
import type { DatabaseSync } from "node:sqlite";
import { openSqlite, type SqliteConnection, type SqliteSync } from "../../db/connection.ts";
import { migrateSqlite } from "../../db/migrate.ts";
import { agencyZone } from "../../lib/agencyZone.ts";
import { agencyClockAfterMigrate } from "./agencyClock.ts";
import { SqlLeadStore } from "./store.ts";

export type { SqliteSync } from "../../db/connection.ts";

export class SqliteLeadStore extends SqlLeadStore {
  readonly file: string;
  declare readonly connection: SqliteConnection;

  constructor(file: string, sync: SqliteSync = "full", timeZone: string = agencyZone()) {
    const connection = openSqlite(file, sync);
    super(connection, { timeZone });
    this.file = file;
    this.appliedOnOpen = this.migrateSync();
    // Leads a stopped server (or another process) left unindexed: index them soon.
    this.startIndexing();
  }

  /** The open database (the backup, the search indexer of the inbox, tests). */
  get database(): DatabaseSync {
    return this.connection.sqlite;
  }

  /** Runs pending migrations and the agency clock's upkeep; returns the versions applied. */
  migrateSync(): number[] {
    return migrateSqlite(this.connection, agencyClockAfterMigrate(this.timeZone));
  }
}
