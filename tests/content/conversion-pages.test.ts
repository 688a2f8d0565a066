/**
 * The six conversion pages of issue 5 as built: landmarks, no dead controls, safe external links,
 * no robots block, each page's copy and figures (spec sections 2 and 9), its forms' fields and
 * hints. Sending the forms, the thanks per form (an inline script), the booking widget, axe and
 * the phone layout stay in tests/e2e (conversion-pages, first-screen, booking).
 */
import { describe, expect, it } from "vitest";
import { formatHoursLong, formatPhone, formatUsd, phoneHref } from "../../src/lib/format";
import { site } from "../../src/config/site";
import {
  all,
  controls,
  expectNoDeadEnds,
  expectOneH1AndLandmarks,
  hrefs,
  links,
  one,
  page,
  text,
  texts,
} from "./support/html";

const conversionRoutes = [
  "/free-audit",
  "/thank-you",
  "/book-call",
  "/contact-us",
  "/testimonial",
  "/landscape-business-growth-initiation",
];

const auditValue = formatUsd(site.offers.auditValue);
const form = (path: string, name: string) => one(`form[data-lead-form="${name}"]`, page(path).doc);
const value = (scope: ReturnType<typeof form>, name: string) =>
  one(`input[name="${name}"]`, scope).attribs.value;

describe("every conversion page", () => {
  for (const path of conversionRoutes) {
    it(`${path}: one h1, landmarks, no dead controls, safe external links, no robots block`, () => {
      const p = page(path);
      expectOneH1AndLandmarks(p);
      expectNoDeadEnds(p);
      // /thank-you is left out of the sitemap instead (decisions.md).
      expect(all('meta[name="robots"]', p.doc)).toEqual([]);
    });
  }
});

describe("/free-audit", () => {
  it("shows the headline, the form, the three benefits and the limited-time offer", () => {
    const { doc } = page("/free-audit");
    expect(texts("h1", doc)).toEqual(["Get Your FREE Marketing Audit"]);
    expect(texts("#audit-request h3", doc)).toEqual([
      "Comprehensive Analysis",
      "Custom Strategy",
      "Growth Opportunities",
    ]);
    const offer = text(one("#audit-offer", doc));
    expect(offer).toContain("LIMITED TIME OFFER");
    expect(offer).toContain(`Normally ${auditValue}, free for a limited time`);
    const audit = form("/free-audit", "audit");
    expect(controls(audit)).toEqual([
      "companyName:text:required",
      "ownerName:text:required",
      "website:text:required",
      "email:email:required",
      "message:textarea:optional",
    ]);
    expect(audit.attribs).toMatchObject({ action: "/api/leads", method: "post" });
    expect(value(audit, "_next")).toBe("/thank-you?form=audit");
    expect(value(audit, "_subject")).toBe("Free Marketing Audit Request");
  });
});

describe("/thank-you", () => {
  it("confirms the request, promises the reply time and links home and to /industries", () => {
    const { doc } = page("/thank-you");
    expect(text(one("h1", doc))).toContain("Your Request Has Been Submitted");
    expect(text(one("#thanks", doc))).toContain(`within ${site.offers.replyHours} hours`);
    expect(texts("#schedule h2", doc)).toEqual([
      `Book Your Free ${site.scheduling.callMinutes}-Minute Strategy Call`,
    ]);
    expect(hrefs("#next-steps a", doc)).toEqual(["/", "/industries"]);
  });

  it("without a form named, the thanks fit any form", () => {
    const { doc } = page("/thank-you");
    expect(text(one("h1", doc))).toContain("Your Request Has Been Submitted");
    expect(text(one("main", doc))).not.toContain("your audit");
  });
});

describe("/book-call", () => {
  it("offers the 30-minute call, what to expect, and links to /free-audit and home", () => {
    const { doc } = page("/book-call");
    expect(texts("h1", doc)).toEqual(["Book Your Free Strategy Call"]);
    expect(text(one("#schedule", doc))).toContain(`${site.scheduling.callMinutes}-Minute Call`);
    expect(texts("#what-to-expect h2", doc)).toEqual(["What to Expect on This Call"]);
    expect(texts("#what-to-expect h3", doc)).toEqual([
      "Business Assessment",
      "Custom Strategy",
      "Next Steps",
    ]);
    expect(hrefs("#more-options a", doc)).toEqual(["/free-audit", "/"]);
    // The booking widget's region, with the plain link and the phone before any script runs.
    const region = all("[aria-label]", doc).filter((el) =>
      /Scheduling calendar/.test(el.attribs["aria-label"]!),
    );
    expect(region).toHaveLength(1);
    const fallback = one("[data-booking] [data-booking-fallback]", doc);
    expect(links(fallback, /Open the scheduling page/).map((a) => a.attribs.href)).toEqual([
      site.scheduling.url,
    ]);
    expect(texts(`a[href="${phoneHref(site.phone)}"]`, fallback)).toEqual([
      formatPhone(site.phone),
    ]);
  });
});

describe("/contact-us", () => {
  it("shows the contact details, four reasons, the form and the other ways to connect", () => {
    const { doc } = page("/contact-us");
    const touch = one("#get-in-touch", doc);
    expect(text(one("h2", touch))).toBe("Get In Touch");
    expect(texts(`a[href="${phoneHref(site.phone)}"]`, touch)).toEqual([formatPhone(site.phone)]);
    expect(texts(`a[href="mailto:${site.email}"]`, touch)).toEqual([site.email]);
    expect(text(touch)).toContain("Serving Landscape Businesses Nationwide");
    expect(text(touch)).toContain(formatHoursLong(site.hours));
    expect(text(touch)).toContain("Monday to Friday 9:00 AM to 6:00 PM EST");
    expect(all("h4", touch)).toHaveLength(4);

    const contact = form("/contact-us", "contactPage");
    expect(texts("h1, h2, h3, h4, h5, h6", contact)).toContain("Send Message");
    expect(controls(contact)).toEqual([
      "full-name:text:required",
      "email:email:required",
      "phone:tel:optional",
      "company:text:required",
      "message:textarea:required",
    ]);
    expect(value(contact, "_subject")).toBe("Contact Form Submission");

    const other = one("#other-ways", doc);
    expect(texts("h2", other)).toEqual(["Other Ways to Connect"]);
    expect(texts("h3", other)).toEqual(["Call Us Directly", "Book a Strategy Call"]);
    expect(texts(`a[href="${phoneHref(site.phone)}"]`, other)).toEqual([formatPhone(site.phone)]);
    expect(links(other, "Book a Strategy Call").map((a) => a.attribs.href)).toEqual(["/book-call"]);
  });
});

describe("/testimonial", () => {
  it("shows the badge, heading, stats row, the form card and the privacy line", () => {
    const { doc } = page("/testimonial");
    expect(text(one("#stories-hero", doc))).toContain("Real Success Stories");
    expect(texts("h1", doc)).toEqual(["See How We're Transforming Businesses"]);
    expect(all("[data-video-play]", doc).length).toBeGreaterThan(0);
    const stats = all("[data-stats] > div", doc);
    expect(texts("dd", stats)).toEqual(["300%", "200+", "#1"]);
    expect(texts("dt", stats)).toEqual(["Revenue Growth", "Leads Monthly", "Search Rankings"]);
    const testimonial = form("/testimonial", "testimonial");
    expect(texts("h1, h2, h3, h4, h5, h6", testimonial)).toEqual([
      "Ready to Transform Your Business?",
    ]);
    const labels = texts("label", testimonial);
    for (const label of ["Full Name *", "Email Address *", "Phone Number *"])
      expect(labels).toContain(label);
    expect(controls(testimonial)).toEqual([
      "name:text:required",
      "email:email:required",
      "phone:tel:required",
    ]);
    // Hints, not sample answers.
    expect(
      all("input[placeholder]", testimonial).map((i) => [i.attribs.name, i.attribs.placeholder]),
    ).toEqual([
      ["name", "Your full name"],
      ["email", "Your email address"],
      ["phone", "Your number with area code"],
    ]);
    expect(texts("button", testimonial)).toEqual(["Get Started Today"]);
    expect(text(one("[data-privacy]", doc))).toContain(
      "Your information is secure and will never be shared",
    );
  });
});

describe("/landscape-business-growth-initiation", () => {
  it("shows the offer, its footnote and every block the spec lists below the form", () => {
    const { doc } = page("/landscape-business-growth-initiation");
    expect(texts("h1", doc)).toEqual(["Landscapers, Don't Pay Until You Get 5 Booked Estimates*"]);
    expect(texts("[data-footnote]", doc)).toEqual([
      expect.stringMatching(/^\*Limited eligibility based on the business information/),
    ]);
    for (const id of ["partner", "is-this-you", "results", "services", "guarantee", "why-us"])
      expect(all(`#${id}`, doc), `#${id}`).toHaveLength(1);
    expect(texts("#free-audit-cta h2", doc)).toEqual(["Get Your Free Digital Audit"]);
    expect(texts("#services h3", doc)).toEqual([
      "Conversion Optimization",
      "Local Service Ads",
      "SMS Marketing and AI Integration",
      "Recruiting",
      "Ad and Search Optimization",
      "Business Listing Optimization",
      "Web Design",
      "Social Ads",
    ]);
    expect(text(one("#guarantee", doc))).toContain("Zero-risk guarantee");

    const studies = all("#results li a", doc);
    expect(studies.map((a) => `${a.attribs.href} ${a.attribs.target}`)).toEqual([
      "/case-study/puretek-llc _blank",
      "/case-study/romans-roofing-llc _blank",
    ]);
    expect(text(studies[0]!)).toContain("(opens in a new tab)");
    expect(texts('main a[href="#offer-form"]', doc)).toEqual([
      "Get Your 5 Free Estimates Now",
      "Start Your Zero-Risk Growth Plan",
      "Claim Your Risk-Free Offer",
      "Make Your Decision Now",
      "Get Started Today",
    ]);
  });
});

describe("form hints", () => {
  const forms = [
    ["/testimonial", "testimonial"],
    ["/landscape-business-growth-initiation", "growth"],
    ["/industries/turf-lawn-care", "quick"],
    ["/free-audit", "audit"],
  ] as const;
  for (const [path, name] of forms) {
    it(`${name}: placeholders are hints, never sample answers`, () => {
      const hints = all("[placeholder]", form(path, name)).map((e) => e.attribs.placeholder!);
      expect(hints.length, `${name} has hints`).toBeGreaterThan(0);
      for (const hint of hints) {
        // No sample name, address, number, amount or web address that reads as filled in.
        expect(hint).not.toMatch(/John Smith|@|\$\d|^\d|\d{3}.\d{3}|\.com\b|Green Acres|Austin/);
      }
    });
  }
});
