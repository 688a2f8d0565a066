/**
 * The legal pages and /audit-bot as built: when each was last updated, the agency's contact
 * details, and what the terms and policies say. That no page sets a cookie or asks another host
 * before the visitor does, axe and the phone layout stay in tests/e2e/legal.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { formatHoursLong, formatPhone, phoneHref } from "../../src/lib/format";
import { site } from "../../src/config/site";
import { legalSpec, legalUpdated } from "../specFigures";
import { all, expectNoDeadEnds, links, one, page, text, texts } from "./support/html";

/** The contact block legal pages share. */
function expectContactDetails(path: string) {
  const contact = one("section[aria-labelledby='legal-contact']", page(path).doc);
  expect(texts(`a[href="${phoneHref(site.phone)}"]`, contact)).toEqual([formatPhone(site.phone)]);
  expect(texts(`a[href="mailto:${site.email}"]`, contact)).toEqual([site.email]);
  expect(text(contact)).toContain(formatHoursLong(site.hours));
  expect(text(contact)).toContain(site.serviceArea);
}

for (const [id, title] of legalSpec) {
  const path = `/${id}`;
  describe(path, () => {
    it("says when it was last updated and shows the agency's contact details", () => {
      const p = page(path);
      expect(texts("h1", p.doc)).toEqual([title]);
      expect(text(one("main", p.doc))).toContain(`Last updated ${legalUpdated[id].text}`);
      expectContactDetails(path);
      expect(all("main h2", p.doc).length).toBeGreaterThan(0);
      expectNoDeadEnds(p);
    });
  });
}

describe("what the legal pages say", () => {
  it("the terms state billing, payment, notice and governing law", () => {
    const main = text(one("main", page("/terms-of-service").doc));
    expect(main).toContain("Services are billed monthly in advance.");
    expect(main).toContain("Payment is due within 30 days of the invoice date.");
    expect(main).toContain("30 days written notice");
    expect(main).toContain("governed by the laws of the United States of America");
  });

  it("the privacy policy says where form data goes and when outside services load", () => {
    const main = one("main", page("/privacy-policy").doc);
    expect(text(main)).toContain("No third party receives your form data before it is stored");
    expect(text(main)).toContain("salted, one-way hash of your IP address");
    expect(text(main)).toContain("youtube-nocookie.com");
    expect(text(main)).toContain("Calendly");
    expect(text(main)).toContain("This site sets no cookies");
    expect(links(main, "Read our Cookie Policy").map((a) => a.attribs.href)).toEqual([
      "/cookie-policy",
    ]);
  });

  it("describe what the site really does: own server, providers on request, the visit count", () => {
    const privacy = text(one("main", page("/privacy-policy").doc));
    expect(privacy).toMatch(/own server/);
    // The visit count (issue 16): what is kept, the daily hash, no IP, 30 days, GPC.
    expect(privacy).toMatch(/Your IP address is not stored/);
    expect(privacy).toMatch(/random value that changes every\s+day/);
    expect(privacy).toMatch(/deleted after 30 days/);
    expect(privacy).toMatch(/Global Privacy\s+Control/);
    const cookies = text(one("main", page("/cookie-policy").doc));
    expect(cookies).toMatch(/does not set cookies/);
    expect(cookies).toMatch(/no cookie, no local storage/);
    expect(cookies).toMatch(/Until you press play/);
  });
});

describe("/audit-bot", () => {
  it("explains the robot, gives the opt-out lines and the agency's contact details", () => {
    const p = page("/audit-bot");
    expect(texts("h1", p.doc)).toEqual(["About our website-check robot"]);
    const main = one("main", p.doc);
    expect(text(main)).toContain("GreenlineGrowthAuditBot/1.0 (+");
    // The robots.txt lines to copy, each an element of its own.
    const lines = all("*", main)
      .filter((el) => all("*", el).length === 0)
      .map((el) => text(el));
    expect(lines).toContain("User-agent: GreenlineGrowthAuditBot");
    expect(lines).toContain("Disallow: /");
    expectContactDetails("/audit-bot");
    expectNoDeadEnds(p);
  });
});
