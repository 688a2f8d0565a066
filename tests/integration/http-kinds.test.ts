/**
 * Every kind of lead sent over real HTTP to the built server and read back through the leads
 * CLI, on SQLite in a temporary DATA_DIR.
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { formIds, leadForms, type FormId } from "../../src/leads/fields";
import type { LeadRecord } from "../../src/leads/store/types";
import {
  cli,
  exportLeads,
  postForm,
  postJson,
  removeDir,
  startServer,
  tempDir,
  validLeads,
  type RunningServer,
  METRICS_TOKEN,
} from "./support";

const UA = "Mozilla/5.0 (integration test)";

describe("HTTP → store → CLI on sqlite", () => {
  const dataDir = tempDir();
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let server: RunningServer;
  const ids = new Map<FormId, string>();
  const nativeIds: string[] = [];

  beforeAll(async () => {
    server = await startServer({ ...env, LEADS_RATE_LIMIT_POINTS: "1000", METRICS_TOKEN });
  });
  afterAll(async () => {
    await server?.stop();
    removeDir(dataDir);
  });

  it("reports a healthy store", async () => {
    const res = await fetch(`${server.url}/api/health`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ok",
      store: "sqlite",
      outbox: { channels: [], pending: 0, failed: 0 },
    });
  });

  it("stores every form sent as JSON and answers 201 with the id", async () => {
    for (const form of formIds) {
      const res = await postJson(
        server.url,
        {
          _form: form,
          ...validLeads[form],
          _t: "8000",
          _page: "/free-audit",
          _landing: "/",
          _ref: "https://search.example/?q=lawn+care+marketing",
          utm_source: "newsletter",
          utm_medium: "email",
          utm_campaign: "spring",
          utm_term: "lawn",
          utm_content: "hero",
        },
        { "user-agent": UA, "x-forwarded-for": "198.51.100.7" },
      );
      expect(res.status, form).toBe(201);
      const body = (await res.json()) as { id: string };
      expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
      ids.set(form, body.id);
    }
  });

  it("stores native form posts and answers 303 to the safe _next", async () => {
    for (const form of ["audit", "contact"] as const) {
      const res = await postForm(
        server.url,
        { _form: form, _next: "/thank-you", ...validLeads[form], email: `native.${form}@x.test` },
        {
          "user-agent": UA,
          referer: `${server.url}/?utm_source=google&utm_medium=cpc&utm_campaign=fall`,
        },
      );
      expect(res.status, form).toBe(303);
      expect(res.headers.get("location")).toBe("/thank-you");
    }
    const evil = await postForm(server.url, {
      _form: "contact",
      _next: "https://evil.example/phish",
      ...validLeads.contact,
      email: "native.evil@x.test",
    });
    expect(evil.status).toBe(303);
    expect(evil.headers.get("location")).toBe("/thank-you");
    const multipart = new FormData();
    for (const [k, v] of Object.entries({
      _form: "audit",
      _next: "/thank-you?from=audit",
      ...validLeads.audit,
    })) {
      multipart.append(k, v);
    }
    multipart.set("email", "native.multipart@x.test");
    const res = await fetch(`${server.url}/api/leads`, {
      method: "POST",
      body: multipart,
      redirect: "manual",
      headers: { origin: server.url },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/thank-you?from=audit");
    const stored = (await exportLeads(env)).filter((l) => l.fields.email?.startsWith("native."));
    expect(stored).toHaveLength(4);
    nativeIds.push(...stored.map((l) => l.id));
  });

  it("reads every kind back through the CLI with its fields and metadata", async () => {
    const leads = await exportLeads(env, false);
    const byId = new Map(leads.map((l) => [l.id, l]));
    for (const form of formIds) {
      const lead = byId.get(ids.get(form)!) as LeadRecord;
      expect(lead, form).toBeDefined();
      const def = leadForms[form];
      expect(lead.kind).toBe(def.kind);
      expect(lead.form).toBe(form);
      expect(lead.subject).toBe(def.subject);
      expect(lead.spam).toBe(false);
      expect(new Date(lead.createdAt).toISOString()).toBe(lead.createdAt);
      expect(Object.keys(lead.fields).sort()).toEqual(def.fields.map((f) => f.name).sort());
      for (const [k, v] of Object.entries(validLeads[form])) {
        if (form === "audit" && k === "website") continue;
        expect(lead.fields[k], `${form}.${k}`).toBe(v);
      }
      expect(lead.metadata).toMatchObject({
        source: def.source,
        page: "/free-audit",
        landingPage: "/",
        referrer: "https://search.example/?q=lawn+care+marketing",
        timestamp: lead.createdAt,
        userAgent: UA,
        utm: {
          utm_source: "newsletter",
          utm_medium: "email",
          utm_campaign: "spring",
          utm_term: "lawn",
          utm_content: "hero",
        },
      });
      expect(lead.metadata.ipHash).toMatch(/^[0-9a-f]{64}$/);
    }
    // As typed (support.ts posts "greenacres.example.com"): the check tries https, then http.
    expect(byId.get(ids.get("audit")!)!.fields.website).toBe("greenacres.example.com");
    expect(byId.get(ids.get("testimonial")!)!.metadata.source).toBe("testimonial_landing_page");
    // Without TRUST_PROXY, X-Forwarded-For is ignored: the hash is the loopback client's.
    const native = byId.get(nativeIds[0]!)!;
    expect(byId.get(ids.get("audit")!)!.metadata.ipHash).toBe(native.metadata.ipHash);
    // Without JavaScript, page and utm_* come from the Referer.
    expect(native.metadata.page).toBe("/");
    expect(native.metadata.utm).toEqual({
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "fall",
    });
    expect(existsSync(join(dataDir, "ip-hash-salt"))).toBe(true);
  });

  it("keeps possible spam, answers it like a lead, lists it marked; --no-spam leaves it out", async () => {
    const honeypot = await postJson(server.url, {
      _form: "testimonial",
      ...validLeads.testimonial,
      email: "bot.honeypot@spam.test",
      fax: "555-0000",
    });
    expect(honeypot.status).toBe(201);
    const fast = await postForm(server.url, {
      _form: "contact",
      _next: "/thank-you",
      ...validLeads.contact,
      email: "bot.fast@spam.test",
      _t: "150",
    });
    expect(fast.status).toBe(303);
    const withSpam = (await exportLeads(env, true)).filter((l) =>
      l.fields.email?.startsWith("bot."),
    );
    expect(withSpam.map((l) => [l.spam, l.metadata.spamReasons])).toEqual([
      [true, ["honeypot"]],
      [true, ["too_fast"]],
    ]);
    const withoutSpam = await exportLeads(env, false);
    expect(withoutSpam.some((l) => l.spam)).toBe(false);
    const list = (await cli(["list"], env)).split("\n");
    expect(list.find((l) => l.includes("bot.honeypot@"))).toMatch(/possible spam \(honeypot\)$/);
    expect(list.find((l) => l.includes("bot.fast@"))).toMatch(/possible spam \(too_fast\)$/);
    expect(await cli(["list", "--no-spam"], env)).not.toContain("bot.");
  });

  it("filters by kind and since, and exports CSV safe for spreadsheets", async () => {
    const res = await postJson(server.url, {
      _form: "quick",
      name: '=HYPERLINK("http://evil.example","click")',
      email: "formula@example.test",
      phone: "+1 512 555 9999",
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const quick = JSON.parse(await cli(["export", "--kind", "quick"], env)) as LeadRecord[];
    expect(quick.every((l) => l.kind === "quick")).toBe(true);
    expect(quick.map((l) => l.id)).toContain(id);
    const future = JSON.parse(await cli(["export", "--since", "2999-01-01"], env)) as LeadRecord[];
    expect(future).toEqual([]);
    const recent = JSON.parse(await cli(["export", "--since", "1h"], env)) as LeadRecord[];
    expect(recent.length).toBeGreaterThan(formIds.length);
    const csv = await cli(["export", "--format", "csv", "--kind", "quick"], env);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toContain('"Name","Company","Email","Phone"');
    const row = lines.find((l) => l.includes(id))!;
    expect(row).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")"');
    // Stored in E.164 ("+1…"), exported in national format: nothing a spreadsheet would run.
    expect(row).toContain('"(512) 555-9999"');
    expect(lines.slice(1).every((l) => l.split('","').every((c) => !/^"?[=+\-@]/.test(c)))).toBe(
      true,
    );
  });

  it("logs lead ids as JSON and never the visitor's details", () => {
    const lines = server
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const storedIds = lines.filter((l) => l.event === "lead_stored").map((l) => l.leadId);
    for (const id of ids.values()) expect(storedIds).toContain(id);
    const all = server.output();
    for (const form of formIds) {
      for (const value of Object.values(validLeads[form])) {
        if (value.length > 3 && !["Yes", "No"].includes(value)) {
          expect(all, `${form} value in logs`).not.toContain(value);
        }
      }
    }
    expect(all).not.toContain("198.51.100.7");
    expect(all).not.toContain('127.0.0.1"');
  });
});
