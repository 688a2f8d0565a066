/**
 * Leads delivered to the agency, end to end: the built production server, a real SMTP server and
 * a real webhook receiver on loopback, on SQLite (PostgreSQL's delivery: postgres-smoke.test.ts;
 * its outbox contract: notify-store.test.ts). Checks the email's subject,
 * bodies, Reply-To and escaping; the webhook's signature and payload; that nothing is sent for
 * spam; that receivers that are down and then up get every notification (each webhook-id once
 * after de-duplication); give-up, `leads outbox` and `outbox retry`; a graceful stop that gives
 * claims back; and that two servers on one PostgreSQL never deliver one notification at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadRecord } from "../../src/leads/store/types";
import {
  cliAsync,
  deliveryEnv,
  outboxRows,
  storedLeads,
  EMAIL_TO,
  startSmtpReceiver,
  startWebhookReceiver,
  waitFor,
  type SmtpReceiver,
  type WebhookReceiver,
} from "./notify-support";
import {
  dropSchema,
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
  healthDetails,
} from "./support";
import { until } from "./audit-support";

interface StoreEnv {
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}

async function sqliteEnv(): Promise<StoreEnv> {
  const dir = tempDir("leads-notify-");
  return { env: { DATA_DIR: dir }, cleanup: async () => removeDir(dir) };
}

async function postgresEnv(label: string): Promise<StoreEnv> {
  const dir = tempDir("leads-notify-");
  const schema = uniqueSchema(label);
  return {
    env: { DATA_DIR: dir, DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema },
    cleanup: async () => {
      await dropSchema(schema);
      removeDir(dir);
    },
  };
}

async function health(server: RunningServer) {
  const details = await healthDetails(server.url);
  return { ...details, outbox: details.outbox! };
}

async function postQuick(server: RunningServer, name: string): Promise<string> {
  const res = await postJson(server.url, { _form: "quick", ...validLeads.quick, name, _t: "9000" });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The agency's notices of a lead (the visitor's confirmation, D232, goes to the visitor). */
const emailFor = (smtp: SmtpReceiver, leadId: string) =>
  smtp.messages.filter((m) => m.header("x-lead-id") === leadId && m.envelopeTo.includes(EMAIL_TO));
/** The agency's two channels; a call request also queues the visitor's confirmation (D232). */
const agencyRow = (r: { channel: string }) => r.channel === "email" || r.channel === "webhook";
const hooksFor = (hook: WebhookReceiver, leadId: string) =>
  hook.deliveries.filter((d) => d.payload.data.id === leadId);

describe("lead delivery on SQLite", () => {
  let smtp: SmtpReceiver;
  let hook: WebhookReceiver;
  let server: RunningServer;
  let env: Record<string, string>;
  let storeEnv: StoreEnv;

  beforeAll(async () => {
    storeEnv = await sqliteEnv();
    smtp = await startSmtpReceiver();
    hook = await startWebhookReceiver();
    env = { ...storeEnv.env, ...deliveryEnv(smtp, hook) };
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await hook?.close();
    await storeEnv?.cleanup();
  });

  it("emails and posts each lead after answering, escaped and signed, possible spam marked", async () => {
    // The log is written asynchronously: the line may follow "listening" by a moment.
    await until(async () => server.output().includes('"event":"lead_delivery_on"'), 5_000);
    // A slow receiver does not slow the visitor: the answer only waits for the commit. The
    // receiver records a delivery just before it answers, after its delay; an answer that waited
    // for the delivery would come after that record (checked below, once the webhook arrived).
    // An order, not a time limit: a slow machine once took 1,035 ms to answer this first post.
    hook.delayMs = 1500;
    const res = await postJson(
      server.url,
      {
        _form: "contact",
        ...validLeads.contact,
        "full-name": `Eve <script>alert("x")</script> O'Brien & Co`,
        email: "eve.hostile@example.test",
        company: "<img src=x onerror=alert(1)>",
        message:
          'First line\r\nSecond line with "quotes" & <b>tags</b>\r\nBcc: victim@example.test',
        _t: "9000",
        _page: "/contact-us",
        utm_source: "google",
        utm_campaign: '"><script>x</script>',
      },
      { "user-agent": "DeliveryTest/1" },
    );
    const answeredAt = Date.now();
    expect(res.status).toBe(201);
    const hostileId = ((await res.json()) as { id: string }).id;

    const native = await postForm(
      server.url,
      { _form: "audit", _next: "/thank-you", ...validLeads.audit, email: "native.audit@x.test" },
      { referer: `${server.url}/free-audit?utm_source=newsletter&utm_medium=email` },
    );
    expect(native.status).toBe(303);
    const spam = await postJson(server.url, {
      _form: "testimonial",
      ...validLeads.testimonial,
      fax: "bot was here",
    });
    expect(spam.status).toBe(201);
    const spamId = ((await spam.json()) as { id: string }).id;

    const leads = await storedLeads(env);
    const nativeLead = leads.find((l) => l.fields.email === "native.audit@x.test")!;
    const hostile = leads.find((l) => l.id === hostileId)!;
    expect(leads.find((l) => l.id === spamId)?.spam).toBe(true);

    await waitFor(
      () => emailFor(smtp, hostileId).length > 0 && emailFor(smtp, nativeLead.id).length > 0,
      15_000,
      "both emails",
    );
    await waitFor(
      () => hooksFor(hook, hostileId).length > 0 && hooksFor(hook, nativeLead.id).length > 0,
      15_000,
      "both webhooks",
    );
    hook.delayMs = 0;

    // The email: subject, Reply-To, every field and the metadata, escaped in HTML.
    const [mail] = emailFor(smtp, hostileId);
    expect(mail!.envelopeTo).toEqual([EMAIL_TO]);
    expect(mail!.header("from")).toBe("Greenline Leads <leads@greenline.test>");
    // The subject names the visitor with letters only; the body shows the name as typed.
    expect(mail!.header("subject")).toBe(
      `New contact (home page) lead: Eve script alert x script O'Brien & Co (Contact Form Submission)`,
    );
    expect(mail!.header("reply-to")).toMatch(/<eve\.hostile@example\.test>$/);
    expect(mail!.headers.has("bcc")).toBe(false);
    expect(mail!.header("message-id")).toMatch(/^<[0-9a-f-]{36}@greenline\.test>$/);
    for (const text of ["First line", "Second line", "/contact-us", "google", "DeliveryTest/1"]) {
      expect(mail!.text).toContain(text);
      expect(mail!.html).toContain(text);
    }
    expect(mail!.text).toContain(`Full name: Eve <script>alert("x")</script> O'Brien & Co`);
    expect(mail!.text).toContain("Company: <img src=x onerror=alert(1)>");
    expect(mail!.text).toContain(hostile.createdAt);
    expect(mail!.html).not.toMatch(/<script|<img|<b>/i);
    expect(mail!.html).toContain(
      "Eve &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; Co",
    );
    expect(mail!.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(mail!.html).toContain("&quot;&gt;&lt;script&gt;x&lt;/script&gt;");
    expect(mail!.html).toContain(
      "Second line with &quot;quotes&quot; &amp; &lt;b&gt;tags&lt;/b&gt;<br>Bcc: victim@example.test",
    );
    const [auditMail] = emailFor(smtp, nativeLead.id);
    expect(auditMail!.header("subject")).toBe(
      "New free audit lead: Dana Audit (Free Marketing Audit Request)",
    );
    expect(auditMail!.text).toContain("UTM source: newsletter");
    // The website as typed (D250).
    expect(auditMail!.text).toContain("Website: greenacres.example.com");

    // The webhook: signed (the receiver verified it), the stored lead as its data.
    expect(hook.badSignatures).toBe(0);
    const [delivery] = hooksFor(hook, hostileId);
    expect(answeredAt).toBeLessThan(delivery!.receivedAt);
    expect(delivery!.payload).toEqual({
      type: "lead.created",
      timestamp: hostile.createdAt,
      data: JSON.parse(JSON.stringify(hostile)) as LeadRecord,
    });
    expect(Math.abs(delivery!.timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(delivery!.id).toMatch(/^[0-9a-f-]{36}$/);
    // The receiver really checks: the same headers over another body are refused.
    const tampered = await fetch(hook.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": delivery!.id,
        "webhook-timestamp": String(delivery!.timestamp),
        "webhook-signature": `v1,${"A".repeat(43)}=`,
      },
      body: delivery!.body,
    });
    expect(tampered.status).toBe(401);
    hook.badSignatures = 0;

    // A lead flagged as possible spam reaches the agency too, marked as such.
    await waitFor(
      () => emailFor(smtp, spamId).length > 0 && hooksFor(hook, spamId).length > 0,
      15_000,
      "the possible spam's email and webhook",
    );
    expect(emailFor(smtp, spamId)[0]!.header("subject")).toMatch(
      /^\[Possible spam\] New testimonial page lead: Terry Testimonial/,
    );
    expect(hooksFor(hook, spamId)[0]!.payload.data).toMatchObject({
      spam: true,
      metadata: { spamReasons: ["honeypot"] },
    });
    await waitFor(async () => (await outboxRows(env)).length === 0, 15_000, "an empty outbox");
    const { outbox } = await health(server);
    // The channels this configuration delivers to the agency (the visitor's confirmation rides
    // on the email channel's SMTP server and is counted with the rest).
    expect(outbox.channels).toEqual(["email", "webhook"]);
    expect({ pending: outbox.pending, failed: outbox.failed }).toEqual({ pending: 0, failed: 0 });
  });

  it("keeps trying while the receivers are down, then delivers every notification, each webhook-id once", async () => {
    await hook.setMode("down");
    smtp.mode = "tempfail";
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(await postQuick(server, `Down Then Up ${i}`));

    // Every notification was tried and is waiting, with the reason.
    await waitFor(
      async () => {
        const rows = (await outboxRows(env)).filter(
          (r) => ids.includes(r.leadId ?? "") && agencyRow(r),
        );
        return rows.length === 20 && rows.every((r) => r.attempts >= 1 && r.lastError);
      },
      15_000,
      "a failed attempt on each of 20 notifications",
    );
    const rows = (await outboxRows(env)).filter((r) => ids.includes(r.leadId ?? ""));
    expect(rows.every((r) => r.status === "pending")).toBe(true);
    expect(rows.find((r) => r.channel === "webhook")!.lastError).toMatch(/ECONNREFUSED/);
    expect(rows.find((r) => r.channel === "email")!.lastError).toMatch(/451/);
    const text = await cliAsync(["outbox"], env);
    // 10 leads × email, webhook and the visitor's confirmation, and whatever an earlier test left.
    const pending = (await outboxRows(env)).filter((r) => r.status === "pending").length;
    expect(pending).toBeGreaterThanOrEqual(30);
    expect(text).toMatch(new RegExp(`\\b${pending} pending, 0 failed`));
    expect((await health(server)).outbox.pending).toBe(pending);

    // Up but failing (503), then up.
    await hook.setMode("503");
    await waitFor(() => hook.failedOn503 >= 5, 15_000, "503 answers");
    await hook.setMode("up");
    smtp.mode = "up";
    await waitFor(
      () => ids.every((id) => emailFor(smtp, id).length > 0 && hooksFor(hook, id).length > 0),
      20_000,
      "every notification after recovery",
    );
    const deliveries = hook.deliveries.filter((d) => ids.includes(d.payload.data.id));
    const unique = new Map(deliveries.map((d) => [d.id, d.payload.data.id]));
    expect(unique.size).toBe(10);
    expect(new Set(unique.values())).toEqual(new Set(ids));
    expect(deliveries.length).toBe(10); // no duplicate either: each lease held
    expect(hook.overlaps).toEqual([]);
    expect(hook.badSignatures).toBe(0);
    for (const id of ids) expect(emailFor(smtp, id)).toHaveLength(1);
    await waitFor(async () => (await outboxRows(env)).length === 0, 5_000, "an empty outbox");
  });

  it("gives up after the maximum age, lists the failure, and sends it again on `outbox retry`", async () => {
    const failing = await startWebhookReceiver();
    await failing.setMode("503");
    const own = await sqliteEnv();
    const e = {
      ...own.env,
      ...deliveryEnv(null, failing, { LEADS_OUTBOX_MAX_AGE_MS: "1500" }),
    };
    const s = await startServer(e);
    try {
      const id = await postQuick(s, "Given Up");
      await waitFor(
        async () => (await outboxRows(e)).some((r) => r.status === "failed"),
        10_000,
        "failed",
      );
      const [row] = await outboxRows(e);
      expect(row).toMatchObject({ leadId: id, channel: "webhook", status: "failed" });
      expect(row!.attempts).toBeGreaterThanOrEqual(2);
      expect(row!.lastError).toBe("webhook: HTTP 503");
      expect(await cliAsync(["outbox"], e)).toMatch(
        new RegExp(`failed\\s+${row!.id}\\s+webhook\\s+lead ${id}\\s+attempts \\d+.*HTTP 503`),
      );
      expect((await health(s)).outbox).toEqual({ channels: ["webhook"], pending: 0, failed: 1 });
      expect(s.output()).toContain('"event":"notification_failed"');
      // Failed rows stay failed: no more attempts.
      const attempts = failing.failedOn503;
      await new Promise((r) => setTimeout(r, 800));
      expect(failing.failedOn503).toBe(attempts);

      await failing.setMode("up");
      expect(await cliAsync(["outbox", "retry", row!.id], e)).toContain(
        `Queued again (1): ${row!.id}`,
      );
      await waitFor(() => failing.ids().has(row!.id), 10_000, "the retried webhook");
      // The receiver counts the delivery before its answer reaches the server, which then marks
      // the row sent: the outbox empties a moment later (a slow machine read it in between).
      await waitFor(async () => (await outboxRows(e)).length === 0, 5_000, "an empty outbox");
      expect(await cliAsync(["outbox", "retry", "--all"], e)).toContain(
        "No failed notification to retry.",
      );
    } finally {
      await s.stop();
      await failing.close();
      await own.cleanup();
    }
  });
});

describe("lead delivery: starting and stopping", () => {
  it("says at start that leads are only stored when no channel is configured", async () => {
    const own = await sqliteEnv();
    const s = await startServer({ ...own.env, LEADS_RATE_LIMIT: "off" });
    try {
      await postQuick(s, "Stored Only");
      expect(s.output()).toContain('"event":"lead_delivery_off"');
      expect(s.output()).toContain("leads are only stored");
      expect((await health(s)).outbox).toEqual({ channels: [], pending: 0, failed: 0 });
      expect(await outboxRows(own.env)).toEqual([]);
    } finally {
      await s.stop();
      await own.cleanup();
    }
  });

  it("on SIGTERM gives a delivery in flight back (no attempt counted); the next start sends it", async () => {
    const own = await sqliteEnv();
    const hook = await startWebhookReceiver();
    hook.delayMs = 4000;
    const e = { ...own.env, ...deliveryEnv(null, hook, { LEADS_OUTBOX_STOP_GRACE_MS: "300" }) };
    const s = await startServer(e);
    try {
      const id = await postQuick(s, "Stopped Mid Delivery");
      await waitFor(() => hook.active() > 0, 5_000, "a delivery in flight");
      const t = Date.now();
      await s.stop();
      expect(Date.now() - t).toBeLessThan(3000);
      expect(s.output()).toContain('"event":"notification_released"');
      const [row] = await outboxRows(e);
      expect(row).toMatchObject({ leadId: id, status: "pending", attempts: 0, claimedBy: null });

      hook.delayMs = 0;
      const again = await startServer(e);
      try {
        await waitFor(
          async () => (await outboxRows(e)).length === 0,
          10_000,
          "delivery after restart",
        );
        expect(hook.ids()).toContain(row!.id);
      } finally {
        await again.stop();
      }
    } finally {
      await hook.close();
      await own.cleanup();
    }
  });
});

describe.skipIf(!(await postgresAvailable()))(
  "lead delivery: two servers on one PostgreSQL",
  () => {
    it("never deliver one notification twice at the same time (each is sent once)", async () => {
      const own = await postgresEnv("twoservers");
      const smtp = await startSmtpReceiver();
      const hook = await startWebhookReceiver();
      hook.delayMs = 150; // a concurrent duplicate would overlap
      const e = { ...own.env, ...deliveryEnv(smtp, hook) };
      const servers = await Promise.all([startServer(e), startServer(e)]);
      try {
        const ids = await Promise.all(
          Array.from({ length: 60 }, (_, i) => postQuick(servers[i % 2]!, `Two Servers ${i}`)),
        );
        await waitFor(
          () => ids.every((id) => emailFor(smtp, id).length > 0 && hooksFor(hook, id).length > 0),
          30_000,
          "all 120 notifications",
        );
        await waitFor(async () => (await outboxRows(e)).length === 0, 5_000, "an empty outbox");
        expect(hook.overlaps).toEqual([]);
        expect(hook.deliveries).toHaveLength(60);
        expect(hook.ids().size).toBe(60);
        for (const id of ids) expect(emailFor(smtp, id)).toHaveLength(1);
        // Both servers took part.
        for (const s of servers) expect(s.output()).toContain('"event":"notification_sent"');
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
        await smtp.close();
        await hook.close();
        await own.cleanup();
      }
    });
  },
);
