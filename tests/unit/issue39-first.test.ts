/**
 * Issue 39 (the first hour and the small things), the parts that are plain functions:
 * - email templates fill {score}, {grade}, {reportUrl} and {topFixes} from the lead's newest
 *   scored check, leave unknown and unknown-for-this-lead placeholders as typed, and stay plain
 *   text through the email's HTML; the 'Audit reply' no longer says results are coming;
 * - a number left after the score is read by the intake's phone rule and a listed time;
 * - the follow-up email carries the lead's phone as a tel: link;
 * - the audit log names actions and leads; the Pages table names and explains 'other';
 * - the first owner's setup link opens only as signed, and not once it has expired.
 */
import { describe, expect, it } from "vitest";
import { auditActionLabel, auditSubjects } from "../../src/admin/auditLog";
import { templateDefaults } from "../../src/admin/emails/defaults";
import {
  fillPlaceholders,
  placeholderValues,
  renderLeadEmail,
  unknownPlaceholders,
} from "../../src/admin/emails/leadEmails";
import { adminMessages } from "../../src/admin/messages";
import { rowLabel, tableView } from "../../src/admin/performance";
import { readCallback } from "../../src/audit/callback";
import { openAuditToken } from "../../src/audit/token";
import { renderNotice } from "../../src/leads/notify/render";
import { fixtureReport } from "../integration/audit-support";

const SECRET = "issue-39-first-secret-0123456789abcdef";
const NOW = new Date(Date.UTC(2026, 10, 28, 14));
const lead = { fields: { ownerName: "Ana Green", website: "lawnpros.test" } };
const staff = { email: "sam@agency.test" };

describe("template variables from the website check", () => {
  const report = fixtureReport("lawnpros.test", 57);
  const check = {
    checks: [
      { id: "job-new", status: "queued" as const, report: null },
      { id: "job-done", status: "done" as const, report },
    ],
    secret: SECRET,
    origin: "http://localhost:4321",
    now: NOW,
  };

  it("fills the audit reply with the score, the grade, a working report link and the top fixes", () => {
    const values = placeholderValues(lead, staff, check);
    const t = templateDefaults["audit-reply"];
    const subject = fillPlaceholders(t.subject, values);
    const body = fillPlaceholders(t.body, values);
    expect(subject).toBe("Your website scored 57/100: your free audit from Greenline Growth");
    expect(body).toContain("gave it 57 out of 100 (grade F)");
    expect(body).not.toMatch(/\{[A-Za-z]+\}/);
    // It no longer says the results are coming.
    expect(t.body).not.toMatch(/will send you what we find/);
    const url = /http:\/\/localhost:4321\/audit\/([\w.-]+)/.exec(body)![1]!;
    expect(openAuditToken(url, SECRET, NOW.getTime())).toMatchObject({
      ok: true,
      jobId: "job-done",
    });
    const fixes = body.split("\n").filter((l) => /^\d\. /.test(l));
    expect(fixes).toHaveLength(3);
    expect(fixes[0]).toMatch(/^1\. A clear call to action: /);
  });

  it("leaves check placeholders as typed without a scored check, and unknown ones always", () => {
    const values = placeholderValues(lead, staff, { ...check, checks: [] });
    expect(fillPlaceholders("{score}/100 {grade} {reportUrl} {topFixes} {firstName}", values)).toBe(
      "{score}/100 {grade} {reportUrl} {topFixes} Ana",
    );
    expect(fillPlaceholders("Hi {nickname}", placeholderValues(lead, staff, check))).toBe(
      "Hi {nickname}",
    );
    // The four are known placeholders: a template using them can be saved.
    expect(unknownPlaceholders("{score} {grade} {reportUrl} {topFixes} {nickname}")).toEqual([
      "nickname",
    ]);
  });

  it("keeps values plain text: a fix's markup is escaped in the email's HTML", () => {
    const hostile = fixtureReport("lawnpros.test", 40);
    hostile.checks = hostile.checks.map((c) =>
      c.status === "fail" ? { ...c, title: '<img src=x onerror="alert(1)">' } : c,
    );
    const values = placeholderValues(lead, staff, {
      ...check,
      checks: [{ id: "j", status: "done", report: hostile }],
    });
    const body = fillPlaceholders("Fixes:\n{topFixes}", values);
    expect(body).toContain('<img src=x onerror="alert(1)">');
    const { html } = renderLeadEmail({ subject: "s", body });
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});

describe("a number to call, as typed", () => {
  it("takes a valid phone in E.164 and a listed time (any by default)", () => {
    expect(readCallback("(512) 555-0142", "evening")).toEqual({
      ok: true,
      phone: "+15125550142",
      time: "evening",
    });
    expect(readCallback(" +44 20 7946 0958 ", undefined)).toEqual({
      ok: true,
      phone: "+442079460958",
      time: "any",
    });
  });
  it("refuses what the intake refuses, with the field and a clear message", () => {
    expect(readCallback("", "any")).toMatchObject({ ok: false, field: "phone" });
    expect(readCallback("555", "any")).toMatchObject({ ok: false, field: "phone" });
    expect(readCallback("call me maybe", "any")).toMatchObject({ ok: false, field: "phone" });
    expect(readCallback(["5125550142"], "any")).toMatchObject({ ok: false, field: "phone" });
    expect(readCallback("5".repeat(41), "any")).toMatchObject({ ok: false, field: "phone" });
    expect(readCallback("(512) 555-0142", "3am")).toMatchObject({
      ok: false,
      field: "time",
      message: "Please choose a time of day from the list.",
    });
  });
});

describe("the follow-up email", () => {
  it("has the lead's phone as a tel: link", () => {
    const notice = adminMessages.followUp.email.notice({
      name: "Ana",
      due: "Nov 28, 9:00 am",
      note: "",
      link: "http://localhost:4321/admin/leads/x",
      phone: { shown: "(512) 555-0142", tel: "tel:+15125550142" },
    });
    const { html, text } = renderNotice({ title: "Follow-up due", ...notice });
    expect(html).toContain('<a href="tel:+15125550142">(512) 555-0142</a>');
    expect(text).toContain("Phone: (512) 555-0142");
    const none = adminMessages.followUp.email.notice({
      ...notice,
      name: "Ana",
      due: "",
      note: "",
      link: "",
      phone: null,
    });
    expect(none.rows.map((r) => r[0])).not.toContain("Phone");
  });
});

describe("the audit log's words", () => {
  it("names actions, and leads by name (linked), erased ones as such", async () => {
    const labels = adminMessages.audit.actions;
    expect(auditActionLabel("lead_status", labels)).toBe("Lead status changed");
    expect(auditActionLabel("sign_in", labels)).toBe("Signed in");
    expect(auditActionLabel("some_new_thing", labels)).toBe("some new thing");
    const live = "0196a2e8-8c00-7000-8000-000000000001";
    const gone = "0196a2e8-8c00-7000-8000-000000000002";
    const subjects = await auditSubjects(
      [
        { action: "lead_status", subject: live },
        { action: "lead_erased", subject: gone },
        { action: "sign_in", subject: "sam@agency.test" },
        // A website check's entry names the check, not a lead.
        { action: "website_check", subject: "0196a2e8-8c00-7000-8000-000000000003" },
      ],
      async (id) => (id === live ? { fields: { name: "Rosa Lopez" } } : null),
      "(no name given)",
    );
    expect(subjects.get(live)).toEqual({
      kind: "lead",
      name: "Rosa Lopez",
      href: `/admin/leads/${live}`,
    });
    expect(subjects.get(gone)).toEqual({ kind: "erased" });
    expect(subjects.has("sam@agency.test")).toBe(false);
    expect(subjects.has("0196a2e8-8c00-7000-8000-000000000003")).toBe(false);
  });
});

describe("the Pages table's 'other' row", () => {
  it("is named and explained under the table", () => {
    expect(rowLabel("pages", "other")).toBe("Other addresses (not pages of the site)");
    expect(rowLabel("sources", "other")).toBe("other");
    const row = (key: string) => ({
      key,
      views: 3,
      visitors: 2,
      starts: 0,
      leads: 0,
      uncounted: 0,
      rate: null,
      contacted: 0,
      won: 0,
      wonCents: 0,
      valuePerVisitor: null,
    });
    const report = { pages: [row("/"), row("other")] } as unknown as Parameters<
      typeof tableView
    >[0];
    const view = tableView(report, "pages", new URLSearchParams());
    expect(view.rows.map((r) => r.cells[0])).toContain("Other addresses (not pages of the site)");
    expect(view.note).toContain("not pages of this site");
    const without = tableView(
      { pages: [row("/")] } as unknown as Parameters<typeof tableView>[0],
      "pages",
      new URLSearchParams(),
    );
    expect(without.note).toBeNull();
  });
});
