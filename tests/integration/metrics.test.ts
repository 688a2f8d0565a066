/**
 * GET /api/metrics over the built server, on SQLite: 404 without METRICS_TOKEN,
 * without the token or with a wrong one; with it, Prometheus' text format, not cached, whose
 * counters move with what the server did: a lead stored (JSON and a native form post, which take
 * two different code paths), one flagged as possible spam, a validation error, a body too large,
 * a wrong content type, bad JSON, a rate-limited post; the outbox gauges count the pending
 * notifications per channel; request durations are counted per route family; the process's own
 * metrics are there.
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  METRICS_TOKEN,
  postForm,
  postJson,
  serverStore,
  startServer,
  validLeads,
  type RunningServer,
} from "./support";

type Samples = Map<string, number>;

/** `name{a="1",b="2"}` with the labels sorted, so lookups do not depend on their order. */
function key(name: string, labels: Record<string, string> = {}): string {
  const pairs = Object.entries(labels)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}="${v}"`);
  return pairs.length ? `${name}{${pairs.join(",")}}` : name;
}

function parse(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.set(key(m[1]!, labels), Number(m[3]));
  }
  return samples;
}

const auth = { authorization: `Bearer ${METRICS_TOKEN}` };

async function scrape(url: string): Promise<Samples> {
  const res = await fetch(`${url}/api/metrics`, { headers: auth });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  expect(res.headers.get("cache-control")).toBe("no-store");
  return parse(await res.text());
}

const get = (s: Samples, name: string, labels: Record<string, string> = {}) =>
  s.get(key(name, labels)) ?? 0;

describe("/api/metrics on sqlite", () => {
  const store = serverStore("sqlite", "metrics");
  let server: RunningServer;
  let bare: RunningServer;

  beforeAll(async () => {
    server = await startServer({
      ...store.env,
      // Notifications that cannot be delivered (nothing listens there) stay pending.
      WEBHOOK_URL: "http://127.0.0.1:9/hooks/leads",
      WEBHOOK_SECRET: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      LEADS_RATE_LIMIT_POINTS: "4",
      LEADS_BODY_LIMIT_BYTES: "2048",
      LOG_LEVEL: "warn",
    });
    // The same store, without METRICS_TOKEN.
    bare = await startServer({ ...store.env, METRICS_TOKEN: "", LOG_LEVEL: "warn" });
  });
  afterAll(async () => {
    await server?.stop();
    await bare?.stop();
    await store.cleanup();
  });

  it("answers 404 without the token, with a wrong one, and when no token is configured", async () => {
    const cases: [RunningServer, Record<string, string>][] = [
      [server, {}],
      [server, { authorization: "Bearer integration-metrics-token-0124" }],
      [server, { authorization: `Basic ${METRICS_TOKEN}` }],
      [server, { authorization: `Bearer ${METRICS_TOKEN}x` }],
      [bare, auth],
      [bare, {}],
    ];
    for (const [s, headers] of cases) {
      const res = await fetch(`${s.url}/api/metrics`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(404);
      expect(await res.text()).not.toContain("leads_");
    }
    // (With its own Origin: Astro refuses cross-site posts with 403 before any route.)
    const post = await fetch(`${server.url}/api/metrics`, {
      method: "POST",
      headers: { origin: server.url },
    });
    expect(post.status).toBe(404);
  });

  it("counts what intake decided, the outbox and request durations", async () => {
    const before = await scrape(server.url);
    expect(get(before, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(before.has(key("nodejs_heap_size_used_bytes"))).toBe(true);

    const json = (body: unknown) => postJson(server.url, body);
    expect((await json({ _form: "quick", ...validLeads.quick })).status).toBe(201);
    expect((await json({ _form: "quick", ...validLeads.quick, fax: "555" })).status).toBe(201);
    expect((await json({ _form: "quick", ...validLeads.quick, email: "nope" })).status).toBe(422);
    expect(
      (await json({ _form: "contact", ...validLeads.contact, message: "x".repeat(4000) })).status,
    ).toBe(413);
    expect((await json("{not json")).status).toBe(400);
    const text = await fetch(`${server.url}/api/leads`, {
      method: "POST",
      headers: { "content-type": "application/xml", origin: server.url },
      body: "<lead/>",
    });
    expect(text.status).toBe(415);
    // A native form post goes through the Astro endpoint, not the JSON fast path.
    const form = await postForm(server.url, { _form: "audit", ...validLeads.audit });
    expect(form.status).toBe(303);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    // The fourth stored lead spends the allowance; the fifth is refused.
    expect((await json({ _form: "quick", ...validLeads.quick })).status).toBe(201);
    expect((await json({ _form: "quick", ...validLeads.quick })).status).toBe(429);

    const after = await scrape(server.url);
    const delta = (name: string, labels: Record<string, string> = {}) =>
      get(after, name, labels) - get(before, name, labels);
    expect(delta("leads_received_total", { form: "quick", spam: "false" })).toBe(2);
    expect(delta("leads_received_total", { form: "quick", spam: "true" })).toBe(1);
    expect(delta("leads_received_total", { form: "audit", spam: "false" })).toBe(1);
    expect(delta("leads_rejected_total", { reason: "validation" })).toBe(1);
    expect(delta("leads_rejected_total", { reason: "size" })).toBe(1);
    expect(delta("leads_rejected_total", { reason: "bad_request" })).toBe(1);
    expect(delta("leads_rejected_total", { reason: "unsupported_media_type" })).toBe(1);
    expect(delta("leads_rejected_total", { reason: "rate_limit" })).toBe(1);
    expect(delta("leads_rejected_total", { reason: "unavailable" })).toBe(0);

    // Every stored lead waits for its webhook (possible spam is delivered too, marked).
    expect(get(after, "leads_store_up")).toBe(1);
    expect(
      get(after, "leads_outbox_notifications", { channel: "webhook", status: "pending" }),
    ).toBe(4);
    expect(get(after, "leads_outbox_notifications", { channel: "email", status: "pending" })).toBe(
      0,
    );

    const count = (route: string, method: string, code: string) =>
      delta("http_request_duration_seconds_count", { route, method, code });
    expect(count("api_leads", "POST", "201")).toBe(3);
    expect(count("api_leads", "POST", "303")).toBe(1);
    expect(count("api_leads", "POST", "413")).toBe(1);
    expect(count("api_leads", "POST", "429")).toBe(1);
    expect(count("page", "GET", "200")).toBe(1);
    // The first scrape itself was timed too.
    expect(count("api_other", "GET", "200")).toBe(1);
    const sum = get(after, "http_request_duration_seconds_sum", {
      route: "api_leads",
      method: "POST",
      code: "201",
    });
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(30);
    expect(
      get(after, "http_request_duration_seconds_bucket", {
        route: "api_leads",
        method: "POST",
        code: "201",
        le: "+Inf",
      }),
    ).toBe(
      get(after, "http_request_duration_seconds_count", {
        route: "api_leads",
        method: "POST",
        code: "201",
      }),
    );
  });
});
