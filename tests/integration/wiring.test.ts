/**
 * The server process's wiring (issue 25): one module graph, one composition root.
 * - With the store unavailable, a signed-in staff member's /admin and the inbox's
 *   /api/admin/new-count answer 503 with the inbox's friendly message (never a 500), on SQLite
 *   (DATA_DIR unusable) and on PostgreSQL (nothing listening), like /api/health. A sign-in whose
 *   throttle PostgreSQL refuses to set up answers 503 too, and works once PostgreSQL does.
 * - The build holds one copy of every module: the store's error class and the lead service are
 *   emitted once, in a chunk both entries share, and `npm start` loads nothing from src/.
 */
import { afterAll, describe, expect, it } from "vitest";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { adminMessages } from "../../src/admin/messages";
import { throttleSettings } from "../../src/admin/config";
import { createSignInThrottle } from "../../src/admin/throttle";
import { LIMITER_OUTAGE_MS } from "../../src/leads/rateLimit";
import postgres from "postgres";
import {
  adminForm,
  buildDir,
  ownerSession,
  postgresAvailable,
  postJson,
  root,
  serverStore,
  startServer,
  tempDir,
  testDatabaseUrl,
  removeDir,
} from "./support";

const m = adminMessages.storeUnavailable;
const escaped = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

/** A store setting that cannot work: a data folder inside a file, or a port nobody listens on. */
function brokenStore(driver: "sqlite" | "postgres"): Record<string, string> {
  const dir = tempDir("wiring-broken-");
  dirs.push(dir);
  if (driver === "postgres")
    return { DATA_DIR: dir, DATABASE_URL: "postgres://postgres@127.0.0.1:1/x" };
  const file = join(dir, "not-a-folder");
  writeFileSync(file, "");
  return { DATA_DIR: join(file, "data") };
}

const pg = await postgresAvailable();

for (const driver of ["sqlite", "postgres"] as const) {
  describe.skipIf(driver === "postgres" && !pg)(`store unavailable (${driver})`, () => {
    it("a signed-in staff member's inbox and its API answer 503 with the friendly message", async () => {
      // Signed in while the store works…
      const store = serverStore(driver, "wiring");
      const env = { ...store.env, IP_HASH_SALT: "w".repeat(32) };
      const working = await startServer(env);
      let cookie: string;
      try {
        cookie = await ownerSession(working, env);
        const inbox = await fetch(`${working.url}/admin`, { headers: { cookie } });
        expect(inbox.status).toBe(200);
      } finally {
        await working.stop();
      }
      // …then the same browser comes back to a server whose store does not answer.
      const down = await startServer({ ...brokenStore(driver), IP_HASH_SALT: "w".repeat(32) });
      try {
        const page = await fetch(`${down.url}/admin`, { headers: { cookie }, redirect: "manual" });
        expect(page.status).toBe(503);
        expect(page.headers.get("retry-after")).toBe("5");
        const html = await page.text();
        expect(html).toContain(escaped(m.title));
        expect(html).toContain(escaped(m.body));

        const api = await fetch(`${down.url}/api/admin/new-count`, {
          headers: { cookie },
          redirect: "manual",
        });
        expect(api.status).toBe(503);
        expect(await api.json()).toEqual({ error: "store_unavailable", message: m.body });

        expect((await fetch(`${down.url}/api/health`)).status).toBe(503);
        expect(down.output()).not.toContain("lead_endpoint_failed");
      } finally {
        await down.stop();
        await store.cleanup();
      }
    });
  });
}

describe.skipIf(!pg)("sign-in throttle refused by PostgreSQL", () => {
  it("a sign-in answers 503 with the friendly message, and works once PostgreSQL does", async () => {
    const store = serverStore("postgres", "wiring-throttle");
    const schema = store.env.DATABASE_SCHEMA!;
    const server = await startServer({ ...store.env, IP_HASH_SALT: "w".repeat(32) });
    const sql = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} });
    const signIn = () =>
      adminForm(server.url, "/admin/sign-in", {
        email: "nobody@example.test",
        password: "not the password",
      });
    try {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200); // the schema is made
      // The limiters' table cannot be made (a domain of its name is in the way; a composite
      // type would not do, CREATE TABLE IF NOT EXISTS takes it for the table): a lead post's
      // limiter answers from memory, and the throttle, set up by the first sign-in, fails.
      await sql.unsafe(`CREATE DOMAIN "${schema}".rate_limits AS integer`);
      const lead = await postJson(server.url, {
        _form: "quick",
        name: "Rosa Diaz",
        email: "rosa@example.test",
        phone: "+1 512 555 0142",
      });
      expect(lead.status).toBe(201); // the lead is stored all the same
      const refused = await signIn();
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      expect(await refused.text()).toContain(escaped(m.body));
      // PostgreSQL answers again: the next sign-in sets the throttle up and is judged.
      await sql.unsafe(`DROP DOMAIN "${schema}".rate_limits`);
      await new Promise((r) => setTimeout(r, LIMITER_OUTAGE_MS + 100));
      expect((await signIn()).status).toBe(401);
    } finally {
      await sql.end();
      await server.stop();
      await store.cleanup();
    }
  });
});

describe.skipIf(!pg)("sign-in throttles of two servers set up at once", () => {
  it("both set up: the limiters' table made once, neither server refused", async () => {
    // CI caught a burst of sign-ins on two servers answering 503 from one of them: both made
    // the limiters' table at once, PostgreSQL failed one CREATE TABLE IF NOT EXISTS, and that
    // failure sent the next limiter's set-up to the in-memory fallback, which refuses set-ups.
    const sql = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} });
    const pools = [0, 1].map(() => postgres(testDatabaseUrl, { max: 4, onnotice: () => {} }));
    const failures: string[] = [];
    try {
      for (let round = 0; round < 12; round++) {
        const schema = `wiring_race_${process.pid}_${round}`;
        await sql.unsafe(`CREATE SCHEMA "${schema}"`);
        const settled = await Promise.allSettled(
          pools.map((pool) => createSignInThrottle(throttleSettings(), { sql: pool, schema })),
        );
        for (const s of settled) if (s.status === "rejected") failures.push(String(s.reason));
        await sql.unsafe(`DROP SCHEMA "${schema}" CASCADE`);
      }
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
      await sql.end();
    }
    expect(failures).toEqual([]);
  });
});

describe("one copy of every module", () => {
  const server = join(root, buildDir, "server");
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? files(join(dir, e.name))
        : e.name.endsWith(".mjs")
          ? [join(dir, e.name)]
          : [],
    );
  const defining = (pattern: RegExp) =>
    files(server).filter((file) => pattern.test(readFileSync(file, "utf8")));

  it("the build emits the store's error class and the lead service once", () => {
    // `class X` or, as the bundler writes it, `var X = class`.
    expect(defining(/class StoreUnavailableError\b|StoreUnavailableError = class\b/)).toHaveLength(
      1,
    );
    expect(defining(/function createLeadService\b/)).toHaveLength(1);
    expect(defining(/function createAnalytics\b/)).toHaveLength(1);
    expect(defining(/function createMetrics\b/)).toHaveLength(1);
  });

  it("npm start loads the build's two entries and server/serve.ts, nothing from src/", () => {
    const start = readFileSync(join(root, "scripts/start.mjs"), "utf8");
    const serve = readFileSync(join(root, "server/serve.ts"), "utf8");
    for (const code of [start, serve]) expect(code).not.toMatch(/["'`][./]*\/?src\//);
    expect(start).toContain('"server/entry.mjs"');
    expect(start).toContain('"server/root.mjs"');
    // The root's entry is a re-export of a chunk the Astro entry's pages share.
    const rootEntry = readFileSync(join(server, "root.mjs"), "utf8");
    const chunk = /from "\.\/(chunks\/[^"]+)"/.exec(rootEntry)?.[1];
    expect(chunk).toBeTruthy();
    const users = files(server).filter((f) =>
      readFileSync(f, "utf8").includes(chunk!.replace("chunks/", "")),
    );
    expect(users.length).toBeGreaterThan(1);
  });

  it("no module keeps a service on globalThis", () => {
    const src = join(root, "src");
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? sources(join(dir, e.name))
          : /\.(ts|tsx|astro)$/.test(e.name)
            ? [join(dir, e.name)]
            : [],
      );
    const offenders = sources(src).filter((f) =>
      /globalThis\s+as\b|Symbol\.for\(/.test(readFileSync(f, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
