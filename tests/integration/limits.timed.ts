/**
 * Rate limiting (429 + Retry-After, per client, shared between servers on PostgreSQL) and a
 * store that cannot be reached (503 with a clear message; the form keeps the visitor's input).
 */
import { afterAll, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { leadMessages } from "../../src/leads/messages";
import {
  dropSchema,
  followReview,
  postForm,
  postJson,
  postgresAvailable,
  removeDir,
  startServer,
  tempDir,
  testDatabaseUrl,
  uniqueSchema,
  validLeads,
  type RunningServer,
} from "./support";

const lead = { _form: "quick", ...validLeads.quick };
const dirs: string[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  dirs.forEach(removeDir);
});

async function server(env: Record<string, string>) {
  const dataDir = tempDir();
  dirs.push(dataDir);
  const s = await startServer({ DATA_DIR: dataDir, ...env });
  servers.push(s);
  return s;
}

describe("rate limiting", () => {
  it("answers 429 with Retry-After once a client used its budget", async () => {
    const s = await server({ LEADS_RATE_LIMIT_POINTS: "3", LEADS_RATE_LIMIT_DURATION: "600" });
    expect((await postJson(s.url, lead)).status).toBe(201);
    // A typo costs nothing: only posts that would be stored spend the allowance.
    expect((await postJson(s.url, { ...lead, email: "bad" })).status).toBe(422);
    expect((await postJson(s.url, lead)).status).toBe(201);
    expect((await postJson(s.url, lead)).status).toBe(201);
    const limited = await postJson(s.url, lead);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await limited.json()).toEqual({
      error: "rate_limited",
      message: leadMessages.tooMany(10),
    });
    // Without JavaScript: the form comes back with the input and the message.
    const posted = await postForm(s.url, {
      _form: "contact",
      ...validLeads.contact,
      "full-name": "Rate Limited Rita",
    });
    const { res: native, reviewed } = await followReview(s.url, posted);
    expect(reviewed).toBe(true);
    expect(native.status).toBe(429);
    expect(native.headers.get("retry-after")).toMatch(/^\d+$/);
    const html = await native.text();
    expect(html).toContain(leadMessages.tooMany(10));
    expect(html).toContain('value="Rate Limited Rita"');
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set", async () => {
    const s = await server({ LEADS_RATE_LIMIT_POINTS: "1" });
    expect((await postJson(s.url, lead, { "x-forwarded-for": "203.0.113.1" })).status).toBe(201);
    expect((await postJson(s.url, lead, { "x-forwarded-for": "203.0.113.2" })).status).toBe(429);
  });

  it("counts each client behind a trusted proxy separately", async () => {
    const s = await server({ LEADS_RATE_LIMIT_POINTS: "1", TRUST_PROXY: "loopback" });
    expect((await postJson(s.url, lead, { "x-forwarded-for": "203.0.113.1" })).status).toBe(201);
    expect((await postJson(s.url, lead, { "x-forwarded-for": "203.0.113.2" })).status).toBe(201);
    expect((await postJson(s.url, lead, { "x-forwarded-for": "203.0.113.1" })).status).toBe(429);
    // A client cannot escape by prepending its own X-Forwarded-For entries.
    expect(
      (await postJson(s.url, lead, { "x-forwarded-for": "6.6.6.6, 203.0.113.2" })).status,
    ).toBe(429);
  });

  it("shares the limit between servers on PostgreSQL", async (ctx) => {
    if (!(await postgresAvailable())) return ctx.skip();
    const schema = uniqueSchema("limit");
    try {
      const env = {
        DATABASE_URL: testDatabaseUrl,
        DATABASE_SCHEMA: schema,
        LEADS_RATE_LIMIT_POINTS: "3",
        IP_HASH_SALT: "shared-salt-for-both-servers",
      };
      const a = await server(env);
      const b = await server(env);
      expect((await postJson(a.url, lead)).status).toBe(201);
      expect((await postJson(b.url, lead)).status).toBe(201);
      expect((await postJson(a.url, lead)).status).toBe(201);
      const limited = await postJson(b.url, lead);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await dropSchema(schema);
    }
  });
});

describe("store unreachable", () => {
  it("answers 503 with a clear message when PostgreSQL does not answer", async () => {
    const s = await server({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/nowhere" });
    const res = await postJson(s.url, lead);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: "unavailable", message: leadMessages.unavailable });
    const health = await fetch(`${s.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "unavailable" });
    // Without JavaScript the form comes back with the message and the visitor's input.
    const posted = await postForm(s.url, {
      _form: "audit",
      _next: "/thank-you",
      ...validLeads.audit,
      companyName: "Kept <Company> & Sons",
    });
    const { res: native, reviewed } = await followReview(s.url, posted);
    expect(reviewed).toBe(true);
    expect(native.status).toBe(503);
    const html = await native.text();
    expect(html).toContain(leadMessages.unavailable.replace("'", "&#x27;").slice(0, 30));
    expect(html).toContain('value="Kept &lt;Company&gt; &amp; Sons"');
    expect(html).toContain('value="dana.audit@greenacres.test"');
    expect(s.output()).toContain("lead_store_failed");
  });

  it("answers 503 when the SQLite folder cannot be created", async () => {
    const dir = tempDir();
    dirs.push(dir);
    const file = join(dir, "not-a-folder");
    writeFileSync(file, "");
    const s = await server({ DATA_DIR: join(file, "data"), IP_HASH_SALT: "x".repeat(32) });
    const res = await postJson(s.url, lead);
    expect(res.status).toBe(503);
    expect((await fetch(`${s.url}/api/health`)).status).toBe(503);
  });
});
