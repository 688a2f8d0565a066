/**
 * One smoke test per server feature on the real PostgreSQL: the built server with DATABASE_URL,
 * each feature on a server and a schema of its own. The features' HTTP scenarios run on SQLite
 * (their own files); the store contract suites prove both stores answer alike. What these add is
 * the wiring: each feature reaches PostgreSQL through the server as shipped.
 * - lead intake: a JSON post and a native form post are stored, and the CLI exports them;
 * - the inbox: the command line's invite, a password, sign-in; the inbox lists a lead and a
 *   status change is stored;
 * - analytics: a beacon is ingested and the Performance report reads it;
 * - the website check: an audit lead's check runs against a loopback fixture site to its report;
 * - the outbox: a lead's email and webhook are delivered and marked sent.
 * Under CI=true a PostgreSQL that does not answer fails this file instead of skipping it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditJobStoreFor } from "../../src/audit/store";
import { auditLinks, openAuditToken } from "../../src/audit/token";
import type { LeadStore } from "../../src/leads/store/types";
import { serveSite, strongSite, type FixtureSite } from "../support/auditSites";
import { loopbackNodeOptions, named, until } from "./audit-support";
import {
  EMAIL_TO,
  deliveryEnv,
  startSmtpReceiver,
  startWebhookReceiver,
  waitFor,
  type SmtpReceiver,
  type WebhookReceiver,
} from "./notify-support";
import {
  adminCli,
  adminForm,
  beacon,
  cli,
  exportLeads,
  healthDetails,
  openServerStore,
  ownerSession,
  pageView,
  postForm,
  postJson,
  postgresAvailable,
  serverStore,
  startServer,
  storeQuery,
  validLeads,
  type RunningServer,
} from "./support";

const pg = await postgresAvailable();

/** A server on a PostgreSQL schema of its own, stopped and dropped after the block. */
function pgServer(
  label: string,
  extra: () => Record<string, string> | Promise<Record<string, string>> = () => ({}),
) {
  const store = serverStore("postgres", `smoke-${label}`);
  const running = { server: undefined as unknown as RunningServer, env: store.env };
  beforeAll(async () => {
    running.server = await startServer({
      ...store.env,
      LOG_LEVEL: "warn",
      LEADS_RATE_LIMIT: "off",
      ...(await extra()),
    });
  });
  afterAll(async () => {
    await running.server?.stop();
    await store.cleanup();
  });
  return running;
}

describe.skipIf(!pg)("PostgreSQL smoke: lead intake", () => {
  const s = pgServer("intake");

  it("stores a JSON post and a native form post; the CLI exports both", async () => {
    expect(await healthDetails(s.server.url)).toMatchObject({ status: "ok", store: "postgres" });
    const res = await postJson(s.server.url, {
      _form: "contact",
      ...validLeads.contact,
      _t: "9000",
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const native = await postForm(s.server.url, {
      _form: "quick",
      ...validLeads.quick,
      _t: "9000",
    });
    expect(native.status).toBe(303);

    const db = storeQuery("postgres", s.env);
    try {
      const rows = await db.rows<{ id: string; kind: string }>(
        "SELECT id, kind FROM leads ORDER BY created_at",
      );
      expect(rows).toEqual([
        { id, kind: "contact" },
        { id: expect.any(String), kind: "quick" },
      ]);
    } finally {
      await db.close();
    }
    const exported = await exportLeads(s.env);
    expect(exported.map((l) => l.fields.email).sort()).toEqual(
      [validLeads.contact.email, validLeads.quick.email].sort(),
    );
    expect(exported.find((l) => l.id === id)).toMatchObject({
      kind: "contact",
      fields: { email: validLeads.contact.email, company: validLeads.contact.company },
    });
    const csv = await cli(["export", "--format", "csv"], s.env);
    expect(csv).toContain(validLeads.contact.email);
    expect(csv).toContain(validLeads.quick.email);
  });
});

describe.skipIf(!pg)("PostgreSQL smoke: the inbox", () => {
  const s = pgServer("admin");
  const PASSWORD = "mossy granite patio lantern";
  const cookieOf = (res: Response) => res.headers.get("set-cookie")?.split(";")[0] ?? "";

  it("invite, password, sign-in; the inbox lists a lead and a status change is stored", async () => {
    const lead = await postJson(s.server.url, { _form: "quick", ...validLeads.quick, _t: "9000" });
    const { id } = (await lead.json()) as { id: string };
    const link = (
      await adminCli(["invite", "owner@example.test", "--role", "owner"], s.env)
    ).stdout.trim();
    expect(link).toMatch(/^\/admin\/invite\//);
    const set = await adminForm(s.server.url, link, { password: PASSWORD, confirm: PASSWORD });
    expect(set.status).toBe(303);
    const signIn = await adminForm(s.server.url, "/admin/sign-in", {
      email: "owner@example.test",
      password: PASSWORD,
    });
    expect(signIn.status).toBe(303);
    const cookie = cookieOf(signIn);
    const get = (path: string) => fetch(`${s.server.url}${path}`, { headers: { cookie } });

    const inbox = await get("/admin");
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toContain(`href="/admin/leads/${id}"`);
    const page = `/admin/leads/${id}`;
    const changed = await adminForm(
      s.server.url,
      page,
      { action: "status", status: "contacted" },
      { cookie },
    );
    expect(changed.status).toBe(303);
    expect(await (await get(page)).text()).toContain("Status: Contacted");
    const db = storeQuery("postgres", s.env);
    try {
      expect(await db.rows("SELECT status FROM leads WHERE id = '" + id + "'")).toEqual([
        { status: "contacted" },
      ]);
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(!pg)("PostgreSQL smoke: analytics", () => {
  const s = pgServer("analytics");

  it("ingests a page view's beacon; the Performance report counts it", async () => {
    const cookie = await ownerSession(s.server, s.env);
    expect((await beacon(s.server, pageView("/seo-optimization"))).status).toBe(204);
    const pagesCsv = async () =>
      (
        await (
          await fetch(`${s.server.url}/api/admin/performance.csv?table=pages&period=7d`, {
            headers: { cookie },
          })
        ).text()
      )
        .split("\r\n")
        .find((line) => line.startsWith('"/seo-optimization"'));
    // Views and unique visitors: one each.
    await expect.poll(pagesCsv, { timeout: 10_000 }).toMatch(/^"\/seo-optimization","1","1"/);
  });
});

describe.skipIf(!pg)("PostgreSQL smoke: the website check", () => {
  const SALT = "postgres-smoke-salt-0123456789abcdef";
  let site: FixtureSite;
  let store: LeadStore;
  const s = pgServer("audit", async () => {
    site = await serveSite((origin) => strongSite(named(origin)));
    return {
      IP_HASH_SALT: SALT,
      AUDIT_CONCURRENCY: "1",
      AUDIT_POLL_MS: "200",
      AUDIT_ALLOW_HOSTS: named(site.hostPort),
      NODE_OPTIONS: loopbackNodeOptions,
    };
  });
  afterAll(async () => {
    await store?.close();
    await site?.close();
  });

  it("runs an audit lead's check against a loopback site to its report", async () => {
    store = openServerStore("postgres", s.env);
    const res = await postForm(s.server.url, {
      _form: "audit",
      ...validLeads.audit,
      website: named(site.origin),
    });
    expect(res.status).toBe(303);
    const token = new URL(res.headers.get("location")!, s.server.url).searchParams.get("t")!;
    const opened = openAuditToken(token, SALT);
    if (!opened.ok) throw new Error("the thank-you link did not check out");
    const job = await until(async () => {
      const j = await auditJobStoreFor(store).get(opened.jobId);
      return j?.status === "done" ? j : null;
    }, 45_000);
    expect(job.score).toBeGreaterThan(0);
    const report = await fetch(`${s.server.url}${auditLinks(job.id, SALT).report}`);
    expect(report.status).toBe(200);
    expect(await report.text()).toContain(`data-audit-score="${job.score}"`);
  });
});

describe.skipIf(!pg)("PostgreSQL smoke: the outbox", () => {
  let smtp: SmtpReceiver;
  let hook: WebhookReceiver;
  let store: LeadStore;
  const s = pgServer("outbox", async () => {
    smtp = await startSmtpReceiver();
    hook = await startWebhookReceiver();
    return deliveryEnv(smtp, hook);
  });
  afterAll(async () => {
    await store?.close();
    await smtp?.close();
    await hook?.close();
  });

  it("delivers a lead's email, webhook and confirmation after storing it, and marks them sent", async () => {
    store = openServerStore("postgres", s.env);
    const res = await postJson(s.server.url, { _form: "quick", ...validLeads.quick, _t: "9000" });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await waitFor(
      () =>
        smtp.messages.some(
          (m) => m.header("x-lead-id") === id && m.envelopeTo.includes(EMAIL_TO),
        ) && hook.deliveries.some((d) => d.payload.data.id === id),
      20_000,
      "the lead's email and webhook",
    );
    // The agency's notice went to the agency alone (the visitor's confirmation is its own email).
    const notice = smtp.messages.find(
      (m) => m.header("x-lead-id") === id && m.envelopeTo.includes(EMAIL_TO),
    )!;
    expect(notice.envelopeTo).toEqual([EMAIL_TO]);
    await waitFor(
      async () => (await store.listNotifications(["sent"], id)).length === 3,
      10_000,
      "the three notifications marked sent",
    );
    // The agency's two channels, and the visitor's confirmation of the call request (D232).
    expect((await store.listNotifications(["sent"], id)).map((n) => n.channel).sort()).toEqual([
      "confirmation",
      "email",
      "webhook",
    ]);
  });
});
