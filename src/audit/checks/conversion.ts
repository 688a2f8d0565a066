/**
 * Conversion checks: what turns a visitor into a call or a quote request. Pure functions over the Site.
 */
import { plain, quote } from "../text.ts";
import type { Page } from "../site.ts";
import { fail, pass, type Check } from "./outcome.ts";
import { CTA, PHONE, REVIEW_SITES, REVIEWS, TRUST_KINDS } from "./patterns.ts";
import { localBusinessNodes } from "./local.ts";

/**
 * The first screen, read statically: what is inside <header> (or role=banner), the first 10
 * links, and the first 60 words of the page's text. No layout is computed: a phone number this
 * early in the page is what a visitor sees without scrolling on nearly every site.
 */
export const FIRST_SCREEN = { links: 10, words: 60 };

const firstWords = (page: Page, n: number) => page.text.split(" ").slice(0, n).join(" ");

const visibleFields = (form: Page["forms"][number]) =>
  form.fields.filter((f) => !["hidden", "submit", "button", "reset", "image"].includes(f.type));

/**
 * A form a visitor fills to be contacted: a message or phone field, or three fields or more. A
 * search box is not one, nor a newsletter box (an email, perhaps a name).
 */
const isContactForm = (form: Page["forms"][number]): boolean => {
  if (form.role === "search") return false;
  const fields = visibleFields(form);
  if (fields.every((f) => f.type === "search" || f.name === "s" || f.name === "q")) return false;
  return (
    fields.some(
      (f) =>
        f.type === "tel" ||
        f.type === "textarea" ||
        /phone|tel\b|message|comment|question|details|project|enquiry|inquiry/.test(f.name),
    ) || fields.length >= 3
  );
};

export const conversionChecks = {
  "phone-first-screen": (site) => {
    const home = site.home;
    const tel = home.links.find(
      (l) => /^tel:/i.test(l.href) && (l.inHeader || l.index < FIRST_SCREEN.links),
    );
    if (tel)
      return pass(
        `A tap-to-call link (${quote(tel.text || tel.href, 40)}) is ${tel.inHeader ? "in the header" : "among the first links"} of the home page.`,
        home.url,
      );
    const inHeader = PHONE.exec(home.headerText)?.[0];
    if (inHeader)
      return pass(
        `The phone number ${quote(inHeader, 30)} is in the home page's header.`,
        home.url,
      );
    const early = PHONE.exec(firstWords(home, FIRST_SCREEN.words))?.[0];
    if (early)
      return pass(
        `The phone number ${quote(early, 30)} is in the first ${FIRST_SCREEN.words} words of the home page.`,
        home.url,
      );
    return fail(
      `No phone number in the home page's header or first ${FIRST_SCREEN.words} words. Expected it at the top, where visitors look first.`,
      home.url,
    );
  },

  cta: (site) => {
    const home = site.home;
    const link = home.links.find((l) => CTA.test(l.text));
    if (link) return pass(`The home page has a call to action: ${quote(link.text, 60)}.`, home.url);
    const text = CTA.exec(home.text)?.[0];
    if (text) return pass(`The home page asks for action: ${quote(text, 60)}.`, home.url);
    return fail(
      "The home page has no button or link such as 'Get a free estimate', 'Request a quote' or 'Call now'.",
      home.url,
    );
  },

  "contact-form": (site) => {
    for (const page of site.pages) {
      const form = page.forms.find(isContactForm);
      if (form)
        return pass(
          `A form with ${visibleFields(form).length} fields (${visibleFields(form)
            .slice(0, 5)
            .map((f) => f.name || f.type)
            .join(", ")}) on ${plain(page.url)}.`,
          page.url,
        );
    }
    const newsletter = site.pages.some((p) =>
      p.forms.some((f) => visibleFields(f).some((x) => x.type === "email" || /mail/.test(x.name))),
    );
    return fail(
      `No contact or quote form on the ${site.pages.length === 1 ? "home page" : `${site.pages.length} pages checked`}${newsletter ? " (a newsletter sign-up asks only for an email)" : ""}. Expected a short form with name, phone or email and a message.`,
      site.home.url,
    );
  },

  reviews: (site) => {
    const rated = localBusinessNodes(site).find(({ node }) => node.aggregateRating || node.review);
    if (rated)
      return pass(
        `Ratings or reviews in the structured data on ${plain(rated.page.url)}.`,
        rated.page.url,
      );
    for (const page of site.pages) {
      const m = REVIEWS.exec(page.text);
      if (m)
        return pass(
          `${plain(page.url)} shows reviews: ${quote(page.text.slice(Math.max(0, m.index - 20), m.index + 60), 80)}.`,
          page.url,
        );
      const link = page.links.find((l) => REVIEW_SITES.test(l.href));
      if (link)
        return pass(`${plain(page.url)} links to reviews: ${quote(link.href, 80)}.`, page.url);
    }
    return fail(
      "No testimonials, star ratings or links to your reviews on the pages checked.",
      site.home.url,
    );
  },

  "trust-signals": (site) => {
    const found = new Map<string, { text: string; page: string }>();
    for (const page of site.pages) {
      for (const { kind, pattern } of TRUST_KINDS) {
        const m = pattern.exec(page.text);
        if (m && !found.has(kind)) found.set(kind, { text: m[0], page: page.url });
      }
    }
    const list = [...found].map(([kind, f]) => `${kind} (${quote(f.text, 40)})`);
    if (found.size >= 2) return pass(`Found ${list.join(", ")}.`, site.home.url);
    return fail(
      `${found.size ? `Found only ${list.join(", ")}` : "Found no trust signals"}. Expected at least two of: ${TRUST_KINDS.map((t) => t.kind).join(", ")}.`,
      site.home.url,
    );
  },
} satisfies Record<string, Check>;
