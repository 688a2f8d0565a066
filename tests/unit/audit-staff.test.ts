/**
 * The agency's side of the website check, pure parts: what /admin/checks accepts as a website
 * address (src/audit/staffChecks.ts) and the rows it lists; the agency's follow-up email
 * (src/audit/email.ts agencyScoreEmail): the score in the subject, at most three fixes, the
 * lead's and the report's links, the visitor's words escaped in HTML and kept to one line.
 */
import { describe, expect, it } from "vitest";
import { agencyScoreEmail } from "../../src/audit/email";
import { auditMessages } from "../../src/audit/messages";
import { websiteCheckLines } from "../../src/audit/panel";
import { readCheckUrl, staffCheckRows } from "../../src/audit/staffChecks";
import type { AuditJob } from "../../src/audit/store/types";
import { openAuditToken } from "../../src/audit/token";
import { auditLead, fixtureReport } from "../integration/audit-support";

const SECRET = "unit-secret-0123456789abcdef0123456789";

describe("readCheckUrl", () => {
  it("reads an address as staff type it", () => {
    expect(readCheckUrl(" lawnpros.com ")).toEqual({
      ok: true,
      url: "lawnpros.com",
      site: "lawnpros.com",
    });
    expect(readCheckUrl("https://www.LawnPros.com/services")).toMatchObject({
      ok: true,
      site: "lawnpros.com",
    });
    expect(readCheckUrl("lawnpros.com:8080")).toMatchObject({
      ok: true,
      site: "lawnpros.com:8080",
    });
  });

  it("refuses what is not one web address, with the form's message", () => {
    for (const bad of [
      undefined,
      42,
      "",
      "   ",
      "lawn pros.com",
      "ftp://lawnpros.com",
      "javascript:alert(1)",
      "lawn\npros.com",
      "https://lawnpros.com/\u0000",
      `https://${"a".repeat(2048)}.com`,
    ]) {
      expect(readCheckUrl(bad), String(bad).slice(0, 30)).toEqual({
        ok: false,
        message: auditMessages.staffChecks.badUrl,
      });
    }
  });
});

function job(over: Partial<AuditJob>): AuditJob {
  return {
    id: "0190f0e2-0000-7000-8000-000000000001",
    leadId: null,
    url: "lawnpros.test",
    site: null,
    client: null,
    requestedBy: "staff-1",
    queueKey: "staff:staff-1",
    domain: "lawnpros.test",
    fresh: true,
    status: "queued",
    attempts: 0,
    report: null,
    score: null,
    grade: null,
    reusedFrom: null,
    lastError: null,
    claimedBy: null,
    claimedUntil: null,
    createdAt: "2026-11-25T10:00:00.000Z",
    startedAt: null,
    finishedAt: null,
    competitorOf: null,
    label: null,
    removedAt: null,
    showCompetitors: false,
    ...over,
  };
}

describe("staffCheckRows", () => {
  it("lists each check's site, state, score, signed report and lead", () => {
    const report = fixtureReport("lawnpros.test", 57);
    const [running, done] = staffCheckRows(
      [job({}), job({ id: "j2", leadId: "lead-9", status: "done", report })],
      SECRET,
    );
    expect(running).toMatchObject({ site: "lawnpros.test", state: "running", score: "" });
    expect(running!.stateLabel).toBe(auditMessages.staffChecks.states.running);
    expect(running!.leadHref).toBeNull();
    expect(done).toMatchObject({
      state: "ready",
      score: "57/100 (F)",
      leadHref: "/admin/leads/lead-9",
    });
    const token = done!.reportHref.replace("/audit/", "");
    expect(openAuditToken(token, SECRET)).toMatchObject({ ok: true, jobId: "j2" });
  });
});

describe("the lead page's website check panel", () => {
  it("says when the site was fetched on the agency's clock, labelled", () => {
    const report = fixtureReport("lawnpros.test", 57, new Date("2026-11-25T19:03:00.000Z"));
    const done = job({ status: "done", report, finishedAt: "2026-11-25T19:04:00.000Z" });
    const lines = (zone: string) => websiteCheckLines([done], SECRET, zone).facts;
    expect(lines("America/Chicago")).toContain("Fetched Nov 25, 2026, 1:03 PM CST");
    expect(lines("America/New_York")).toContain("Fetched Nov 25, 2026, 2:03 PM EST");
  });
});

describe("agencyScoreEmail", () => {
  const lead = auditLead("lawnpros.test", {});
  lead.fields.ownerName = "Dana <b>Audit</b>\r\nBcc: x@evil.test";

  it("puts the score in the subject and the talking points, lead and report in the body", () => {
    const report = fixtureReport("lawnpros.test", 54);
    const mail = agencyScoreEmail(
      lead,
      { id: "job-1", report, finishedAt: "2026-11-25T10:00:00.000Z" },
      SECRET,
      "https://agency.test",
      "America/New_York",
    )!;
    expect(mail.subject).toMatch(/^Website check for .+: 54\/100 \(F\)$/);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain("Score: 54/100 (F)");
    const fixes = mail.text.split("\n").filter((l) => /^\d\. /.test(l));
    expect(fixes.length).toBeGreaterThan(0);
    expect(fixes.length).toBeLessThanOrEqual(3);
    expect(mail.text).toContain(`https://agency.test/admin/leads/${lead.id}\n`);
    expect(mail.text).toMatch(/https:\/\/agency\.test\/audit\/[\w.-]+\n/);
    expect(mail.html).not.toContain("<b>Audit</b>");
    expect(mail.html).not.toContain("<script>");
  });

  it("says plainly when the site could not be checked", () => {
    const report = {
      ...fixtureReport("down.test"),
      outcome: "unreachable" as const,
      reason: "dns" as const,
    };
    const mail = agencyScoreEmail(
      lead,
      { id: "job-2", report, finishedAt: null },
      SECRET,
      "https://agency.test",
      "America/New_York",
    )!;
    expect(mail.subject).toMatch(/could not check the site$/);
    expect(mail.text).not.toMatch(/^1\. /m);
  });
});
