/**
 * The SQLite driver's transaction lock (src/db/driver.ts) under requests that arrive together, as
 * staff pressing one link in two tabs do: every transaction runs alone, a statement never lands
 * inside another request's transaction, and a refused BEGIN leaves the driver usable.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { sqliteDb } from "../../src/db/driver.ts";

function counter() {
  const database = new DatabaseSync(":memory:");
  database.exec("CREATE TABLE c (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)");
  database.exec("INSERT INTO c (id, n) VALUES (1, 0)");
  return { database, db: sqliteDb(database) };
}

describe("the SQLite driver's transaction lock", () => {
  it("runs transactions started at the same moment one after another", async () => {
    const { db } = counter();
    const bump = () =>
      db.transaction(async (tx) => {
        const row = await tx.one<{ n: number }>("SELECT n FROM c WHERE id = 1");
        await tx.run("UPDATE c SET n = $1 WHERE id = 1", [row!.n + 1]);
        return row!.n;
      });
    const seen = await Promise.all(Array.from({ length: 8 }, bump));
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(await db.one("SELECT n FROM c WHERE id = 1")).toEqual({ n: 8 });
  });

  it("keeps a statement out of a transaction that starts while it waits", async () => {
    const { db } = counter();
    const failing = db.transaction(async (tx) => {
      await tx.run("UPDATE c SET n = 100 WHERE id = 1");
      throw new Error("rolled back");
    });
    const write = db.run("UPDATE c SET n = n + 1 WHERE id = 1");
    const later = db.transaction(async (tx) => {
      await tx.run("UPDATE c SET n = n + 10 WHERE id = 1");
      throw new Error("rolled back too");
    });
    await expect(failing).rejects.toThrow("rolled back");
    await expect(later).rejects.toThrow("rolled back too");
    expect(await write).toBe(1);
    expect(await db.one("SELECT n FROM c WHERE id = 1")).toEqual({ n: 1 });
  });

  it("stays usable after a BEGIN is refused", async () => {
    const { database, db } = counter();
    database.exec("BEGIN"); // another user of the connection holds a transaction open
    await expect(db.transaction(async () => 1)).rejects.toThrow(/within a transaction/);
    database.exec("ROLLBACK");
    expect(await db.transaction(async (tx) => tx.one("SELECT n FROM c"))).toEqual({ n: 0 });
  });

  it("lets two connections to one file in this process take turns", async () => {
    const dir = mkdtempSync(join(tmpdir(), "db-driver-"));
    try {
      const file = join(dir, "two.db");
      const open = () => {
        const database = new DatabaseSync(file);
        database.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 2000");
        return database;
      };
      const first = open();
      first.exec("CREATE TABLE c (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)");
      first.exec("INSERT INTO c (id, n) VALUES (1, 0)");
      const [a, b] = [sqliteDb(first), sqliteDb(open())];
      const bump = (db: typeof a) =>
        db.transaction(async (tx) => {
          const row = await tx.one<{ n: number }>("SELECT n FROM c WHERE id = 1");
          await tx.run("UPDATE c SET n = $1 WHERE id = 1", [row!.n + 1]);
        });
      const started = Date.now();
      await Promise.all([bump(a), bump(b), bump(a), bump(b)]);
      expect(Date.now() - started).toBeLessThan(1000); // no busy wait
      expect(await b.one("SELECT n FROM c WHERE id = 1")).toEqual({ n: 4 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
