/**
 * The agency hears the score (issue 26, 'emails to the agency mention the score when it is
 * ready'): the lead notice goes out at once, before the check ends; when a lead's website check is
 * done, the agency's lead address gets one short follow-up through the outbox: the score and grade
 * in the subject, the three most valuable fixes, the lead's page and the prospect's report. On the
 * real built server with the real engine against a loopback fixture site, an SMTP catcher, on
 * SQLite; the prospect's own email goes out too, with the score and the report's link only: none
 * of the words typed in the form (issue 36). Without the lead email configured there is none (and
 * nothing is queued for it).
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditJobStoreFor } from "../../src/audit/store";
import { openAuditToken } from "../../src/audit/token";
import type { LeadStore } from "../../src/leads/store/types";
import { serveSite, strongSite, type FixtureSite } from "../support/auditSites";
import { loopbackNodeOptions, named, until } from "./audit-support";
import { deliveryEnv, EMAIL_TO, startSmtpReceiver, type SmtpReceiver } from "./notify-support";
import {
  postForm,
  serverStore,
  startServer,
  openServerStore,
  validLeads,
  type RunningServer,
} from "./support";

const SALT = "audit-agency-test-salt-0123456789abc";
/** What a stranger types as the name to mail an advert to someone else's address. */
const TYPED_NAME = "<b>Buy pills</b> http://spam.example";

describe("the agency's score email (sqlite)", () => {
  let site: FixtureSite;
  let smtp: SmtpReceiver;
  let server: RunningServer;
  let store: LeadStore;
  let base: Record<string, string>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    site = await serveSite((origin) => strongSite(named(origin)));
    smtp = await startSmtpReceiver();
    const s = serverStore("sqlite", "audit-agency-sqlite");
    cleanup = s.cleanup;
    base = {
      ...s.env,
      IP_HASH_SALT: SALT,
      AUDIT_CONCURRENCY: "2",
      AUDIT_POLL_MS: "200",
      AUDIT_ALLOW_HOSTS: named(site.hostPort),
      NODE_OPTIONS: loopbackNodeOptions,
    };
    store = openServerStore("sqlite", s.env);
  });
  afterAll(async () => {
    await server?.stop();
    await store?.close();
    await smtp?.close();
    await site?.close();
    await cleanup?.();
  });

  async function auditPost(companyName: string) {
    const res = await postForm(server.url, {
      _form: "audit",
      ...validLeads.audit,
      companyName,
      ownerName: TYPED_NAME,
      website: named(site.origin),
    });
    expect(res.status).toBe(303);
    const token = new URL(res.headers.get("location")!, server.url).searchParams.get("t")!;
    const opened = openAuditToken(token, SALT);
    if (!opened.ok) throw new Error("the thank-you link did not check out");
    const job = await until(async () => {
      const j = await auditJobStoreFor(store).get(opened.jobId);
      return j?.status === "done" ? j : null;
    }, 45_000);
    return job;
  }

  it("after the lead notice, one follow-up with the score, three fixes and the lead's link", async () => {
    server = await startServer(deliveryEnv(smtp, null, base));
    // IP_HASH_SALT is set: no warning about servers salting client addresses apart.
    expect(server.output()).not.toContain("ip_hash_salt_unset");
    const job = await auditPost("Score Mail Lawns");
    const leadId = job.leadId!;
    const subject = `Website check for ${TYPED_NAME}: ${job.score}/100 (${job.grade})`;
    const follow = await until(
      async () => smtp.messages.find((m) => m.header("subject") === subject),
      20_000,
    );
    expect(follow.envelopeTo).toEqual([EMAIL_TO]);
    expect(follow.header("x-lead-id")).toBe(leadId);
    // The lead's own notice went first: the check never holds it back.
    const notice = smtp.messages.findIndex(
      (m) => m.header("x-lead-id") === leadId && m.envelopeTo.includes(EMAIL_TO),
    );
    expect(notice).toBeLessThan(smtp.messages.indexOf(follow));
    expect(follow.text).toContain(`Score: ${job.score}/100 (${job.grade})`);
    const fixes = follow.text.split("\n").filter((l) => /^[1-3]\. /.test(l));
    expect(fixes.length).toBeGreaterThan(0);
    expect(fixes.length).toBeLessThanOrEqual(3);
    expect(follow.text).toMatch(new RegExp(`/admin/leads/${leadId}\\n`));
    expect(follow.text).toMatch(/\/audit\/[\w.-]+\n/);
    // The visitor's words are escaped in the HTML part.
    expect(follow.html).not.toContain("<b>Buy pills</b>");
    // The prospect's own email (channel 'audit') went to the address typed in the form.
    const prospect = await until(
      async () => smtp.messages.find((m) => m.envelopeTo.includes(validLeads.audit.email)),
      20_000,
    );
    expect(prospect.header("subject")).toBe(`Your website scored ${job.score}/100`);
    expect(prospect.text).toContain(`${job.score} out of 100 (Grade ${job.grade})`);
    // The agency's mail carries none of a stranger's words to a third party: not the name, the
    // company, the website or the message typed in the form; the fixes are on the report.
    const typed = [TYPED_NAME, "Buy", "pills", "spam.example", "Score Mail Lawns"];
    typed.push(new URL(named(site.origin)).host, validLeads.audit.message);
    for (const words of typed) {
      expect(prospect.text, words).not.toContain(words);
      expect(prospect.html, words).not.toContain(words);
    }
    expect(prospect.text.split("\n").filter((l) => /^[1-3]\. /.test(l))).toEqual([]);
    // Both emails' report links open this check.
    for (const mail of [prospect, follow]) {
      const token = /\/audit\/([\w.-]+)\n/.exec(mail.text)![1]!;
      expect(openAuditToken(token, SALT)).toMatchObject({ ok: true, jobId: job.id });
      expect(mail.html).toContain(`/audit/${token}"`);
    }
    // One per lead: the outbox row is sent, and a second done check sends none.
    const rows = await until(async () => {
      const r = await store.listNotifications(["sent"], leadId);
      return r.some((n) => n.channel === "audit-agency") ? r : null;
    });
    expect(rows.filter((n) => n.channel === "audit-agency")).toHaveLength(1);
    await server.stop();
  });

  it("without the lead email configured, nothing is queued for the agency", async () => {
    server = await startServer({ ...base, LEADS_RATE_LIMIT: "off" });
    const job = await auditPost("Quiet Lawns");
    const rows = await store.listNotifications(["pending", "sent", "failed"], job.leadId!);
    expect(rows.map((r) => r.channel)).not.toContain("audit-agency");
    await server.stop();
  });
});
