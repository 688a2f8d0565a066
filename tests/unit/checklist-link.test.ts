import { describe, expect, it } from "vitest";
import {
  CHECKLIST_LINK_TTL_MS,
  checklistNamedBy,
  openChecklistLink,
  signChecklistLink,
} from "../../src/leads/checklistLink";
import { checklistDownloadPath } from "../../src/leads/checklists";
import { checklistEmail } from "../../src/leads/notify/checklist";
import type { LeadRecord } from "../../src/leads/store/types";

const SECRET = "a-salt-of-at-least-some-length-0123456789";
const NOW = Date.UTC(2027, 0, 10, 12);

describe("signed checklist links", () => {
  const token = signChecklistLink({ leadId: "lead-1", checklist: "gbp-checklist" }, SECRET, NOW);

  it("open for 7 days for the lead and checklist they were made for", () => {
    expect(openChecklistLink(token, SECRET, NOW + 1000)).toEqual({
      ok: true,
      leadId: "lead-1",
      checklist: "gbp-checklist",
      expiresAt: NOW + CHECKLIST_LINK_TTL_MS,
    });
    expect(openChecklistLink(token, SECRET, NOW + CHECKLIST_LINK_TTL_MS)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("are worthless when any character changes, or under another secret", () => {
    for (let i = 0; i < token.length; i += 7) {
      const c = token[i] === "A" ? "B" : "A";
      const changed = `${token.slice(0, i)}${c}${token.slice(i + 1)}`;
      if (changed === token) continue;
      expect(openChecklistLink(changed, SECRET, NOW).ok, `changed at ${i}`).toBe(false);
    }
    expect(openChecklistLink(token, `${SECRET}x`, NOW)).toEqual({ ok: false, reason: "invalid" });
    // Another checklist named in a payload signed for the first one.
    const [, sig] = token.split(".");
    const forged = Buffer.from(
      JSON.stringify({ l: "lead-1", c: "hiring-checklist", e: NOW + 1e9 }),
    ).toString("base64url");
    expect(openChecklistLink(`${forged}.${sig}`, SECRET, NOW).ok).toBe(false);
    expect(openChecklistLink("", SECRET, NOW).ok).toBe(false);
    expect(openChecklistLink("a.b.c", SECRET, NOW).ok).toBe(false);
  });
});

describe("the visitor's checklist email", () => {
  const lead: LeadRecord = {
    id: "lead-7",
    kind: "guide",
    form: "guide",
    subject: "Checklist Request",
    createdAt: new Date(NOW).toISOString(),
    spam: false,
    fields: {
      name: "<b>Dana</b> Green",
      email: "dana@greenacres.test",
      businessType: "",
      consent: "",
      checklist: "gbp-checklist",
    },
    metadata: {
      source: "guide_checklist",
      page: "/guides/google-business-profile-lawn-care",
      landingPage: null,
      referrer: null,
      timestamp: new Date(NOW).toISOString(),
      userAgent: null,
      utm: {},
      ipHash: null,
      spamReasons: [],
    },
  };

  it("carries the very link the confirmation showed, on the site's origin, until it expires", () => {
    const mail = checklistEmail(lead, SECRET, "https://agency.test")!;
    const path = checklistDownloadPath(lead, "gbp-checklist", SECRET);
    expect(mail.to).toBe("dana@greenacres.test");
    expect(mail.text).toContain(`https://agency.test${path}`);
    expect(mail.html).toContain(`href="https://agency.test${path}"`);
    const opened = openChecklistLink(path.split("/").pop()!, SECRET, NOW + 1000);
    expect(opened).toMatchObject({ ok: true, leadId: "lead-7", checklist: "gbp-checklist" });
    expect(mail.text).toContain("2027-01-17");
    expect(mail.text).toContain("https://agency.test/guides/google-business-profile-lawn-care");
    // What the visitor typed is escaped in the HTML body.
    expect(mail.html).toContain("Hi &lt;b&gt;Dana&lt;/b&gt;,");
    expect(mail.html).not.toContain("<b>");
  });

  it("is not written to an address that is not a plain one", () => {
    const odd = { ...lead, fields: { ...lead.fields, email: "a@b.test, c@d.test" } };
    expect(checklistEmail(odd, SECRET, "https://agency.test")).toBeNull();
  });
});

describe("the checklist a token names", () => {
  it("is read (to offer its form again) but only when it is a checklist id", () => {
    const token = signChecklistLink({ leadId: "x", checklist: "reviews-checklist" }, SECRET);
    expect(checklistNamedBy(token)).toBe("reviews-checklist");
    const forged = `${Buffer.from(JSON.stringify({ l: "x", c: "../../etc", e: 1 })).toString("base64url")}.sig`;
    expect(checklistNamedBy(forged)).toBeNull();
    expect(checklistNamedBy("garbage")).toBeNull();
  });
});
