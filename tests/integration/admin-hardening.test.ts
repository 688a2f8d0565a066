/**
 * The staff side under hostile input and a failing store (issue 23, section 5), over the real
 * built server on SQLite and on the real PostgreSQL:
 * - a NUL byte or another control character in an inbox query parameter (search, filters, the
 *   CSV export of the same view) or in a lead's address gets the intake's text rule: never a 500,
 *   never a CSV cut after its header (on PostgreSQL too, which refuses a NUL in any text);
 * - on SQLite (the same code on both stores): a page view does not write the session more often
 *   than every five minutes, and with the store refusing writes (a full disk: here a trigger that
 *   raises SQLite's "database or disk is full" on every write to the session and audit tables)
 *   the inbox and a lead's page still render;
 * - while the store cannot be reached at all, staff pages answer a 503 page with the message
 *   (HTML, not raw JSON), and the admin API a 503 JSON with the same message.
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ownerSession,
  postgresAvailable,
  postJson,
  removeDir,
  serverStore,
  startServer,
  tempDir,
  validLeads,
  type RunningServer,
} from "./support";

/** Runs SQL on the server's SQLite store from beside it. */
function onStore(env: Record<string, string>, sql: string): void {
  const db = new DatabaseSync(join(env.DATA_DIR!, "leads.db"), { timeout: 5_000 });
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

function lastSeen(env: Record<string, string>): string[] {
  const db = new DatabaseSync(join(env.DATA_DIR!, "leads.db"), { readOnly: true });
  try {
    return (
      db.prepare("SELECT last_seen_at AS t FROM staff_sessions ORDER BY t").all() as { t: string }[]
    ).map((r) => r.t);
  } finally {
    db.close();
  }
}

const WRITE_TABLES = ["staff_sessions", "audit_log"];
/** A full disk: SQLite's "database or disk is full" on every write to the session and audit tables. */
const refuseWrites = WRITE_TABLES.flatMap((t) =>
  ["INSERT", "UPDATE", "DELETE"].map(
    (op) =>
      `CREATE TRIGGER full_${t}_${op} BEFORE ${op} ON ${t}
       BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END;`,
  ),
).join("\n");
const takeWrites = WRITE_TABLES.flatMap((t) =>
  ["INSERT", "UPDATE", "DELETE"].map((op) => `DROP TRIGGER full_${t}_${op};`),
).join("\n");

/**
 * On both stores: PostgreSQL refuses a NUL in any text it is sent (SQLite keeps it), so the NUL
 * test proves on PostgreSQL that none reaches the store.
 */
function suite(driver: "sqlite" | "postgres") {
  describe(`the staff side under hostile input and a failing store (${driver})`, () => {
    const store = serverStore(driver, `admin-hardening-${driver}`);
    const env: Record<string, string> = {
      ...store.env,
      LOG_LEVEL: "error",
      LEADS_RATE_LIMIT: "off",
    };
    let server: RunningServer;
    let cookie = "";
    let leadId = "";
    const get = (path: string) =>
      fetch(`${server.url}${path}`, { redirect: "manual", headers: { cookie } });

    beforeAll(async () => {
      server = await startServer(env);
      cookie = await ownerSession(server, env);
      const res = await postJson(server.url, {
        _form: "contact",
        ...validLeads.contact,
        _t: "9000",
      });
      leadId = ((await res.json()) as { id: string }).id;
    });
    afterAll(async () => {
      await server?.stop();
      await store.cleanup();
    });

    it("takes NUL and other control characters in any inbox parameter without a 500", async () => {
      for (const bad of ["%00", "%1B", "%7F", "%C2%85", "%0D%0A"]) {
        for (const query of [
          `q=Casey${bad}`,
          `q=${bad}`,
          `status=new${bad}`,
          `kind=${bad}contact`,
          `from=2026-01-01${bad}`,
          `source=${bad}direct`,
          `campaign=x${bad}`,
          `before=${bad}`,
        ]) {
          const page = await get(`/admin?${query}`);
          expect(page.status, `/admin?${query}`).toBe(200);
          await page.arrayBuffer();
          const csv = await get(`/api/admin/export.csv?${query}`);
          expect(csv.status, `export.csv?${query}`).toBe(200);
          await csv.arrayBuffer();
        }
        // The search without its control character: the lead is found, in the page and the CSV.
        expect(await (await get(`/admin?q=Casey${bad}`)).text()).toContain(
          `/admin/leads/${leadId}`,
        );
        const csv = await (await get(`/api/admin/export.csv?q=Casey${bad}`)).text();
        expect(csv.trim().split("\r\n"), `CSV of q=Casey${bad}`).toHaveLength(2);
        expect(csv).toContain(validLeads.contact.email);
        expect((await get(`/admin/leads/${bad}${leadId}`)).status).toBe(404);
      }
    });

    // The session's writes and a full disk are the same code on both stores: SQLite only.
    if (driver === "sqlite")
      it("writes the session at most every five minutes, and reads on with writes refused", async () => {
        const first = lastSeen(env);
        for (let i = 0; i < 3; i++) expect((await get("/admin")).status).toBe(200);
        // Pages seen within five minutes of the last write wrote nothing.
        expect(lastSeen(env)).toEqual(first);

        // Last seen ten minutes ago: the next page would write it, but the disk is full.
        const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
        onStore(env, `UPDATE staff_sessions SET last_seen_at = '${tenMinutesAgo}'`);
        onStore(env, refuseWrites);
        try {
          const inbox = await get("/admin");
          expect(inbox.status).toBe(200);
          expect(await inbox.text()).toContain(`/admin/leads/${leadId}`);
          const lead = await get(`/admin/leads/${leadId}`);
          expect(lead.status).toBe(200);
          expect(await lead.text()).toContain(validLeads.contact.email);
          expect(lastSeen(env)).toEqual([tenMinutesAgo]);
        } finally {
          onStore(env, takeWrites);
        }
        // With writes back, the next page moves it on.
        expect((await get("/admin")).status).toBe(200);
        expect(lastSeen(env)[0]! > tenMinutesAgo).toBe(true);
      });
  });
}

suite("sqlite");
describe.skipIf(!(await postgresAvailable()))("PostgreSQL", () => suite("postgres"));

describe("a store that cannot be reached", () => {
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
    for (const d of dirs) removeDir(d);
  });

  for (const [driver, store] of [
    // SQLite: DATA_DIR names a path under a file, so the store cannot be opened.
    ["sqlite", (dir: string) => ({ DATA_DIR: join(dir, "leads.db", "data") })],
    // PostgreSQL: nothing listens on port 1.
    [
      "postgres",
      (dir: string) => ({
        DATA_DIR: dir,
        DATABASE_URL: "postgres://postgres@127.0.0.1:1/none",
        DATABASE_SCHEMA: "leads",
      }),
    ],
  ] as const) {
    it(`staff pages answer a 503 page with the message, not JSON (${driver})`, async () => {
      const dir = tempDir(`admin-outage-${driver}-`);
      dirs.push(dir);
      if (driver === "sqlite") new DatabaseSync(join(dir, "leads.db")).close();
      const server = await startServer({ ...store(dir), LOG_LEVEL: "fatal" });
      servers.push(server);
      const headers = { cookie: "gl_session=some-session-of-before-the-outage" };
      for (const path of ["/admin", "/admin/leads/abc", "/admin/performance"]) {
        const page = await fetch(`${server.url}${path}`, { redirect: "manual", headers });
        expect(page.status, path).toBe(503);
        expect(page.headers.get("content-type"), path).toMatch(/^text\/html/);
        expect(page.headers.get("retry-after"), path).toBe("5");
        const html = await page.text();
        expect(html, path).toContain("The inbox cannot reach its data");
        expect(html, path).toContain("try again in a minute");
        expect(html, path).not.toContain('"error"');
      }
      const api = await fetch(`${server.url}/api/admin/me`, { headers });
      expect(api.status).toBe(503);
      expect(await api.json()).toMatchObject({
        error: "store_unavailable",
        message: expect.stringContaining("try again in a minute"),
      });
    });
  }
});
