/**
 * Emails rendered with React (src/leads/notify/render.ts; each tree beside its sender): every email has
 * a plain-text part read from the same tree as its HTML, values are escaped by React in the HTML
 * and kept as typed in the text; the website check's two emails (src/audit/email.ts) say the
 * score and the links in both parts (the agency's also the fixes; the prospect's none of the words
 * typed in the form); and the staff emails to a lead: placeholders
 * filled from the lead and the site config, the template a lead's form starts from, and what a
 * subject or message may be.
 */
import { createElement } from "react";
import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import {
  emailTimeline,
  fillPlaceholders,
  placeholderValues,
  readEmailText,
  renderLeadEmail,
  templateFor,
  unknownPlaceholders,
} from "../../src/admin/emails/leadEmails";
import { templateDefaults, templateIds } from "../../src/admin/emails/defaults";
import { NoticeEmail } from "../../src/leads/notify/emails/NoticeEmail";
import { agencyScoreEmail, auditEmail } from "../../src/audit/email";
import { auditMessages, unreachableNames } from "../../src/audit/messages";
import type { AuditReport } from "../../src/audit/report";
import { openAuditToken } from "../../src/audit/token";
import { site } from "../../src/config/site";
import { emailText, renderEmail, renderNotice } from "../../src/leads/notify/render";
import { auditLead, fixtureReport } from "../integration/audit-support";

const hostile = `<script>alert("x")</script> & 'quoted'`;

describe("emails rendered with React", () => {
  it("gives a message a text part and an escaped HTML part", () => {
    const { html, text } = renderLeadEmail({
      subject: "Your audit",
      body: `Hi Dana,\n\nLine one\nline two ${hostile}\n\n<img src=x onerror=alert(1)>`,
    });
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain("<title>Your audit</title>");
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain(
      "<p>Line one<br>line two &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;</p>",
    );
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    // The text part: paragraphs apart, line breaks kept, the words exactly as typed.
    expect(text).toBe(
      [
        "Hi Dana,",
        "",
        `Line one\nline two ${hostile}`,
        "",
        "<img src=x onerror=alert(1)>",
        "",
        `${site.name} · ${site.phone.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, "($1) $2-$3")} · ${site.url}`,
        "",
      ].join("\n"),
    );
  });

  it("writes a notice's rows as 'Label: value' and its button as 'label: address'", () => {
    const { html, text } = renderNotice({
      title: "Follow-up due",
      intro: "A follow-up is due now.",
      rows: [
        ["Who", "Dana <b>"],
        ["Note", "two\nlines"],
        ["Empty", ""],
      ],
      link: { label: "Open it in the inbox", href: "https://agency.example/admin/leads/1?a=1&b=2" },
      outro: "Mark it done.",
    });
    expect(html).toContain('<a href="https://agency.example/admin/leads/1?a=1&amp;b=2"');
    expect(html).toContain("Dana &lt;b&gt;");
    expect(text).toBe(
      [
        "A follow-up is due now.",
        "",
        "Who: Dana <b>\nNote:\n  two\n  lines\nEmpty: —",
        "",
        "Open it in the inbox: https://agency.example/admin/leads/1?a=1&b=2",
        "",
        "Mark it done.",
        "",
      ].join("\n"),
    );
  });

  it("renders any element the same way, headings underlined in the text", () => {
    const { text } = renderEmail(
      createElement(NoticeEmail, { title: "T", heading: "A heading", intro: "Body" }),
    );
    expect(text.startsWith("A heading\n\nBody\n")).toBe(true);
    expect(emailText("<h2>Details</h2><p>x</p>")).toBe("Details\n-------\n\nx\n");
  });

  it("writes a list as one block, numbered when it is ordered", () => {
    expect(
      emailText("<p>Fixes:</p><ol><li>one</li><li>two<br>lines</li></ol><ul><li>x</li></ul>"),
    ).toBe("Fixes:\n\n1. one\n2. two\n   lines\n\n- x\n");
  });
});

describe("the website check's emails", () => {
  const SECRET = "unit-secret-0123456789abcdef0123456789";
  const ORIGIN = "https://agency.test";
  /** The agency's zone as the root hands it in (the site config's; another one here on purpose). */
  const ZONE = "America/Chicago";
  const script = `<script>alert("t")</script>`;
  const escapedScript = "&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;";
  const lead = auditLead("lawnpros.test", { email: "dana@lawnpros.test" });
  lead.fields.ownerName = "Dana <b>Audit</b>";

  /** A scored report whose failed checks quote hostile text from the site in title and fix. */
  function hostileReport(): AuditReport {
    const report = fixtureReport("lawnpros.test", 54, new Date("2026-11-25T19:03:00Z"));
    return {
      ...report,
      checks: report.checks.map((c) =>
        c.status === "fail"
          ? { ...c, title: `${c.title} ${script}`, fix: `${c.fix} "<img src=x onerror=alert(1)>"` }
          : c,
      ),
    };
  }
  const unreachable: AuditReport = {
    ...fixtureReport("lawnpros.test"),
    url: `${script}.test`,
    finalUrl: undefined,
    outcome: "unreachable",
    reason: "invalid-url",
    score: undefined,
    grade: undefined,
  };
  const job = (report: AuditReport) => ({
    id: "job-1",
    report,
    finishedAt: "2026-11-25T10:00:00.000Z",
  });
  const numbered = (text: string) => text.split("\n").filter((l) => /^\d\. /.test(l));
  /** The list items as a mail client shows them (entities decoded). */
  const items = (html: string) =>
    DomUtils.getElementsByTagName("li", parseDocument(html).children).map((li) =>
      DomUtils.textContent(li),
    );

  it("gives the prospect the score and both links, and none of the words typed in the form", () => {
    const typed = auditLead("http://spam.example/buy-pills", { email: "dana@lawnpros.test" });
    typed.fields.ownerName = "<b>Buy pills</b> http://spam.example";
    typed.fields.companyName = "Cheap Pills Online";
    typed.fields.message = "Visit spam.example today";
    const report = { ...hostileReport(), url: "spam.example", finalUrl: "https://spam.example/" };
    const mail = auditEmail(typed, job(report), SECRET, ORIGIN, ZONE)!;
    const copy = auditMessages.email;
    expect(mail.to).toBe("dana@lawnpros.test");
    expect(mail.subject).toBe("Your website scored 54/100");
    expect(mail.html).toContain("<title>Your website scored 54/100</title>");
    for (const words of ["Buy", "pills", "Pills", "spam.example", "Visit", "<b>", "&lt;b&gt;"]) {
      expect(mail.text, words).not.toContain(words);
      expect(mail.html, words).not.toContain(words);
    }
    // Our words, the score and grade; the fixes are on the report, not in the mail.
    expect(mail.text).toMatch(/^Hi,\n\n/);
    expect(mail.text).toContain(`score:\n${auditMessages.report.scoreOf(54)} (Grade F)\n`);
    expect(numbered(mail.text)).toEqual([]);
    expect(mail.html).not.toMatch(/<script|<img|<ol>/i);
    // When it ran and until when the link works, on the agency's clock, labelled (not UTC).
    expect(mail.text).toContain("We checked your website on Nov 25, 2026, 1:03 PM CST.");
    expect(mail.text).toContain("is here until December 25, 2026:");
    expect(mail.text).not.toContain("UTC");
    // The signed report behind the button, the booking page on its own line.
    const link = new RegExp(`${copy.button}: (${ORIGIN}/audit/([\\w.-]+))\n`).exec(mail.text)!;
    expect(openAuditToken(link[2]!, SECRET, Date.parse("2026-11-26T00:00:00Z"))).toMatchObject({
      ok: true,
      jobId: "job-1",
    });
    expect(mail.html).toContain(`<a href="${link[1]}"`);
    expect(mail.text).toContain(`suits you:\n${ORIGIN}/book-call\n`);
    expect(mail.html).toContain(`<a href="${ORIGIN}/book-call">`);
  });

  it("tells the prospect a site could not be checked, without the address typed", () => {
    const mail = auditEmail(lead, job(unreachable), SECRET, ORIGIN, ZONE)!;
    expect(mail.subject).toBe("Your website check");
    expect(numbered(mail.text)).toEqual([]);
    expect(mail.text).toContain(auditMessages.email.unreachable(unreachableNames["invalid-url"]));
    expect(mail.text).not.toContain(script);
    expect(mail.html).not.toContain(escapedScript);
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.html).not.toContain("<ol>");
  });

  it("writes nothing to an address that is not a plain one", () => {
    const odd = auditLead("lawnpros.test", { email: "dana@x.test\r\nBcc: eve@x.test" });
    expect(auditEmail(odd, job(hostileReport()), SECRET, ORIGIN, ZONE)).toBeNull();
  });

  it("gives the agency the score, the talking points and both links, line for line", () => {
    const mail = agencyScoreEmail(lead, job(hostileReport()), SECRET, ORIGIN, ZONE)!;
    const copy = auditMessages.agencyEmail;
    expect(mail.subject).toBe("Website check for Dana <b>Audit</b>: 54/100 (F)");
    expect(mail.html).toContain(
      "<title>Website check for Dana &lt;b&gt;Audit&lt;/b&gt;: 54/100 (F)</title>",
    );
    expect(mail.html).not.toMatch(/<script|<img|<b>/i);
    const fixes = numbered(mail.text);
    expect(fixes.map((l) => l.replace(/^\d\. /, ""))).toEqual(items(mail.html));
    const token = /\/audit\/([\w.-]+)/.exec(mail.text)![1]!;
    expect(mail.text).toBe(
      [
        copy.intro("lawnpros.test", "Nov 25, 2026, 1:03 PM CST"),
        "Score: 54/100 (F)",
        "",
        copy.fixes,
        "",
        ...fixes,
        "",
        copy.lead,
        `${ORIGIN}/admin/leads/${lead.id}`,
        "",
        copy.report,
        `${ORIGIN}/audit/${token}`,
        "",
        copy.why,
        "",
      ].join("\n"),
    );
    expect(fixes).toHaveLength(3);
    expect(mail.html).toContain(`<a href="${ORIGIN}/admin/leads/${lead.id}">`);
    expect(mail.html).toContain(`<a href="${ORIGIN}/audit/${token}">`);
  });

  it("tells the agency why a site could not be checked", () => {
    const mail = agencyScoreEmail(lead, job(unreachable), SECRET, ORIGIN, ZONE)!;
    expect(mail.subject).toBe("Website check for Dana <b>Audit</b>: could not check the site");
    expect(mail.text).toContain(
      `Score: could not check the site (${unreachableNames["invalid-url"]})\n`,
    );
    expect(mail.text).toContain(`The website check of ${script}.test is done (`);
    expect(numbered(mail.text)).toEqual([]);
    expect(mail.html).not.toMatch(/<script/i);
  });
});

describe("templates of the emails to a lead", () => {
  const lead = {
    form: "audit",
    fields: { ownerName: "Dana Q. Owner", companyName: "Dana Lawns", website: "https://x.test" },
  };

  it("preselects the form's template and fills in the lead, the staff and the agency", () => {
    expect(templateFor("audit")).toBe("audit-reply");
    expect(templateFor("quick")).toBe("call-confirmation");
    expect(templateFor("guide")).toBe("checklist-follow-up");
    expect(templateFor("contact")).toBe("general");
    const values = placeholderValues(lead, { email: "sam@agency.test" });
    expect(values.firstName).toBe("Dana");
    expect(values.company).toBe("Dana Lawns");
    expect(values.agencyName).toBe(site.name);
    expect(values.bookingUrl).toBe(site.scheduling.url);
    const body = fillPlaceholders(templateDefaults["audit-reply"].body, values);
    expect(body).toContain("Hi Dana,");
    expect(body).toContain("https://x.test");
    // Without a scored check only the check's values stay as typed, for staff to fill in (D253).
    const left = new Set(body.match(/\{[A-Za-z]+\}/g) ?? []);
    expect(
      [...left].filter((p) => !["{score}", "{grade}", "{reportUrl}", "{topFixes}"].includes(p)),
    ).toEqual([]);
    expect(left.has("{score}")).toBe(true);
    expect(placeholderValues({ fields: {} }, { email: "a@b.test" }).firstName).toBe("there");
    // Every default uses known placeholders only.
    for (const id of templateIds) {
      const t = templateDefaults[id];
      expect(unknownPlaceholders(`${t.subject}\n${t.body}`)).toEqual([]);
    }
    expect(unknownPlaceholders("Hi {firstName} {nope}")).toEqual(["nope"]);
  });

  it("refuses an empty, too long or multi-line subject and an empty or too long message", () => {
    expect(readEmailText({ subject: " ", body: "x" })).toEqual({
      ok: false,
      message: "Write a subject.",
    });
    expect(readEmailText({ subject: "Hi", body: " \n " })).toEqual({
      ok: false,
      message: "Write the message.",
    });
    expect(readEmailText({ subject: "x".repeat(151), body: "x" }).ok).toBe(false);
    expect(readEmailText({ subject: "Hi\r\nBcc: x@y.test", body: "x" }).ok).toBe(false);
    expect(readEmailText({ subject: "Hi", body: "x".repeat(5001) }).ok).toBe(false);
    expect(readEmailText({ subject: "Hi", body: "a\u0000b" }).ok).toBe(false);
    expect(readEmailText({ subject: " Hi ", body: "a\r\nb  \n" })).toEqual({
      ok: true,
      subject: "Hi",
      body: "a\nb",
    });
  });

  it("shows a queued email not delivered once the outbox gave its row up", () => {
    const body = JSON.stringify({
      template: "general",
      to: "dana@x.test",
      replyTo: "sam@agency.test",
      subject: "Hello",
      body: "Words",
      state: "queued",
    });
    const events = [{ id: "e1", kind: "email", body }];
    const row = { channel: "lead-email" as const, attempts: 3, lastError: "email: 550 no" };
    expect(emailTimeline(events, [{ ...row, status: "pending" }]).get("e1")).toMatchObject({
      text: "Email: Hello",
      detail: "To dana@x.test · replies to sam@agency.test · Queued, trying again (email: 550 no)",
      note: "Words",
      state: "queued",
    });
    expect(emailTimeline(events, [{ ...row, status: "failed" }]).get("e1")).toMatchObject({
      state: "failed",
      detail: "To dana@x.test · replies to sam@agency.test · Not delivered: email: 550 no",
    });
  });
});
