import { describe, expect, it } from "vitest";
import { contactLinks } from "../../src/admin/contact";
import { formatAgencyTime } from "../../src/lib/formatAgencyTime";

describe("a lead's contact links", () => {
  it("shows a domestic phone in national format, with tel: and sms: links", () => {
    const { phone } = contactLinks({ phone: "+15125550142" });
    expect(phone).toEqual({
      shown: "(512) 555-0142",
      tel: "tel:+15125550142",
      sms: "sms:+15125550142",
    });
    // An extension stays on the call (RFC 3966), not on the text message.
    expect(contactLinks({ phone: "+15125550142;ext=12" }).phone).toEqual({
      shown: "(512) 555-0142 ext. 12",
      tel: "tel:+15125550142;ext=12",
      sms: "sms:+15125550142",
    });
    expect(contactLinks({ phone: "+442079460958" }).phone?.shown).toBe("+44 20 7946 0958");
  });

  it("links an email with mailto: and a website in its own right, nothing else", () => {
    const links = contactLinks({
      email: "casey+quote@example.test",
      website: "https://greenacres.example.com/services",
    });
    expect(links.email).toEqual({
      shown: "casey+quote@example.test",
      href: "mailto:casey%2Bquote@example.test",
    });
    expect(links.website).toEqual({
      shown: "greenacres.example.com/services",
      href: "https://greenacres.example.com/services",
    });
    // The growth form's free-text website, as a visitor typed it.
    expect(contactLinks({ website: "greenacres.example.com" }).website?.href).toBe(
      "https://greenacres.example.com/",
    );
  });

  it("offers no link for what is not a number, a plain address or an http(s) site", () => {
    expect(
      contactLinks({
        phone: "call me maybe",
        email: "Eve <eve@example.test>",
        website: "javascript:alert(1)",
      }),
    ).toEqual({ phone: null, email: null, website: null });
    expect(contactLinks({})).toEqual({ phone: null, email: null, website: null });
  });
});

describe("times on the agency's clock", () => {
  it("writes New York time with the abbreviation of that date", () => {
    expect(formatAgencyTime("2026-11-25T16:59:00.000Z")).toBe("Wed, Nov 25, 2026, 11:59 AM EST");
    expect(formatAgencyTime("2026-07-04T16:05:00.000Z")).toBe("Sat, Jul 4, 2026, 12:05 PM EDT");
    expect(formatAgencyTime(new Date("2026-07-04T16:05:00.000Z"), "America/Chicago")).toBe(
      "Sat, Jul 4, 2026, 11:05 AM CDT",
    );
  });
});
