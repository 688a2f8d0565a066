/**
 * Store first, answer second: kill -9 the server while submissions are in flight, start it again
 * on the same store, and every lead that was acknowledged (201) must be there.
 */
import { describe, expect, it } from "vitest";
import {
  dropSchema,
  exportLeads,
  postJson,
  postgresAvailable,
  removeDir,
  startServer,
  tempDir,
  testDatabaseUrl,
  uniqueSchema,
  validLeads,
} from "./support";

async function crashRun(env: Record<string, string>) {
  const server = await startServer({ ...env, LEADS_RATE_LIMIT: "off", LOG_LEVEL: "warn" });
  const acknowledged: string[] = [];
  let attempted = 0;
  let stop = false;
  const worker = async (w: number) => {
    for (let i = 0; !stop; i++) {
      attempted++;
      try {
        const res = await postJson(server.url, {
          _form: "testimonial",
          ...validLeads.testimonial,
          name: `Crash ${w}-${i}`,
        });
        if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
      } catch {
        // The connection died with the server: this one was never acknowledged.
        return;
      }
    }
  };
  const workers = Array.from({ length: 16 }, (_, w) => worker(w));
  // Let acknowledgements pile up, then kill the server mid-stream.
  while (acknowledged.length < 300) await new Promise((r) => setTimeout(r, 20));
  await server.kill9();
  stop = true;
  await Promise.all(workers);
  expect(attempted).toBeGreaterThan(acknowledged.length);

  const again = await startServer(env);
  try {
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
  } finally {
    await again.stop();
  }
  const stored = new Set((await exportLeads(env)).map((l) => l.id));
  const missing = acknowledged.filter((id) => !stored.has(id));
  expect(missing, `${missing.length} of ${acknowledged.length} acknowledged leads lost`).toEqual(
    [],
  );
  return acknowledged.length;
}

describe("crash safety (kill -9)", () => {
  // The default, LEADS_SQLITE_SYNC=full, and normal, which a kill -9 of the server survives too
  // (the commit is in the OS's page cache); only a crash of the machine tells them apart.
  it.each(["full", "normal"])("keeps every acknowledged lead on SQLite (sync %s)", async (sync) => {
    const dataDir = tempDir();
    try {
      const env = { DATA_DIR: dataDir, LEADS_SQLITE_SYNC: sync };
      expect(await crashRun(env)).toBeGreaterThanOrEqual(300);
    } finally {
      removeDir(dataDir);
    }
  });

  it("keeps every acknowledged lead on PostgreSQL", async (ctx) => {
    if (!(await postgresAvailable())) return ctx.skip();
    const dataDir = tempDir();
    const schema = uniqueSchema("crash");
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema };
      expect(await crashRun(env)).toBeGreaterThanOrEqual(300);
    } finally {
      await dropSchema(schema);
      removeDir(dataDir);
    }
  });
});
