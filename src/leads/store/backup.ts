/**
 * Backups of the SQLite store that restore (issue 17; README, "Backups and restores").
 *
 * - `backupSqlite` copies the live file with SQLite's online backup API (node:sqlite `backup`)
 *   in a single step: one read transaction, so the copy is the database as of one commit, and in
 *   WAL mode the running server keeps committing meanwhile (a step-by-step copy would restart
 *   whenever the server wrote, which under steady intake may be forever). The copy is written
 *   under a temporary name, checked (`PRAGMA integrity_check`), flushed and renamed into place.
 * - `restoreSqlite` refuses while any process has the target store open (it asks SQLite for an
 *   exclusive lock, which a server holding the file open in WAL mode prevents), checks the backup
 *   first (integrity, that it is a lead store, that this code knows its schema), keeps the
 *   current file beside it (`leads.db.before-restore-<time>`) and renames the checked copy in.
 * - The check (`schemaProblem`, issue 23) compares the file's whole schema with what this code's
 *   migrations build: every table with its columns, index, trigger and view exactly as the
 *   migrations recorded in the file would create them, and those migrations this code's own. A
 *   file with an added trigger (which could, say, drop every lead as it is stored) or a look-alike
 *   with tables of the right names is refused before it is restored.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import {
  applySqliteMigrations,
  migrations,
  migrationsTableSql,
} from "../../db/migrations/index.ts";

export class BackupError extends Error {
  override readonly name = "BackupError";
}

export interface StoreFileCheck {
  /** `PRAGMA integrity_check`'s answer: "ok", or its first problems. */
  integrity: string;
  leads: number;
  /** The highest schema migration applied. */
  schemaVersion: number;
}

/** Opens `file` and checks it: integrity, a lead store, its schema version. Never throws. */
export function checkStoreFile(file: string): StoreFileCheck | { error: string } {
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(file, { timeout: 5_000 });
    const rows = db.prepare("PRAGMA integrity_check(20)").all() as { integrity_check: string }[];
    const integrity = rows.map((r) => r.integrity_check).join("; ");
    const tables = new Set(
      (
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
          name: string;
        }[]
      ).map((r) => r.name),
    );
    if (!tables.has("leads") || !tables.has("schema_migrations")) {
      return { error: "not a lead store (no leads or schema_migrations table)" };
    }
    const problem = schemaProblem(db);
    if (problem) return { error: problem };
    const leads = Number((db.prepare("SELECT count(*) AS n FROM leads").get() as { n: number }).n);
    const version = Number(
      (db.prepare("SELECT max(version) AS v FROM schema_migrations").get() as { v: number | null })
        .v ?? 0,
    );
    return { integrity, leads, schemaVersion: version };
  } catch (error) {
    return { error: (error as Error).message };
  } finally {
    db?.close();
  }
}

interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** The schema of `db`: every table, index, trigger and view, but SQLite's own statistics. */
function schemaOf(db: DatabaseSync): Map<string, SchemaObject> {
  const rows = db
    .prepare(
      `SELECT type, name, tbl_name, sql FROM sqlite_master
       WHERE name NOT LIKE 'sqlite\\_stat%' ESCAPE '\\' ORDER BY type, name`,
    )
    .all() as unknown as SchemaObject[];
  return new Map(rows.map((r) => [`${r.type} ${r.name}`, r]));
}

/**
 * What is wrong with the schema of the lead store `db`, or null when it is exactly what this
 * code's migrations build (the ones its `schema_migrations` records, each known by version and
 * name): the same tables and columns, indexes, triggers and views, nothing more, nothing less.
 */
export function schemaProblem(db: DatabaseSync): string | null {
  const recorded = db
    .prepare("SELECT version, name FROM schema_migrations ORDER BY version")
    .all() as { version: number; name: string }[];
  const known = new Map(migrations.map((m) => [m.version, m]));
  const latest = Math.max(...known.keys());
  for (const r of recorded) {
    if (Number(r.version) > latest) {
      return `its schema (version ${r.version}) is newer than this code's (${latest}): restore with the newer code`;
    }
    if (known.get(Number(r.version))?.name !== r.name) {
      return `its migration history names a migration this code does not know (${r.version} ${r.name})`;
    }
  }
  const expected = new DatabaseSync(":memory:");
  try {
    expected.exec(migrationsTableSql);
    applySqliteMigrations(
      expected,
      recorded.map((r) => known.get(Number(r.version))!),
    );
    const want = schemaOf(expected);
    const have = schemaOf(db);
    const differences: string[] = [];
    for (const [key, object] of have) {
      const wanted = want.get(key);
      if (!wanted) differences.push(`an unexpected ${key}`);
      else if (wanted.sql !== object.sql || wanted.tbl_name !== object.tbl_name)
        differences.push(`${key} differs from this code's`);
    }
    for (const key of want.keys()) if (!have.has(key)) differences.push(`no ${key}`);
    if (!differences.length) return null;
    const shown = differences.slice(0, 5).join(", ");
    return `its schema is not the one this code's migrations make (${shown}${differences.length > 5 ? ", …" : ""})`;
  } finally {
    expected.close();
  }
}

/** fsync of a file or a folder (a rename is durable once its folder is flushed). */
function flush(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A single backup step copies this many pages at most: every page of any store we will meet. */
const ALL_PAGES = 2 ** 30;

/** Copies the live store `source` to `target` (which must not exist); returns the copy's check. */
export async function backupSqlite(source: string, target: string): Promise<StoreFileCheck> {
  if (!existsSync(source))
    throw new BackupError(`There is no store at ${source}: nothing to back up`);
  if (existsSync(target)) {
    throw new BackupError(`${target} exists: give the backup a new file name`);
  }
  const partial = join(dirname(target), `.${basename(target)}.partial-${process.pid}`);
  const db = new DatabaseSync(source, { timeout: 5_000 });
  try {
    await backup(db, partial, { rate: ALL_PAGES });
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(`The backup failed: ${(error as Error).message}`, { cause: error });
  } finally {
    db.close();
  }
  const check = checkStoreFile(partial);
  if ("error" in check || check.integrity !== "ok") {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(partial + suffix, { force: true });
    throw new BackupError(
      `The copy failed its check (${"error" in check ? check.error : check.integrity}); nothing was written`,
    );
  }
  flush(partial);
  renameSync(partial, target);
  flush(dirname(target));
  return check;
}

/** Whether a process (a running server, another CLI) has the SQLite file open. */
export function storeInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  let db: DatabaseSync | null = null;
  try {
    // No waiting: an exclusive lock is refused at once while anyone else has the file open
    // (in WAL mode every open connection holds a shared lock on it).
    db = new DatabaseSync(file, { timeout: 0 });
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
    db.exec("COMMIT");
    return false;
  } catch (error) {
    const message = (error as Error).message;
    if (/locked|busy/i.test(message)) return true;
    throw new BackupError(`Cannot open ${file}: ${message}`, { cause: error });
  } finally {
    // Closing the last connection also checkpoints the WAL into the file and removes it.
    db?.close();
  }
}

export interface RestoreResult extends StoreFileCheck {
  /** Where the store that was replaced now is (null when there was none). */
  previous: string | null;
}

/** Replaces the store at `target` with the backup `source`, checked first; see the header. */
export function restoreSqlite(
  source: string,
  target: string,
  now: Date = new Date(),
): RestoreResult {
  if (!existsSync(source)) throw new BackupError(`There is no backup at ${source}`);
  const refuseIfRunning = () => {
    if (storeInUse(target)) {
      throw new BackupError(
        `The store ${target} is in use (a running server, or another leads command): stop the server, then restore`,
      );
    }
  };
  refuseIfRunning();
  mkdirSync(dirname(target), { recursive: true });
  const staged = join(dirname(target), `.${basename(target)}.restoring-${process.pid}`);
  copyFileSync(source, staged);
  const check = checkStoreFile(staged);
  // A schema newer than this code's, or any other, is the check's error (schemaProblem).
  const problem =
    "error" in check
      ? check.error
      : check.integrity !== "ok"
        ? `integrity_check: ${check.integrity}`
        : null;
  if (problem || "error" in check) {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(staged + suffix, { force: true });
    throw new BackupError(`${source} cannot be restored: ${problem}; the store was not touched`);
  }
  flush(staged);
  refuseIfRunning();
  let previous: string | null = null;
  if (existsSync(target)) {
    previous = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
    renameSync(target, previous);
    // A journal left beside the old file belongs to it: it must never meet the restored one.
    for (const suffix of ["-wal", "-shm"]) {
      if (existsSync(target + suffix)) renameSync(target + suffix, previous + suffix);
    }
  }
  renameSync(staged, target);
  flush(dirname(target));
  return { ...check, previous };
}
