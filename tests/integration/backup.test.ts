/**
 * Backups that restore (issue 17). SQLite: `leads backup FILE` while the built server takes leads
 * over HTTP without pause, `leads restore FILE` into a fresh data folder: the restored file passes
 * `PRAGMA integrity_check`, holds every lead acknowledged before the backup began, and a server
 * starts on it and takes leads. Restore refuses a store a server has open and a damaged backup,
 * touching nothing. PostgreSQL: the README's pg_dump and pg_restore, run for real under the same
 * load, into a fresh database.
 */
import { afterAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { childEnv } from "../support/childEnv";
import { existsSync, openSync, readdirSync, closeSync, writeSync, statSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import postgres from "postgres";
import {
  node,
  postgresAvailable,
  postJson,
  removeDir,
  root,
  serverStore,
  startServer,
  tempDir,
  testDatabaseUrl,
  validLeads,
  type RunningServer,
} from "./support";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A command as a child process, never blocking this one (the load below runs in it). */
function run(file: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd: root, env: { ...childEnv, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({
          // A number: the exit status; a string (ENOENT: pg_dump not installed): -1, said in stderr.
          code: !error ? 0 : typeof error.code === "number" ? error.code : -1,
          stdout,
          stderr: error && typeof error.code !== "number" ? `${error.message}\n${stderr}` : stderr,
        }),
    );
  });
}

const leadsCli = (args: string[], env: Record<string, string>) =>
  run(node, ["--disable-warning=ExperimentalWarning", join(root, "cli/leads.ts"), ...args], env);

/** Every lead id the CLI exports from a store. */
async function storedIds(env: Record<string, string>): Promise<Set<string>> {
  const r = await leadsCli(["export", "--format", "json"], env);
  expect(r.code, r.stderr).toBe(0);
  return new Set((JSON.parse(r.stdout) as { id: string }[]).map((l) => l.id));
}

/** Posts leads over HTTP from `workers` loops until stopped; records every acknowledged id. */
function startLoad(url: string, workers = 6) {
  const acknowledged: string[] = [];
  let stop = false;
  let errors = 0;
  const loop = async (w: number) => {
    for (let i = 0; !stop; i++) {
      try {
        const res = await postJson(url, {
          _form: "testimonial",
          ...validLeads.testimonial,
          name: `Backup Load ${w}-${i}`,
        });
        if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
        else errors++;
      } catch {
        errors++;
      }
    }
  };
  const running = Promise.all(Array.from({ length: workers }, (_, w) => loop(w)));
  return {
    acknowledged,
    errors: () => errors,
    /** Resolves once at least `n` leads are acknowledged. */
    async reach(n: number) {
      const deadline = Date.now() + 30_000;
      while (acknowledged.length < n) {
        if (Date.now() > deadline) throw new Error(`only ${acknowledged.length} of ${n} leads`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async stop() {
      stop = true;
      await running;
    },
  };
}

describe("SQLite backup and restore", () => {
  const source = serverStore("sqlite", "backup");
  const restored = tempDir("backup-restored-");
  const backups = tempDir("backup-files-");
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
    await source.cleanup();
    removeDir(restored);
    removeDir(backups);
  });

  it("backs up under load; the restore is intact, complete and serves", async () => {
    const server = await startServer({ ...source.env, LEADS_RATE_LIMIT: "off", LOG_LEVEL: "warn" });
    servers.push(server);
    // A reader that stays open throughout (as a long export would): checkpoints cannot move the
    // leads committed after it began into the main file, so they live only in the WAL, and a
    // copy that missed the WAL (a plain file copy) would lose them. The backup must not.
    const reader = new DatabaseSync(join(source.env.DATA_DIR!, "leads.db"));
    reader.exec("BEGIN");
    reader.prepare("SELECT count(*) FROM leads").get();
    const load = startLoad(server.url);
    await load.reach(300);
    // Everything acknowledged so far must be in the backup; posting goes on during it.
    const before = [...load.acknowledged];
    const file = join(backups, "leads-backup.db");
    const backup = await leadsCli(["backup", file], source.env);
    const duringBackup = load.acknowledged.length - before.length;
    await load.reach(load.acknowledged.length + 50);
    await load.stop();
    reader.exec("COMMIT");
    reader.close();
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up \d+ leads \(schema version \d+, integrity ok\) to /);
    const backedUp = Number(/Backed up (\d+) leads/.exec(backup.stdout)![1]);
    expect(backedUp).toBeGreaterThanOrEqual(before.length);
    expect(load.errors()).toBe(0);
    // The server kept answering while the copy was made (it took some leads meanwhile or after).
    expect(load.acknowledged.length).toBeGreaterThan(before.length);
    console.log(
      `backup under load: ${before.length} acknowledged before, ${duringBackup} during, ` +
        `${backedUp} in the backup, ${load.acknowledged.length} in all`,
    );

    // The CLI leaves no partial file beside the backup, only the link secret (docs/erasure.md).
    expect(readdirSync(backups).sort()).toEqual([
      "leads-backup.db",
      "leads-backup.db.ip-hash-salt",
    ]);
    // Restore into a fresh data folder (which does not exist yet).
    const target = { DATA_DIR: join(restored, "data") };
    const restore = await leadsCli(["restore", file], target);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`Restored ${backedUp} leads`);
    const db = new DatabaseSync(join(target.DATA_DIR, "leads.db"));
    try {
      expect(db.prepare("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
    } finally {
      db.close();
    }
    const ids = await storedIds(target);
    const missing = before.filter((id) => !ids.has(id));
    expect(missing, `${missing.length} acknowledged leads missing from the restore`).toEqual([]);
    expect(ids.size).toBe(backedUp);

    // A server starts on the restored store, answers, and takes leads.
    const again = await startServer({ ...target, LOG_LEVEL: "warn" });
    servers.push(again);
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    const res = await postJson(again.url, { _form: "quick", ...validLeads.quick });
    expect(res.status).toBe(201);
    const newId = ((await res.json()) as { id: string }).id;
    const after = await storedIds(target);
    expect(after.has(newId)).toBe(true);
    expect(after.has(before[0]!)).toBe(true);
  });

  it("refuses to restore over a store a server has open, and leaves it alone", async () => {
    const running = servers[1]!;
    const target = { DATA_DIR: join(restored, "data") };
    const before = await storedIds(target);
    const r = await leadsCli(["restore", join(backups, "leads-backup.db")], target);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/is in use \(a running server, or another leads command\)/);
    expect(await storedIds(target)).toEqual(before);
    expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
    expect(readdirSync(target.DATA_DIR).filter((f) => f.includes("restoring"))).toEqual([]);
  });

  it("refuses a damaged backup and a file that is no lead store, touching nothing", async () => {
    const good = join(backups, "leads-backup.db");
    const damaged = join(backups, "damaged.db");
    await run("cp", [good, damaged]);
    // Overwrite pages in the middle of the file (a torn copy, a bad disk).
    const size = statSync(damaged).size;
    const fd = openSync(damaged, "r+");
    writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, Math.floor(size / 2 / 4096) * 4096);
    closeSync(fd);
    const fresh = { DATA_DIR: tempDir("backup-damaged-") };
    try {
      const r = await leadsCli(["restore", damaged], fresh);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/cannot be restored: .*the store was not touched/);
      expect(existsSync(join(fresh.DATA_DIR, "leads.db"))).toBe(false);
      const notAStore = join(backups, "not-a-store.db");
      new DatabaseSync(notAStore).exec("CREATE TABLE t (x)");
      const r2 = await leadsCli(["restore", notAStore], fresh);
      expect(r2.code).toBe(1);
      expect(r2.stderr).toContain("not a lead store");
      expect(readdirSync(fresh.DATA_DIR)).toEqual([]);
    } finally {
      removeDir(fresh.DATA_DIR);
    }
  });

  it("will not overwrite an existing backup file, and sends PostgreSQL users to pg_dump", async () => {
    const r = await leadsCli(["backup", join(backups, "leads-backup.db")], source.env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("exists: give the backup a new file name");
    const pg = await leadsCli(["backup", join(backups, "pg.db")], {
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
      DATABASE_SCHEMA: "leads",
    });
    expect(pg.code).toBe(2);
    expect(pg.stderr).toContain(
      'pg_dump --format=custom --schema=leads --file=leads.dump "$DATABASE_URL"',
    );
    expect(existsSync(join(backups, "pg.db"))).toBe(false);
  });
});

const pg = await postgresAvailable();
describe.skipIf(!pg)("PostgreSQL backup and restore with pg_dump and pg_restore", () => {
  const source = serverStore("postgres", "pgbackup");
  const schema = source.env.DATABASE_SCHEMA!;
  const database = `leads_restore_${process.pid}`;
  const restoredUrl = (() => {
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${database}`;
    return url.toString();
  })();
  const dumps = tempDir("pg-dump-");
  const admin = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} });
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
    await admin.unsafe(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end({ timeout: 1 });
    await source.cleanup();
    removeDir(dumps);
  });

  it("dumps under load and restores into a fresh database that a server then serves", async () => {
    const server = await startServer({ ...source.env, LEADS_RATE_LIMIT: "off", LOG_LEVEL: "warn" });
    servers.push(server);
    const load = startLoad(server.url, 4);
    await load.reach(200);
    const before = [...load.acknowledged];
    const file = join(dumps, "leads.dump");
    // The README's command, with the test's own schema.
    const dump = await run("pg_dump", [
      "--format=custom",
      `--schema=${schema}`,
      `--file=${file}`,
      testDatabaseUrl,
    ]);
    await load.reach(load.acknowledged.length + 50);
    await load.stop();
    expect(dump.code, dump.stderr).toBe(0);
    expect(load.errors()).toBe(0);

    // A fresh database, with pg_trgm where the migrations would put it (README: a dump of one
    // schema does not carry the extension).
    await admin.unsafe(`CREATE DATABASE "${database}"`);
    const fresh = postgres(restoredUrl, { max: 1, onnotice: () => {} });
    try {
      await fresh`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.catch(() => {});
    } finally {
      await fresh.end({ timeout: 1 });
    }
    const restore = await run("pg_restore", [
      "--no-owner",
      "--exit-on-error",
      `--dbname=${restoredUrl}`,
      file,
    ]);
    expect(restore.code, restore.stderr).toBe(0);

    const target = {
      DATA_DIR: tempDir("pg-restored-"),
      DATABASE_URL: restoredUrl,
      DATABASE_SCHEMA: schema,
    };
    try {
      const ids = await storedIds(target);
      const missing = before.filter((id) => !ids.has(id));
      expect(missing, `${missing.length} acknowledged leads missing from the restore`).toEqual([]);
      const again = await startServer({ ...target, LOG_LEVEL: "warn" });
      servers.push(again);
      expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
      const res = await postJson(again.url, { _form: "quick", ...validLeads.quick });
      expect(res.status).toBe(201);
      const newId = ((await res.json()) as { id: string }).id;
      expect((await storedIds(target)).has(newId)).toBe(true);
      console.log(
        `pg_dump under load: ${before.length} acknowledged before, ${ids.size} in the dump, ` +
          `${load.acknowledged.length} in all`,
      );
    } finally {
      removeDir(target.DATA_DIR);
    }
  });
});
