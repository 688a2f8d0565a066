/**
 * Emails rendered with React (src/components/email/, src/leads/notify/render.ts): every email has
 * a plain-text part read from the same tree as its HTML, values are escaped by React in the HTML
 * and kept as typed in the text; and the staff emails to a lead: placeholders filled from the lead
 * and the site config, the template a lead's form starts from, and what a subject or message may be.
 */
import { createElement } from "react";
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
import { NoticeEmail } from "../../src/components/email/NoticeEmail";
import { site } from "../../src/config/site";
import { emailText, renderEmail, renderNotice } from "../../src/leads/notify/render";

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
    expect(body).not.toMatch(/\{[A-Za-z]+\}/);
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
