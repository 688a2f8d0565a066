import { describe, expect, it } from "vitest";
import { defaultSiteConfig, loadSiteConfig, siteConfigSchema } from "../../src/config/site";
import {
  fillTokens,
  formatHoursLong,
  formatHoursShort,
  formatPhone,
  formatUsd,
  phoneHref,
} from "../../src/lib/format";

describe("site config", () => {
  it("parses the embedded defaults", () => {
    const site = loadSiteConfig({});
    expect(site.phone).toMatch(/^\+1\d{10}$/);
    expect(site.offers.auditValue).toBe(2500);
    expect(site.offers.replyHours).toBe(24);
    expect(site.scheduling.callMinutes).toBe(30);
    expect(site.scheduling.widgetHeight).toBe(700);
    expect(site.serviceArea).toBe("Nationwide");
  });

  it("takes phone, email, site URL and scheduling URL from the environment", () => {
    const site = loadSiteConfig({
      SITE_PHONE: "+12125550123",
      SITE_EMAIL: "leads@agency.test",
      SITE_URL: "https://www.agency.test/",
      SCHEDULING_URL: "https://calendly.com/agency/30min",
    });
    expect(site.phone).toBe("+12125550123");
    expect(site.email).toBe("leads@agency.test");
    expect(site.url).toBe("https://www.agency.test");
    expect(site.scheduling.url).toBe("https://calendly.com/agency/30min");
  });

  it("rejects a bad value with a message naming the file and the field", () => {
    expect(() => loadSiteConfig({ SITE_PHONE: "555-0142" })).toThrow(
      /src\/config\/site\.ts[\s\S]*phone/,
    );
    expect(() => loadSiteConfig({ SITE_EMAIL: "not-an-email" })).toThrow(/email/);
    expect(() => loadSiteConfig({ SITE_URL: "http://insecure.test" })).toThrow(
      /url: must be an https/,
    );
  });

  it("takes plain http only on this machine, for a local trial (issue 39 §5)", () => {
    expect(loadSiteConfig({ SITE_URL: "http://localhost:4321/" }).url).toBe(
      "http://localhost:4321",
    );
    expect(loadSiteConfig({ SITE_URL: "http://127.0.0.1:4321" }).url).toBe("http://127.0.0.1:4321");
    expect(() => loadSiteConfig({ SITE_URL: "http://localhost.evil.test" })).toThrow(
      /url: must be an https/,
    );
    expect(() => loadSiteConfig({ SITE_URL: "ftp://localhost" })).toThrow(/url: must be an https/);
  });

  it("keeps the agency's clock in an IANA zone and refuses a fixed offset such as EST", () => {
    expect(loadSiteConfig({}).hours.timeZone).toBe("America/New_York");
    const withZone = (timeZone: string) => {
      const input = defaultSiteConfig({});
      return siteConfigSchema.safeParse({ ...input, hours: { ...input.hours, timeZone } });
    };
    expect(withZone("America/Chicago").success).toBe(true);
    expect(withZone("UTC").success).toBe(true);
    expect(withZone("EST").success).toBe(false);
    expect(withZone("America/Nowhere").success).toBe(false);
  });
});

describe("formatting agency facts", () => {
  const site = loadSiteConfig({});

  it("derives the display and tel: forms of the phone from one field", () => {
    expect(formatPhone("+15555550142")).toBe("(555) 555-0142");
    expect(phoneHref("+15555550142")).toBe("tel:+15555550142");
  });

  it("formats the hours the way the spec shows them", () => {
    expect(formatHoursLong(site.hours)).toBe("Monday to Friday 9:00 AM to 6:00 PM EST");
    expect(formatHoursShort(site.hours)).toBe("Mon-Fri 9:00 AM-6:00 PM EST");
  });

  it("formats money and fills tokens, refusing unknown ones", () => {
    expect(formatUsd(2500)).toBe("$2,500");
    expect(fillTokens("normally {auditValue}", { auditValue: "$2,500" })).toBe("normally $2,500");
    expect(() => fillTokens("call {phnoe}", { phone: "x" })).toThrow(/Unknown token \{phnoe\}/);
  });
});
