/**
 * `leads restore FILE` restores only a lead store whose schema is exactly what this code's
 * migrations make (issue 23), and carries the secret of checklist links with the backup:
 * - a real backup with one trigger added (one that deletes every lead as it is stored) is
 *   refused, naming the trigger, and nothing is written; so are an added index or view and a
 *   look-alike with tables of the right names but not their columns, and a migration history
 *   this code does not know;
 * - `leads backup FILE` copies DATA_DIR/ip-hash-salt beside it, and a restore into a new folder
 *   brings it back: a checklist link sent before the backup downloads from a server on the
 *   restored folder.
 */
import { execFile } from "node:child_process";
import { childEnv } from "../support/childEnv";
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import {
  node,
  postJson,
  removeDir,
  root,
  startServer,
  tempDir,
  validLeads,
  type RunningServer,
} from "./support";

function leadsCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      node,
      ["--disable-warning=ExperimentalWarning", join(root, "cli/leads.ts"), ...args],
      { cwd: root, env: { ...childEnv, ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr }),
    );
  });
}

describe("leads restore checks the schema and carries the link secret", () => {
  const source = tempDir("restore-source-");
  const backups = tempDir("restore-backups-");
  const dirs: string[] = [source, backups];
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
    for (const d of dirs) removeDir(d);
  });
  const good = join(backups, "good.db");
  let download = "";
  let leadId = "";

  it("backs up a store with a guide lead, its link secret beside it", async () => {
    const server = await startServer({ DATA_DIR: source, LOG_LEVEL: "warn" });
    servers.push(server);
    const res = await postJson(server.url, { _form: "guide", ...validLeads.guide, _t: "9000" });
    expect(res.status).toBe(201);
    ({ id: leadId, download: download } = (await res.json()) as { id: string; download: string });
    expect((await fetch(`${server.url}${download}`)).status).toBe(200);
    const backup = await leadsCli(["backup", good], { DATA_DIR: source });
    expect(backup.code, backup.stderr).toBe(0);
    expect(readFileSync(`${good}.ip-hash-salt`, "utf8")).toBe(
      readFileSync(join(source, "ip-hash-salt"), "utf8"),
    );
    expect(statSync(`${good}.ip-hash-salt`).mode & 0o077).toBe(0);
    await server.stop();
    servers.pop();
  });

  /** A copy of the good backup changed by `sql`. */
  function altered(name: string, sql: string): string {
    const file = join(backups, name);
    copyFileSync(good, file);
    const db = new DatabaseSync(file);
    try {
      db.exec(sql);
    } finally {
      db.close();
    }
    return file;
  }

  async function refused(file: string, why: RegExp) {
    const target = tempDir("restore-refused-");
    dirs.push(target);
    const r = await leadsCli(["restore", file], { DATA_DIR: target });
    expect(r.code, r.stdout).toBe(1);
    expect(r.stderr).toMatch(/cannot be restored: .*the store was not touched/);
    expect(r.stderr).toMatch(why);
    expect(readdirSync(target)).toEqual([]);
  }

  it("refuses a backup with an added trigger that would drop every lead", async () => {
    const file = altered(
      "trigger.db",
      `CREATE TRIGGER swallow AFTER INSERT ON leads BEGIN DELETE FROM leads; END;`,
    );
    await refused(file, /an unexpected trigger swallow/);
  });

  it("refuses an added index or view, a changed trigger and an unknown migration", async () => {
    await refused(
      altered("index.db", "CREATE INDEX extra ON leads (kind)"),
      /unexpected index extra/,
    );
    await refused(
      altered("view.db", "CREATE VIEW everyone AS SELECT * FROM leads"),
      /unexpected view everyone/,
    );
    await refused(
      altered(
        "changed-trigger.db",
        `DROP TRIGGER lead_search_insert;
         CREATE TRIGGER lead_search_insert AFTER INSERT ON leads BEGIN DELETE FROM leads; END;`,
      ),
      /trigger lead_search_insert differs/,
    );
    await refused(
      altered("history.db", "UPDATE schema_migrations SET name = 'imaginary' WHERE version = 3"),
      /a migration this code does not know \(3 imaginary\)/,
    );
  });

  it("refuses a look-alike with tables of the right names", async () => {
    const fake = join(backups, "fake.db");
    const real = new DatabaseSync(good, { readOnly: true });
    const db = new DatabaseSync(fake);
    try {
      // Every ordinary table of a real store by name, each with one column, and the real
      // migration history.
      const names = real
        .prepare(
          `SELECT name FROM sqlite_master WHERE type = 'table'
           AND name NOT LIKE 'lead_search%' AND name <> 'schema_migrations'`,
        )
        .all() as { name: string }[];
      for (const { name } of names) db.exec(`CREATE TABLE "${name}" (x)`);
      db.exec(
        "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)",
      );
      const rows = real.prepare("SELECT version, name, applied_at FROM schema_migrations").all();
      const insert = db.prepare("INSERT INTO schema_migrations VALUES (?, ?, ?)");
      for (const r of rows as { version: number; name: string; applied_at: string }[])
        insert.run(r.version, r.name, r.applied_at);
    } finally {
      real.close();
      db.close();
    }
    await refused(fake, /table \w+ differs from this code's/);
  });

  it("restores the real backup into a new folder with its secret: the old link still works", async () => {
    const target = tempDir("restore-new-");
    dirs.push(target);
    const r = await leadsCli(["restore", good], { DATA_DIR: target });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Restored 1 lead");
    expect(readFileSync(join(target, "ip-hash-salt"), "utf8")).toBe(
      readFileSync(join(source, "ip-hash-salt"), "utf8"),
    );
    expect(existsSync(join(target, "leads.db"))).toBe(true);
    const server = await startServer({ DATA_DIR: target, LOG_LEVEL: "warn" });
    servers.push(server);
    const res = await fetch(`${server.url}${download}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(leadId).toBeTruthy();
  });
});
