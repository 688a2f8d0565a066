/**
 * Lead delivery, the pure parts: Standard Webhooks signatures (the specification's published
 * vector and an independent node:crypto computation), backoff bounds and the give-up rule, the
 * email built from hostile input (composed into a real MIME message by nodemailer), and the
 * channel settings read from the environment.
 */
import { createHmac } from "node:crypto";
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { notifyConfig } from "../../src/leads/config";
import { notificationsFor } from "../../src/leads/intake";
import { leadEmail, mailOptions } from "../../src/leads/notify/notice";
import { failureOutcome, retryDelayMs } from "../../src/leads/notify/outbox";
import { signWebhook, webhookRequest, webhookSecretBytes } from "../../src/leads/notify/webhook";
import type { LeadRecord } from "../../src/leads/store/types";

const createdAt = "2026-05-01T09:30:00.000Z";

function lead(overrides: Partial<LeadRecord> = {}): LeadRecord {
  return {
    id: "01966a2e-8c00-7000-8000-000000000001",
    kind: "contact",
    form: "contact",
    subject: "Contact Form Submission",
    createdAt,
    spam: false,
    fields: {
      "full-name": "Casey Contact",
      email: "casey@example.test",
      phone: "+15125552000",
      company: "Casey Lawns",
      message: "Please call me.\nAfter 5 pm.",
    },
    metadata: {
      source: "contact_form",
      page: "/",
      landingPage: "/lawn-care",
      referrer: "https://search.example/",
      timestamp: createdAt,
      userAgent: "Mozilla/5.0",
      utm: { utm_source: "google", utm_campaign: "spring" },
      ipHash: null,
      spamReasons: [],
    },
    ...overrides,
  };
}

const CONTEXT = { origin: "https://greenline.test", timeZone: "America/New_York" };

describe("webhook signatures (Standard Webhooks)", () => {
  it("reproduces the specification's published test vector", () => {
    const key = webhookSecretBytes("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
    expect(
      signWebhook(key, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}'),
    ).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("decodes whsec_ secrets and uses any other secret as its UTF-8 bytes", () => {
    expect(webhookSecretBytes("whsec_AAEC/w==")).toEqual(Buffer.from([0, 1, 2, 255]));
    expect(webhookSecretBytes("plain secret é")).toEqual(Buffer.from("plain secret é", "utf8"));
    expect(() => webhookSecretBytes("whsec_not base64!")).toThrow(/base64/);
  });

  it("signs each attempt's headers so that a receiver computing the HMAC itself agrees", () => {
    const secret = "a-long-plain-text-secret-0123456789";
    const l = lead({ fields: { ...lead().fields, message: 'Quotes " and <tags> & ünïcödé 🌿' } });
    const { body, headers } = webhookRequest(
      l,
      "notification-1",
      webhookSecretBytes(secret),
      1_777_000_000,
    );
    expect(headers["webhook-id"]).toBe("notification-1");
    expect(headers["webhook-timestamp"]).toBe("1777000000");
    // Independent computation, as the README tells a receiver to do it.
    const expected = createHmac("sha256", Buffer.from(secret))
      .update(`notification-1.1777000000.${body}`)
      .digest("base64");
    expect(headers["webhook-signature"]).toBe(`v1,${expected}`);
    // A different body, id or timestamp gives another signature.
    const key = webhookSecretBytes(secret);
    expect(signWebhook(key, "notification-1", 1_777_000_000, `${body} `)).not.toBe(
      `v1,${expected}`,
    );
    expect(signWebhook(key, "notification-2", 1_777_000_000, body)).not.toBe(`v1,${expected}`);
    expect(signWebhook(key, "notification-1", 1_777_000_001, body)).not.toBe(`v1,${expected}`);
    expect(JSON.parse(body)).toEqual({ type: "lead.created", timestamp: createdAt, data: l });
    expect(headers["content-type"]).toBe("application/json");
  });
});

describe("retries", () => {
  const settings = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 };

  it("waits a random time below base · 2^(attempt-1), capped (full jitter)", () => {
    expect(retryDelayMs(1, 30_000, 3_600_000, () => 0)).toBe(0);
    expect(retryDelayMs(1, 30_000, 3_600_000, () => 0.999999)).toBe(29_999);
    expect(retryDelayMs(2, 30_000, 3_600_000, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(4, 30_000, 3_600_000, () => 0.5)).toBe(120_000);
    expect(retryDelayMs(12, 30_000, 3_600_000, () => 0.999999)).toBe(3_599_996);
    expect(retryDelayMs(500, 30_000, 3_600_000, () => 0.5)).toBe(1_800_000);
    for (let attempt = 1; attempt <= 20; attempt++) {
      const ceiling = Math.min(3_600_000, 30_000 * 2 ** (attempt - 1));
      for (let i = 0; i < 200; i++) {
        const d = retryDelayMs(attempt, 30_000, 3_600_000);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThan(ceiling);
      }
    }
  });

  it("retries until the give-up time, the last try at that time, then marks the row failed", () => {
    const giveUpAt = new Date(Date.parse(createdAt) + 24 * 3_600_000).toISOString();
    let row = { attempts: 0, giveUpAt };
    let now = new Date(createdAt);
    const schedule: number[] = [];
    for (;;) {
      const outcome = failureOutcome(row, "webhook: HTTP 503", now, settings, () => 0.999);
      if (outcome.status !== "retry") {
        expect(outcome).toEqual({ status: "failed", error: "webhook: HTTP 503" });
        break;
      }
      expect(outcome.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(now.getTime());
      expect(outcome.nextAttemptAt.toISOString() <= giveUpAt).toBe(true);
      schedule.push(outcome.nextAttemptAt.getTime() - now.getTime());
      now = outcome.nextAttemptAt;
      row = { attempts: row.attempts + 1, giveUpAt };
    }
    expect(now.toISOString()).toBe(giveUpAt);
    // 30 s, 60 s, 2 min, … doubling to the one-hour cap: about 30 attempts in 24 hours.
    expect(schedule[0]).toBeCloseTo(29_970, -2);
    expect(schedule[1]).toBeCloseTo(59_940, -2);
    expect(Math.max(...schedule)).toBeLessThan(3_600_000);
    expect(schedule.length).toBeGreaterThan(25);
    expect(schedule.length).toBeLessThan(40);
  });

  it("gives every lead, possible spam included, one notification per configured channel", () => {
    const now = new Date(createdAt);
    expect(notificationsFor({ createdAt }, [], 1000, now)).toEqual([]);
    const n = notificationsFor({ createdAt }, ["email", "webhook"], 86_400_000, now);
    expect(n.map((x) => x.channel)).toEqual(["email", "webhook"]);
    expect(n[0]!.id).not.toBe(n[1]!.id);
    expect(n[0]!.giveUpAt).toBe("2026-05-02T09:30:00.000Z");
  });
});

describe("lead email", () => {
  const hostile = lead({
    fields: {
      "full-name": 'Eve <script>alert("x")</script>\r\nBcc: victim@example.test',
      email: "eve@example.test",
      phone: "' OR 1=1 --",
      company: "<img src=x onerror=alert(1)>",
      message: "Line 1\r\nLine 2 & \"quoted\" 'single'\n<b>bold</b>",
    },
    metadata: {
      ...lead().metadata,
      page: "/<svg onload=alert(1)>",
      utm: { utm_source: '"><script>x</script>' },
    },
  });

  it("puts the kind and the visitor's name in a single-line subject", () => {
    const email = leadEmail(lead(), "n1", "Leads <leads@greenline.test>", CONTEXT);
    expect(email.subject).toBe(
      "New contact (home page) lead: Casey Contact (Contact Form Submission)",
    );
    const odd = leadEmail(hostile, "n1", "leads@greenline.test", CONTEXT);
    expect(odd.subject).not.toMatch(/[\r\n]/);
    expect(odd.subject).toContain("New contact (home page) lead: Eve");
    // The form's own name, never an internal id ('New quick lead', issue 39 §5).
    const call = leadEmail(lead({ kind: "quick", form: "quick" }), "n1", "a@b.test", CONTEXT);
    expect(call.subject).toMatch(/^New call request lead: /);
    expect(call.subject).not.toContain("quick");
    expect(leadEmail(lead({ fields: {} }), "n1", "a@b.test", CONTEXT).subject).toContain(
      "(no name)",
    );
  });

  it("lists every field and the metadata in both bodies", () => {
    const email = leadEmail(lead(), "n1", "leads@greenline.test", CONTEXT);
    for (const body of [email.text, email.html]) {
      for (const text of [
        "Full name",
        "Casey Contact",
        "casey@example.test",
        "(512) 555-2000",
        "Casey Lawns",
        "Please call me.",
        "After 5 pm.",
        "Contact (home page)",
        "/lawn-care",
        "https://search.example/",
        "UTM source",
        "google",
        "spring",
        createdAt,
        lead().id,
      ]) {
        expect(body).toContain(text);
      }
    }
    expect(email.text).toContain("UTM medium: —");
  });

  it("opens with the lead's inbox link, then its time on the agency's clock, form and source by name", () => {
    const context = { origin: "https://agency.example", timeZone: "America/New_York" };
    const email = leadEmail(lead(), "n1", "leads@greenline.test", context);
    const link = `https://agency.example/admin/leads/${lead().id}`;
    // The link comes before the details; the HTML offers it as a link.
    expect(email.text.split("\n")[2]).toBe(`Open it in the inbox: ${link}`);
    expect(email.html).toContain(`<a href="${link}"`);
    for (const body of [email.text, email.html]) {
      // 09:30 UTC on 1 May is 5:30 AM in New York, summer time.
      expect(body).toContain("Fri, May 1, 2026, 5:30 AM EDT");
      expect(body).toContain("Contact (home page)");
    }
    expect(email.text).toContain("Source: google");
    const winter = leadEmail(
      lead({ createdAt: "2026-12-01T15:05:00.000Z" }),
      "n1",
      "leads@greenline.test",
      context,
    );
    expect(winter.text).toContain("Received: Tue, Dec 1, 2026, 10:05 AM EST");
    // No UTM: the referrer's host, as the inbox's Source column shows it.
    const referred = lead();
    referred.metadata = {
      ...referred.metadata,
      utm: {},
      referrer: "https://www.google.com/search",
    };
    const fromSearch = leadEmail(referred, "n1", "leads@greenline.test", context);
    expect(fromSearch.text).toContain("Source: www.google.com");
    const page = leadEmail(lead({ form: "contactPage" }), "n1", "a@b.test", context);
    expect(page.text).toContain("Form: Contact page");
  });

  it("escapes every value in the HTML body", () => {
    const { html, text } = leadEmail(hostile, "n1", "leads@greenline.test", CONTEXT);
    expect(html).not.toMatch(/<script|<img|<svg|onerror=alert\(1\)>/i);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&#39; OR 1=1 --");
    expect(html).toContain(
      "Line 1<br>Line 2 &amp; &quot;quoted&quot; &#39;single&#39;<br>&lt;b&gt;bold&lt;/b&gt;",
    );
    expect(html).toContain("&quot;&gt;&lt;script&gt;x&lt;/script&gt;");
    // The text body is plain text: values as sent, without carriage returns.
    expect(text).toContain("<img src=x onerror=alert(1)>");
    expect(text).not.toContain("\r");
  });

  it("replies to the visitor only when the address is a plain valid one", () => {
    expect(leadEmail(lead(), "n1", "a@b.test", CONTEXT).replyTo).toEqual({
      name: "Casey Contact",
      address: "casey@example.test",
    });
    for (const bad of [
      "casey@example.test\r\nBcc: victim@example.test",
      "a@b.test, victim@example.test",
      "Victim <victim@example.test>",
      "not an email",
      "",
    ]) {
      expect(
        leadEmail(lead({ fields: { ...lead().fields, email: bad } }), "n1", "a@b.test", CONTEXT)
          .replyTo,
      ).toBeNull();
    }
  });

  it("keeps names that mimic headers or addresses out of Subject and Reply-To", () => {
    const named = (name: string) =>
      leadEmail(
        lead({ fields: { ...lead().fields, "full-name": name } }),
        "n1",
        "a@b.test",
        CONTEXT,
      );
    const eve = named("Eve Bcc: victim@example.com");
    expect(eve.subject).toBe("New contact (home page) lead: Eve (Contact Form Submission)");
    expect(eve.replyTo).toEqual({ name: "Eve", address: "casey@example.test" });
    expect(named("José O'Neil-Ñúñez & Sons").subject).toContain("José O'Neil-Ñúñez & Sons");
    expect(named("x".repeat(300)).subject.length).toBeLessThan(120);
    // The body still shows the name as typed, for the agency to judge.
    expect(eve.text).toContain("Eve Bcc: victim@example.com");
  });

  it("marks a lead flagged as possible spam, in the subject and the heading", () => {
    const flagged = leadEmail(
      lead({ spam: true, metadata: { ...lead().metadata, spamReasons: ["too_fast"] } }),
      "n1",
      "a@b.test",
      CONTEXT,
    );
    expect(flagged.subject).toMatch(
      /^\[Possible spam\] New contact \(home page\) lead: Casey Contact/,
    );
    expect(flagged.text).toContain("Possible spam (too fast)");
    expect(leadEmail(lead(), "n1", "a@b.test", CONTEXT).subject).not.toContain("spam");
  });

  it("composes a MIME message in which hostile input adds no header", async () => {
    const transport = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      newline: "unix",
    });
    const info = await transport.sendMail(
      mailOptions(hostile, "0196aaaa-0000-7000-8000-000000000001", {
        from: "Greenline Leads <leads@greenline.test>",
        to: ["sales@greenline.test"],
        origin: "https://greenline.test",
      }),
    );
    const raw = (info.message as Buffer).toString("utf8");
    // Unfold continuation lines: each remaining line is one header.
    const head = raw.slice(0, raw.indexOf("\n\n")).replace(/\n[ \t]+/g, " ");
    const names = head
      .split("\n")
      .filter((l) => /^[A-Za-z-]+:/.test(l))
      .map((l) => l.slice(0, l.indexOf(":")).toLowerCase());
    expect(names).not.toContain("bcc");
    expect(names.filter((n) => n === "to")).toHaveLength(1);
    // The display name keeps letters only: nothing in it reads as a header or an address.
    expect(head).toMatch(/^Reply-To: Eve script alert x script <eve@example\.test>$/m);
    expect(head).toMatch(/^Subject: New contact \(home page\) lead: Eve script alert x script \(/m);
    expect(head).not.toMatch(/victim/);
    expect(head).toContain("Message-ID: <0196aaaa-0000-7000-8000-000000000001@greenline.test>");
    expect(head).toMatch(/^X-Lead-Id: 01966a2e-8c00-7000-8000-000000000001$/im);
    expect(info.envelope.to).toEqual(["sales@greenline.test"]);
  });
});

describe("delivery settings from the environment", () => {
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

  it("configures no channel by default: leads are only stored", () => {
    const c = notifyConfig({});
    expect(c.channels).toEqual([]);
    expect(c.email).toBeNull();
    expect(c.webhook).toBeNull();
    expect(c.outbox).toEqual({
      pollMs: 5_000,
      leaseMs: 60_000,
      concurrency: 4,
      retryBaseMs: 30_000,
      retryMaxMs: 3_600_000,
      maxAgeMs: 86_400_000,
      stopGraceMs: 5_000,
    });
  });

  it("reads both channels and every timing", () => {
    const c = notifyConfig({
      SMTP_URL: "smtps://user:pass@smtp.example.test:465",
      LEAD_EMAIL_TO: "sales@greenline.test, owner@greenline.test",
      WEBHOOK_URL: "https://crm.example.test/hooks/leads",
      WEBHOOK_SECRET: secret,
      WEBHOOK_TIMEOUT_MS: "2000",
      SMTP_TIMEOUT_MS: "3000",
      SITE_URL: "https://leads.greenline.test/",
      LEADS_OUTBOX_POLL_MS: "100",
      LEADS_OUTBOX_LEASE_MS: "5000",
      LEADS_OUTBOX_CONCURRENCY: "8",
      LEADS_OUTBOX_RETRY_BASE_MS: "50",
      LEADS_OUTBOX_RETRY_MAX_MS: "400",
      LEADS_OUTBOX_MAX_AGE_MS: "60000",
      LEADS_OUTBOX_STOP_GRACE_MS: "1000",
    });
    expect(c.channels).toEqual(["email", "webhook"]);
    expect(c.email).toEqual({
      smtpUrl: "smtps://user:pass@smtp.example.test:465",
      to: ["sales@greenline.test", "owner@greenline.test"],
      from: "sales@greenline.test",
      timeoutMs: 3000,
      // Every email's links point at SITE_URL, without its trailing slash.
      origin: "https://leads.greenline.test",
    });
    expect(c.webhook).toEqual({
      url: "https://crm.example.test/hooks/leads",
      secret,
      timeoutMs: 2000,
    });
    expect(c.outbox).toEqual({
      pollMs: 100,
      leaseMs: 5000,
      concurrency: 8,
      retryBaseMs: 50,
      retryMaxMs: 400,
      maxAgeMs: 60_000,
      stopGraceMs: 1000,
    });
  });

  it("refuses half-configured or unsafe channels at start", () => {
    expect(() => notifyConfig({ SMTP_URL: "smtp://127.0.0.1:25" })).toThrow(/LEAD_EMAIL_TO/);
    expect(() => notifyConfig({ LEAD_EMAIL_TO: "a@b.test" })).toThrow(/SMTP_URL/);
    expect(() => notifyConfig({ SMTP_URL: "http://x", LEAD_EMAIL_TO: "a@b.test" })).toThrow(
      /SMTP_URL/,
    );
    expect(() =>
      notifyConfig({ SMTP_URL: "smtp://x", LEAD_EMAIL_TO: "a@b.test\r\nBcc: c@d.test" }),
    ).toThrow(/LEAD_EMAIL_TO/);
    expect(() => notifyConfig({ WEBHOOK_URL: "https://crm.test/x" })).toThrow(/WEBHOOK_SECRET/);
    expect(() =>
      notifyConfig({ WEBHOOK_URL: "https://crm.test/x", WEBHOOK_SECRET: "short" }),
    ).toThrow(/too short/);
    expect(() => notifyConfig({ WEBHOOK_URL: "ftp://crm.test/x", WEBHOOK_SECRET: secret })).toThrow(
      /WEBHOOK_URL/,
    );
    expect(() => notifyConfig({ WEBHOOK_SECRET: secret })).toThrow(/WEBHOOK_URL/);
    // A lease must outlast a delivery: the worker cuts deliveries short at 80 % of it.
    expect(() =>
      notifyConfig({
        WEBHOOK_URL: "https://crm.test/x",
        WEBHOOK_SECRET: secret,
        LEADS_OUTBOX_LEASE_MS: "10000",
      }),
    ).toThrow(/LEADS_OUTBOX_LEASE_MS/);
  });
});
