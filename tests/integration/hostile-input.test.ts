/**
 * What a hostile-input probe of the running server found, one test per defect and its class:
 * an open redirect after a native post, input no store can keep (answered alike on SQLite and
 * PostgreSQL), a malformed Host header, methods the server does not know, a proxy-trust bypass
 * of the rate limit, oversized bodies that reset the connection, unbounded idle connections,
 * typos that spent the rate limit, repeated keys, and what /api/health tells strangers.
 */
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { leadMessages } from "../../src/leads/messages";
import {
  dropSchema,
  exportLeads,
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

const quick = { _form: "quick", ...validLeads.quick, _t: "9000" };
const dirs: string[] = [];
const schemas: string[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  dirs.forEach(removeDir);
  await Promise.all(schemas.map(dropSchema));
});

/** A server on a fresh SQLite folder, or on a fresh PostgreSQL schema. */
async function server(driver: "sqlite" | "postgres", env: Record<string, string> = {}) {
  const dataDir = tempDir();
  dirs.push(dataDir);
  const store: Record<string, string> = { DATA_DIR: dataDir };
  if (driver === "postgres") {
    const schema = uniqueSchema("hostile");
    schemas.push(schema);
    Object.assign(store, { DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema });
  }
  const s = await startServer({ LEADS_RATE_LIMIT_POINTS: "10000", ...store, ...env });
  servers.push(s);
  return { s, env: store };
}

/** One raw HTTP exchange, with headers fetch() would not send (Host) or a body of any size. */
function raw(
  url: string,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: Buffer },
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path ?? "/",
        headers: options.headers,
        setHost: !options.headers?.host,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

describe("_next never leaves the site (open redirect)", () => {
  it("falls back to /thank-you for dot segments, encoded or not, before //", async () => {
    const { s } = await server("sqlite");
    for (const next of [
      "/.//evil.example",
      "/%2e//evil.example",
      "/%2E%2E//evil.example",
      "/a/..//evil.example",
      "/././/evil.example/x",
    ]) {
      const res = await postForm(s.url, { _form: "quick", ...validLeads.quick, _next: next });
      expect(res.status, next).toBe(303);
      const location = res.headers.get("location") ?? "";
      expect(location, next).toBe("/thank-you");
      expect(new URL(location, "https://site.example").origin).toBe("https://site.example");
    }
  });
});

for (const driver of ["sqlite", "postgres"] as const) {
  describe(`input no store can keep (${driver})`, () => {
    it("answers 422 for an unpaired surrogate or NUL in a field, spam or not, and 201 after", async () => {
      if (driver === "postgres" && !(await postgresAvailable())) return;
      const { s, env } = await server(driver);
      const bad = [
        '{"_form":"quick","name":"x\\ud800y","email":"q@example.test","phone":"+15125550142","_t":"9000"}',
        '{"_form":"quick","name":"x\\udc00","email":"q@example.test","phone":"+15125550142","fax":"bot"}',
        '{"_form":"quick","name":"a\\u0000b","email":"q@example.test","phone":"+15125550142","_t":"10"}',
        `{"_form":"contact","full-name":"Al","email":"a@example.test","message":"${"🌱".repeat(2499)}\\ud83c"}`,
      ];
      for (const body of bad) {
        const res = await postJson(s.url, body);
        expect(res.status, body.slice(0, 80)).toBe(422);
        const answer = (await res.json()) as { fields: Record<string, string> };
        const said = Object.values(answer.fields);
        const expected: string[] = [leadMessages.unreadable, leadMessages.control];
        expect(said.some((m) => expected.includes(m))).toBe(true);
      }
      // Values the browser adds are cleaned, not refused: the lead is stored on both stores.
      const res = await postJson(
        s.url,
        '{"_form":"quick","name":"Utm Uma","email":"u@example.test","phone":"+15125550142","_t":"9000","utm_source":"news\\ud800letter","_page":"/free-audit\\u0000"}',
      );
      expect(res.status).toBe(201);
      const stored = (await exportLeads(env)).find((l) => l.fields.name === "Utm Uma");
      expect(stored?.metadata.utm.utm_source).toBe("news\ufffdletter");
      expect(stored?.metadata.page).toBe("/free-audit");
      expect(await exportLeads(env)).toHaveLength(1);
    });
  });
}

describe("a malformed Host header", () => {
  it("is no 500 on the JSON path or the form path", async () => {
    const { s, env } = await server("sqlite");
    const headers = { host: "exa mple", referer: "http://a/", "content-type": "application/json" };
    const json = await raw(s.url, {
      method: "POST",
      path: "/api/leads",
      headers,
      body: Buffer.from(JSON.stringify({ ...quick, name: "Host Hal" })),
    });
    expect(json.status).toBe(201);
    expect((await exportLeads(env)).map((l) => l.fields.name)).toContain("Host Hal");
    const form = await raw(s.url, {
      method: "POST",
      path: "/api/leads",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      body: Buffer.from(new URLSearchParams({ ...quick, name: "Host Form" }).toString()),
    });
    expect(form.status).toBeLessThan(500);
  });
});

describe("methods the server does not know", () => {
  it("answers TRACE and CONNECT with 405 on every kind of path and logs no stack trace", async () => {
    const { s } = await server("sqlite");
    const before = s.output().split("\n").length;
    for (const path of ["/api/leads", "/api/health", "/form-review", "/no-such-page", "/"]) {
      for (const method of ["TRACE", "PROPFIND"]) {
        const res = await raw(s.url, { method, path });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.allow).toBe("GET, HEAD, POST");
      }
    }
    const connectAnswer = await new Promise<string>((resolve, reject) => {
      const socket = connect(s.port, "127.0.0.1", () =>
        socket.write("CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n"),
      );
      let data = "";
      socket.on("data", (d) => (data += d.toString()));
      socket.on("end", () => resolve(data));
      socket.on("error", reject);
    });
    expect(connectAnswer).toMatch(/^HTTP\/1\.1 405 /);
    const logged = s
      .output()
      .split("\n")
      .slice(before - 1)
      .join("\n");
    expect(logged).not.toMatch(/\bat .*\.(m?js|ts):\d+/);
    expect(logged).not.toMatch(/"level":50/);
  });
});

describe("TRUST_PROXY", () => {
  it("refuses to start with a hop count, naming what to set", async () => {
    await expect(server("sqlite", { TRUST_PROXY: "1" })).rejects.toThrow(/TRUST_PROXY/);
  });

  it("ignores X-Forwarded-For from a peer that is not a named proxy: no escaping the limit", async () => {
    const { s } = await server("sqlite", {
      TRUST_PROXY: "192.0.2.10",
      LEADS_RATE_LIMIT_POINTS: "3",
    });
    const statuses: number[] = [];
    for (let k = 1; k <= 6; k += 1) {
      const res = await postJson(s.url, quick, { "x-forwarded-for": `203.0.113.${k}` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
  });

  it("limits IPv6 clients behind a trusted proxy by their /64", async () => {
    const { s } = await server("sqlite", { TRUST_PROXY: "loopback", LEADS_RATE_LIMIT_POINTS: "2" });
    const post = (ip: string) => postJson(s.url, quick, { "x-forwarded-for": ip });
    expect((await post("2001:db8:1:2::1")).status).toBe(201);
    expect((await post("2001:db8:1:2::2")).status).toBe(201);
    // Another address of the same /64: the same allowance.
    expect((await post("2001:db8:1:2:ffff::9")).status).toBe(429);
    // Another network, and an IPv4 client, have their own.
    expect((await post("2001:db8:1:3::1")).status).toBe(201);
    expect((await post("198.51.100.4")).status).toBe(201);
    // A garbage hop is not an address: the proxy's own allowance is used, never the garbage.
    expect((await post("not-an-address")).status).toBe(201);
  });

  it("warns once when posts carry X-Forwarded-For while no proxy is trusted", async () => {
    const { s } = await server("sqlite");
    await postJson(s.url, quick, { "x-forwarded-for": "203.0.113.1" });
    await postJson(s.url, quick, { "x-forwarded-for": "203.0.113.2" });
    expect(s.output().match(/"event":"forwarded_for_ignored"/g)).toHaveLength(1);
  });
});

describe("the rate limit counts what is stored", () => {
  it("lets a visitor fix typos without being locked out, and still bounds invalid floods", async () => {
    const { s } = await server("sqlite", { LEADS_RATE_LIMIT_POINTS: "2" });
    for (let k = 0; k < 6; k += 1) {
      expect((await postJson(s.url, { ...quick, email: "typo" })).status).toBe(422);
    }
    expect((await postJson(s.url, quick)).status).toBe(201);
    expect((await postJson(s.url, quick)).status).toBe(201);
    expect((await postJson(s.url, quick)).status).toBe(429);
    // Posts of any kind have a separate allowance of 5 × the points (10 here): 9 used so far.
    expect((await postJson(s.url, { ...quick, email: "typo" })).status).toBe(422);
    const flood = await postJson(s.url, { ...quick, email: "typo" });
    expect(flood.status).toBe(429);
    expect(Number(flood.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("oversized JSON bodies", () => {
  it("answers 413 that the client reads, never a reset, for 1 MB posts", async () => {
    const { s } = await server("sqlite");
    const body = Buffer.from(JSON.stringify({ ...quick, message: "x".repeat(1024 * 1024) }));
    const outcomes: string[] = [];
    for (let batch = 0; batch < 6; batch += 1) {
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          raw(s.url, {
            method: "POST",
            path: "/api/leads",
            // Half declare their length, half are chunked (no Content-Length).
            headers:
              i % 2
                ? { "content-type": "application/json", "content-length": String(body.length) }
                : { "content-type": "application/json", "transfer-encoding": "chunked" },
            body,
          }),
        ),
      );
      for (const r of results) {
        outcomes.push(r.status === "fulfilled" ? String(r.value.status) : String(r.reason));
      }
    }
    expect(outcomes).toHaveLength(120);
    expect(outcomes.filter((o) => o !== "413")).toEqual([]);
    // The server still takes leads.
    expect((await postJson(s.url, quick)).status).toBe(201);
  });
});

describe("connections are bounded", () => {
  it("refuses sockets past SERVER_MAX_CONNECTIONS, logs it, and frees idle ones", async () => {
    const { s } = await server("sqlite", {
      SERVER_MAX_CONNECTIONS: "40",
      SERVER_IDLE_TIMEOUT_MS: "1500",
      SERVER_HEADERS_TIMEOUT_MS: "1000",
      SERVER_REQUEST_TIMEOUT_MS: "2000",
    });
    const sockets: Socket[] = [];
    let closedByServer = 0;
    await Promise.all(
      Array.from(
        { length: 60 },
        () =>
          new Promise<void>((resolve) => {
            const socket = connect(s.port, "127.0.0.1", () => resolve());
            socket.on("error", () => resolve());
            socket.on("close", () => (closedByServer += 1));
            // A slow client: half a request head, then nothing.
            socket.write("GET / HTTP/1.1\r\nHost: x\r\n");
            sockets.push(socket);
          }),
      ),
    );
    // Within the same bounds as before (0.3 s, then 2.5 s more), looked at every 50 ms.
    const within = async (ms: number, done: () => boolean) => {
      const until = Date.now() + ms;
      while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    };
    await within(300, () => /"event":"connections_full"/.test(s.output()));
    expect(s.output()).toMatch(/"event":"connections_full"/);
    // The head never completes: the server closes every one of them by itself.
    await within(2_500, () => closedByServer === 60);
    expect(closedByServer).toBe(60);
    const res = await fetch(`${s.url}/`);
    expect(res.status).toBe(200);
    sockets.forEach((socket) => socket.destroy());
  });
});

describe("what strangers and repeated keys learn", () => {
  it("tells only the status in /api/health; the operator's token shows the outbox", async () => {
    const token = "operator-token-0123456789";
    const { s } = await server("sqlite", { METRICS_TOKEN: token });
    const open = await fetch(`${s.url}/api/health`);
    expect(await open.json()).toEqual({ status: "ok" });
    expect(open.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    const wrong = await fetch(`${s.url}/api/health`, {
      headers: { authorization: "Bearer not-the-token-000000" },
    });
    expect(await wrong.json()).toEqual({ status: "ok" });
    const detailed = await fetch(`${s.url}/api/health`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await detailed.json()).toEqual({
      status: "ok",
      store: "sqlite",
      outbox: { channels: [], pending: 0, failed: 0 },
    });
  });

  it("keeps the last value of a repeated key, in JSON and in form posts alike", async () => {
    const { s, env } = await server("sqlite");
    const json = `{"_form":"quick","name":"First Json","name":"Last Json","email":"j@example.test","phone":"+15125550142","_t":"9000"}`;
    expect((await postJson(s.url, json)).status).toBe(201);
    const form = new URLSearchParams({ ...quick, name: "First Form" });
    form.append("name", "Last Form");
    const res = await fetch(`${s.url}/api/leads`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: s.url },
      body: form.toString(),
    });
    expect(res.status).toBe(303);
    const names = (await exportLeads(env)).map((l) => l.fields.name);
    expect(names.sort()).toEqual(["Last Form", "Last Json"]);
  });
});
