/**
 * Competitors beside a website check (issue 38, 'Beyond the peers') over real HTTP on the built
 * server over SQLite: staff add competitors' sites on a lead's page and on /admin/checks (a
 * plain post answered 303; each a check queued like any staff check, linked to the prospect's);
 * not a site, the prospect's own site, a competitor twice, a long name, a fourth, another lead's
 * check, past the staff member's queue: a 4xx with the message and nothing queued; Remove; and
 * the prospect's report and PDF name competitors only once staff chose to show them, while the
 * lead's page always shows them, their scores and the talking points beside them. The checks
 * are recorded as a worker records them (the engine is not under test here); the store's side
 * on both databases is tests/integration/audit-competitors-store.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aheadSentence, behindSentence } from "../../src/audit/competitors";
import { auditJobFor } from "../../src/audit/jobs";
import { auditMessages } from "../../src/audit/messages";
import { auditReportSchema, type AuditReport, type CheckStatus } from "../../src/audit/report";
import { auditJobStoreFor } from "../../src/audit/store";
import { auditLinks } from "../../src/audit/token";
import type { LeadStore } from "../../src/leads/store/types";
import { auditLead, fixtureReport } from "./audit-support";
import {
  openServerStore,
  ownerSession,
  postAdminForm,
  serverStore,
  startServer,
  type RunningServer,
} from "./support";

const SALT = "audit-competitors-salt-0123456789abcdef";
const copy = auditMessages.competitors;
/** What React writes for our own text with an apostrophe. */
const html = (text: string) => text.replace(/'/g, "&#x27;");

/** `report` with some checks' statuses changed: a competitor's site, better or worse. */
function withStatuses(report: AuditReport, statuses: Record<string, CheckStatus>, score: number) {
  return auditReportSchema.parse({
    ...report,
    score,
    grade: score >= 90 ? "A" : score >= 80 ? "B" : score >= 70 ? "C" : score >= 60 ? "D" : "F",
    checks: report.checks.map((c) => (statuses[c.id] ? { ...c, status: statuses[c.id] } : c)),
  });
}

/** Pages of a PDF, counted in its page tree (pdfkit writes its objects uncompressed). */
const pdfPages = (bytes: Buffer) => bytes.toString("latin1").match(/\/Type \/Page\b/g)?.length ?? 0;

describe("competitors beside a website check (sqlite)", () => {
  let server: RunningServer;
  let store: LeadStore;
  let cookie: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const s = serverStore("sqlite", "audit-competitors");
    cleanup = s.cleanup;
    // No check runs in this server: the test records outcomes as a worker would.
    const env = { ...s.env, IP_HASH_SALT: SALT, AUDIT_CONCURRENCY: "0", AUDIT_STAFF_QUEUE: "8" };
    server = await startServer(env);
    cookie = await ownerSession(server, env);
    store = openServerStore("sqlite", s.env);
    await store.migrate();
  });
  afterAll(async () => {
    await server?.stop();
    await store?.close();
    await cleanup?.();
  });

  /** An audit lead of `website` with its check stored and, unless `open`, scored `score`. */
  async function auditLeadWithCheck(website: string, score = 57) {
    const lead = auditLead(website, { ipHash: `c-${website}` });
    const job = auditJobFor(lead)!;
    await store.insert(lead, [], { auditJob: job });
    await record(job.id, fixtureReport(website, score));
    return { lead, checkId: job.id };
  }

  /** Claims every waiting check and records `report` for `id` (the rest given back). */
  async function record(id: string, report: AuditReport) {
    const jobs = auditJobStoreFor(store);
    const claimed = await jobs.claim({ owner: "w", now: new Date(), leaseMs: 60_000, limit: 50 });
    expect(claimed.map((j) => j.id)).toContain(id);
    await jobs.finish(id, "w", { status: "done", site: null, report }, new Date());
    await jobs.release(
      claimed.map((j) => j.id).filter((j) => j !== id),
      "w",
    );
  }

  const leadPage = async (leadId: string) => {
    const res = await fetch(`${server.url}/admin/leads/${leadId}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return res.text();
  };
  const add = (leadId: string, fields: Record<string, string>) =>
    postAdminForm(
      server,
      `/admin/leads/${leadId}`,
      { action: "competitor-add", ...fields },
      cookie,
    );

  it("adds up to three competitors on a lead's page; bad input is a 4xx with the message and queues nothing", async () => {
    const { lead, checkId } = await auditLeadWithCheck("lawnpros.test");
    const jobs = auditJobStoreFor(store);

    const first = await add(lead.id, {
      check: checkId,
      url: "greenacres.test",
      name: "Green Acres",
    });
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe(
      `/admin/leads/${lead.id}?saved=competitor-add&shown=0#competitors`,
    );
    const [queued] = await jobs.competitors(checkId);
    // An ordinary check in the queue: the staff member's turn, its domain, no lead of its own.
    expect(queued).toMatchObject({
      url: "greenacres.test",
      label: "Green Acres",
      competitorOf: checkId,
      leadId: null,
      client: null,
      status: "queued",
      domain: "greenacres.test",
      fresh: false,
    });
    expect(queued!.queueKey).toMatch(/^staff:/);
    const page = await leadPage(lead.id);
    expect(page).toContain(`data-competitors="${checkId}"`);
    expect(page).toContain("Green Acres");
    expect(page).toMatch(/data-competitor-state="running"/);

    // Bad input: the message, tied to its field, what was typed kept, nothing queued.
    for (const [fields, status, message] of [
      [{ url: "not a site" }, 422, copy.badUrl],
      [{ url: "javascript:alert(1)" }, 422, copy.badUrl],
      [{ url: "https://www.LawnPros.test/services" }, 422, copy.ownSite],
      [{ url: "www.greenacres.test/" }, 422, copy.duplicate],
      [{ url: "summit.test", name: "S".repeat(61) }, 422, copy.nameTooLong(60)],
    ] as const) {
      const res = await add(lead.id, { check: checkId, ...fields });
      expect(res.status, fields.url).toBe(status);
      const body = await res.text();
      expect(body, fields.url).toContain(html(message));
      expect(body).toContain('aria-invalid="true"');
      expect(body).toContain(`value="${fields.url}"`);
    }
    expect(await jobs.competitors(checkId)).toHaveLength(1);

    // A name is text: stored as typed, shown escaped.
    const named = await add(lead.id, {
      check: checkId,
      url: "summit.test",
      name: "<b>Summit</b> Tree",
    });
    expect(named.status).toBe(303);
    const shown = await leadPage(lead.id);
    expect(shown).not.toContain("<b>Summit</b>");
    expect(shown).toContain("&lt;b&gt;Summit&lt;/b&gt; Tree");
    expect((await add(lead.id, { check: checkId, url: "https://oak.test" })).status).toBe(303);

    // A fourth: 409 with the message; the form says three is the most.
    const fourth = await add(lead.id, { check: checkId, url: "pine.test" });
    expect(fourth.status).toBe(409);
    expect(await fourth.text()).toContain(html(copy.tooMany(3)));
    expect(await jobs.competitors(checkId)).toHaveLength(3);
    expect(await leadPage(lead.id)).toContain(html(copy.full(3)));

    // Another lead's check cannot be changed from this lead's page.
    const other = await auditLeadWithCheck("otherlawn.test");
    const foreign = await add(lead.id, { check: other.checkId, url: "pine.test" });
    expect(foreign.status).toBe(404);
    expect(await jobs.competitors(other.checkId)).toHaveLength(0);

    // Remove: a waiting competitor is taken off (and never fetched); room for another.
    const removed = await postAdminForm(
      server,
      `/admin/leads/${lead.id}`,
      { action: "competitor-remove", check: checkId, competitor: queued!.id },
      cookie,
    );
    expect(removed.status).toBe(303);
    expect((await jobs.get(queued!.id))?.status).toBe("cancelled");
    expect((await jobs.competitors(checkId)).map((c) => c.url)).toEqual([
      "summit.test",
      "https://oak.test",
    ]);
    expect(await leadPage(lead.id)).not.toContain("greenacres.test");
    const again = await postAdminForm(
      server,
      `/admin/leads/${lead.id}`,
      { action: "competitor-remove", check: checkId, competitor: queued!.id },
      cookie,
    );
    expect(again.status).toBe(409);
    expect((await add(lead.id, { check: checkId, url: "pine.test" })).status).toBe(303);

    // Noted in the audit log.
    const log = await (await fetch(`${server.url}/admin/audit`, { headers: { cookie } })).text();
    expect(log).toContain('data-audit-action="website_competitor_added"');
    expect(log).toContain('data-audit-action="website_competitor_removed"');
  });

  it("the prospect's report and PDF name competitors only once staff show them; the lead's page always does", async () => {
    const { lead, checkId } = await auditLeadWithCheck("walklawn.test", 57);
    const report = auditLinks(checkId, SALT).report;
    expect(
      (await add(lead.id, { check: checkId, url: "greenacres.test", name: "Green Acres" })).status,
    ).toBe(303);
    const [rival] = await auditJobStoreFor(store).competitors(checkId);
    // Green Acres: a tap-to-call link and a quote button the prospect lacks; no reviews.
    await record(
      rival!.id,
      withStatuses(
        fixtureReport("greenacres.test", 91),
        { "tel-link": "pass", cta: "pass", reviews: "fail" },
        91,
      ),
    );
    const behind = behindSentence("tel-link", ["Green Acres"]);
    const ahead = aheadSentence("reviews", ["Green Acres"]);

    // Staff: the competitor's score and the talking points beside it, toggle off.
    const staffPage = await leadPage(lead.id);
    expect(staffPage).toContain("91/100 (A)");
    expect(staffPage).toContain(html(behind));
    expect(staffPage).toContain(html(ahead));
    expect(staffPage).toMatch(/data-competitor-row="tel-link"/);
    expect(staffPage).toContain('data-competitors-shown="no"');

    // The prospect's report and PDF: no competitor while the toggle is off.
    const hidden = await (await fetch(`${server.url}${report}`)).text();
    expect(hidden).toMatch(/data-audit-score="57"/);
    expect(hidden).not.toContain("Green Acres");
    expect(hidden).not.toContain("data-report-competitors");
    const pdfHidden = Buffer.from(await (await fetch(`${server.url}${report}.pdf`)).arrayBuffer());

    // Shown: the report sets the site beside Green Acres, check by check, with its score.
    const show = await postAdminForm(
      server,
      `/admin/leads/${lead.id}`,
      { action: "competitors-show", check: checkId, show: "1" },
      cookie,
    );
    expect(show.status).toBe(303);
    expect(show.headers.get("location")).toContain("shown=1");
    const after = await fetch(`${server.url}${show.headers.get("location")}`, {
      headers: { cookie },
    });
    const staffAfter = await after.text();
    expect(staffAfter).toContain('data-competitors-shown="yes"');
    expect(staffAfter).toContain(html(copy.shown));
    const visible = await (await fetch(`${server.url}${report}`)).text();
    expect(visible).toContain("data-report-competitors");
    expect(visible).toContain(html(copy.heading));
    expect(visible).toContain(html(behind));
    expect(visible).toContain(html(ahead));
    expect(visible).toMatch(/data-compared-score="91"/);
    expect(visible).toMatch(/data-competitor-row="tel-link"/);
    const pdfShown = Buffer.from(await (await fetch(`${server.url}${report}.pdf`)).arrayBuffer());
    expect(pdfPages(pdfShown)).toBe(pdfPages(pdfHidden) + 1);

    // A removed competitor is on no page, whatever the toggle.
    await postAdminForm(
      server,
      `/admin/leads/${lead.id}`,
      { action: "competitor-remove", check: checkId, competitor: rival!.id },
      cookie,
    );
    const gone = await (await fetch(`${server.url}${report}`)).text();
    expect(gone).not.toContain("Green Acres");
    expect(gone).not.toContain("data-report-competitors");
    expect(await leadPage(lead.id)).not.toContain(html(behind));
  });

  it("on /admin/checks: competitors of a staff check, listed apart from the staff checks; the staff member's queue applies", async () => {
    const post = await postAdminForm(server, "/admin/checks", { url: "prospect.test" }, cookie);
    expect(post.status).toBe(303);
    const checkId = new URL(post.headers.get("location")!, server.url).searchParams.get("queued")!;
    const list = await (await fetch(`${server.url}/admin/checks`, { headers: { cookie } })).text();
    expect(list).toContain(`href="/admin/checks?compare=${checkId}#competitors"`);

    const path = `/admin/checks?compare=${checkId}`;
    const added = await postAdminForm(
      server,
      path,
      { action: "competitor-add", check: checkId, url: "rival-one.test" },
      cookie,
    );
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe(
      `/admin/checks?compare=${checkId}&saved=competitor-add&shown=0#competitors`,
    );
    const page = await (await fetch(`${server.url}${path}`, { headers: { cookie } })).text();
    expect(page).toContain(`data-competitors="${checkId}"`);
    expect(page).toContain("rival-one.test");
    // Not among the staff checks' rows: it is shown with the check it stands beside.
    const start = page.indexOf("data-staff-checks");
    const table = page.slice(start, page.indexOf("</table>", start));
    expect(table).toContain("prospect.test");
    expect(table).not.toContain("rival-one.test");
    const own = await postAdminForm(
      server,
      path,
      { action: "competitor-add", check: checkId, url: "PROSPECT.test" },
      cookie,
    );
    expect(own.status).toBe(422);
    expect(await own.text()).toContain(html(copy.ownSite));

    // A competitor's check is a staff check: past AUDIT_STAFF_QUEUE waiting (8 here), 429 and
    // nothing queued.
    const jobs = auditJobStoreFor(store);
    const waiting = (await jobs.queue(100, new Date())).checks.filter((c) => c.requestedBy);
    for (let i = waiting.length; i < 8; i++) {
      expect(
        (await postAdminForm(server, "/admin/checks", { url: `fill${i}.test` }, cookie)).status,
      ).toBe(303);
    }
    const capped = await postAdminForm(
      server,
      path,
      { action: "competitor-add", check: checkId, url: "rival-two.test" },
      cookie,
    );
    expect(capped.status).toBe(429);
    expect(await capped.text()).toContain(html(auditMessages.staffChecks.staffQueue(8)));
    expect(await jobs.competitors(checkId)).toHaveLength(1);
  });
});
