/**
 * The website check's 44 checks on fixture pages, without a network: a strong landscaper site
 * passes every one, a neglected one fails what a caller would raise, and each check's edge cases
 * give the verdict an owner would expect, with evidence that names the page and the value.
 */
import { describe, expect, it } from "vitest";
import { runChecks } from "../../src/audit/checks/index";
import { checkCopy } from "../../src/audit/copy";
import { checkWeights } from "../../src/audit/score";
import { buildSite, type PageInput, type SiteInput } from "../../src/audit/site";
import { checkResultSchema, type CheckResult } from "../../src/audit/report";
import { strongSite, weakSite } from "../support/auditSites";

const ORIGIN = "https://lawnpros.example";
const NOW = new Date("2026-11-25T12:00:00Z");

function page(path: string, body: string, extra: Partial<PageInput> = {}): PageInput {
  return {
    url: `${ORIGIN}${path}`,
    status: 200,
    ms: 120,
    bytes: Buffer.byteLength(body),
    contentType: "text/html; charset=utf-8",
    body,
    ...extra,
  };
}

/** The strong fixture site as the fetcher would have read it over https. */
function strongInput(): SiteInput {
  const routes = strongSite(ORIGIN);
  const files = (path: string) => path.startsWith("/img/") || path.endsWith(".css");
  const extra = Object.entries(routes)
    .filter(([path]) => !["/", "/robots.txt", "/sitemap.xml"].includes(path) && !files(path))
    .map(([path, r]) => page(path, String(r.body)));
  // Its photos and stylesheet as measured: 1200×800 pixels, 90 KB each.
  const assets = Object.entries(routes)
    .filter(([path]) => files(path))
    .map(([path, r]) => ({
      url: `${ORIGIN}${path}`,
      kind: path.endsWith(".css") ? ("stylesheet" as const) : ("image" as const),
      status: 200,
      bytes: Buffer.byteLength(r.body ?? ""),
      cut: false,
      ...(path.endsWith(".css") ? {} : { width: 1200, height: 800 }),
    }));
  return {
    input: "lawnpros.example",
    now: NOW,
    home: page("/", String(routes["/"]!.body)),
    pages: extra,
    robots: { url: `${ORIGIN}/robots.txt`, status: 200, body: String(routes["/robots.txt"]!.body) },
    sitemaps: [
      { url: `${ORIGIN}/sitemap.xml`, status: 200, body: String(routes["/sitemap.xml"]!.body) },
    ],
    httpRedirect: { url: "http://lawnpros.example/", status: 301, toHttps: true },
    probe: { url: `${ORIGIN}/this-page-does-not-exist-1`, status: 404, body: "Not found" },
    assets,
  };
}

function weakInput(): SiteInput {
  const routes = weakSite();
  return {
    input: "http://weak.example",
    now: NOW,
    home: { ...page("/", String(routes["/"]!.body)), url: "http://weak.example/" },
    pages: [
      {
        ...page("/about.html", String(routes["/about.html"]!.body)),
        url: "http://weak.example/about.html",
      },
      {
        ...page("/gone.html", "<h1>Not found</h1>", { status: 404 }),
        url: "http://weak.example/gone.html",
      },
    ],
    robots: { url: "http://weak.example/robots.txt", status: 404, body: "" },
    sitemaps: [{ url: "http://weak.example/sitemap.xml", status: 404, body: "" }],
    httpRedirect: null,
  };
}

const run = (input: SiteInput) => runChecks(buildSite(input));
const byId = (results: CheckResult[], id: string) => {
  const found = results.find((c) => c.id === id);
  if (!found) throw new Error(`no check ${id}`);
  return found;
};

/** The strong site with the home page's HTML changed. */
function strongWith(edit: (html: string) => string, more: Partial<SiteInput> = {}): CheckResult[] {
  const input = strongInput();
  input.home = { ...input.home, body: edit(input.home.body) };
  return run({ ...input, ...more });
}

const allIds = Object.values(checkWeights).flatMap((c) => Object.keys(c));

describe("the checks", () => {
  it("run every id the issue lists, once, each result valid against the report's schema", () => {
    const results = run(strongInput());
    expect(results.map((c) => c.id).sort()).toEqual([...allIds].sort());
    expect(allIds).toHaveLength(44);
    for (const c of results) expect(checkResultSchema.parse(c)).toEqual(c);
  });

  it("pass every check on a well-kept landscaper site, and say what they found", () => {
    const results = run(strongInput());
    expect(results.filter((c) => c.status !== "pass").map((c) => `${c.id}: ${c.evidence}`)).toEqual(
      [],
    );
    expect(byId(results, "title").evidence).toContain(
      "Lawn Care & Landscaping in Austin, TX | Lawn Pros",
    );
    expect(byId(results, "nap-visible").evidence).toMatch(
      /Lawn Pros.*\(512\) 555-0142.*1200 Barton Springs Rd/,
    );
    expect(byId(results, "service-pages").evidence).toMatch(/4 service pages/);
  });

  it("fail a neglected site on what a caller would raise, with the fix for a landscaper", () => {
    const results = run(weakInput());
    const failed = results.filter((c) => c.status === "fail").map((c) => c.id);
    for (const id of [
      "https",
      "viewport",
      "meta-description",
      "h1",
      "robots-txt",
      "sitemap",
      "image-alt",
      "broken-links",
    ])
      expect(failed).toContain(id);
    for (const id of [
      "local-business-schema",
      "tel-link",
      "nap-visible",
      "service-area",
      "map-link",
      "opening-hours",
    ])
      expect(failed).toContain(id);
    for (const id of ["phone-first-screen", "cta", "contact-form", "reviews", "trust-signals"])
      expect(failed).toContain(id);
    for (const id of ["service-pages", "fresh-content", "word-count", "og-tags", "social-links"])
      expect(failed).toContain(id);
    // A fail carries the fix, a pass why it matters.
    expect(byId(results, "tel-link").fix).toBe(checkCopy["tel-link"].fix);
    expect(byId(run(strongInput()), "tel-link").fix).toBe(checkCopy["tel-link"].why);
    expect(byId(results, "broken-links").evidence).toContain("http://weak.example/gone.html (404)");
    // 'Home' is short, not missing or too long: local-keywords says what it lacks.
    expect(byId(results, "title").status).toBe("pass");
    expect(byId(results, "local-keywords")).toMatchObject({ status: "fail" });
    expect(byId(results, "local-keywords").evidence).toContain("title is “Home”");
  });

  it("call http-redirect not applicable, not passed, when the site has no https", () => {
    expect(byId(run(weakInput()), "http-redirect").status).toBe("na");
    const noRedirect = {
      ...strongInput(),
      httpRedirect: { url: "http://lawnpros.example/", status: 200, toHttps: false },
    };
    expect(byId(run(noRedirect), "http-redirect")).toMatchObject({ status: "fail" });
    expect(byId(run(noRedirect), "http-redirect").evidence).toContain(
      "answered 200 without redirecting",
    );
  });
});

describe("technical checks on edge cases", () => {
  it("title: too long fails with the length", () => {
    const long =
      "Lawn Care, Landscaping, Mowing, Patios, Irrigation and Snow Removal in Austin Texas";
    const r = byId(
      strongWith((h) => h.replace(/<title>.*<\/title>/, `<title>${long}</title>`)),
      "title",
    );
    expect(r.status).toBe("fail");
    expect(r.evidence).toContain(`the home page: “`);
    expect(r.evidence).toContain(`, ${long.length} characters. Expected a title of at most 70`);
  });

  it("h1: two main headings fail, naming both", () => {
    const r = byId(
      strongWith((h) => h.replace("<main>", "<main><h1>Welcome</h1>")),
      "h1",
    );
    expect(r.status).toBe("fail");
    expect(r.evidence).toMatch(
      /2 main headings.*“Welcome”.*“Lawn care and landscaping in Austin, TX”/,
    );
  });

  it("indexable: a noindex meta tag or an X-Robots-Tag fails; robots.txt is search-engines-allowed's", () => {
    expect(
      byId(
        strongWith((h) =>
          h.replace("<head>", '<head><meta name="robots" content="noindex, follow">'),
        ),
        "indexable",
      ).status,
    ).toBe("fail");
    const input = strongInput();
    input.home = { ...input.home, headers: { xRobotsTag: "noindex" } };
    expect(byId(run(input), "indexable").evidence).toContain("X-Robots-Tag");
    const closed = strongInput();
    closed.robots = {
      url: `${ORIGIN}/robots.txt`,
      status: 200,
      body: "User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nAllow: /\n",
    };
    expect(byId(run(closed), "indexable").status).toBe("pass");
    expect(byId(run(closed), "search-engines-allowed")).toMatchObject({ status: "fail", cap: "D" });
    closed.robots.body = "User-agent: BadBot\nDisallow: /\n";
    expect(byId(run(closed), "search-engines-allowed").status).toBe("pass");
  });

  it("canonical: pointing at another site fails", () => {
    const r = byId(
      strongWith((h) => h.replace(`href="${ORIGIN}/"`, 'href="https://template-shop.example/"')),
      "canonical",
    );
    expect(r).toMatchObject({ status: "fail", cap: "D" });
    expect(r.evidence).toContain("points to “https://template-shop.example/”");
    // The fix says what is wrong: not 'add a canonical link'.
    expect(r.fix).toBe(checkCopy.canonical.variants.elsewhere);
  });

  it("page-weight and response-time: a cut-off page and a slow answer fail with the figures", () => {
    const input = strongInput();
    input.home = { ...input.home, truncated: true, bytes: 2 * 1024 * 1024, ms: 4200 };
    const results = run(input);
    expect(byId(results, "page-weight").evidence).toContain("HTML over 2.0 MB");
    expect(byId(results, "page-weight").status).toBe("fail");
    expect(byId(results, "response-time")).toMatchObject({ status: "fail" });
    expect(byId(results, "response-time").evidence).toContain("4.20 s");
  });

  it("image-alt: an empty alt (decorative) counts, none at all is not applicable", () => {
    expect(
      byId(
        strongWith((h) => h.replace(/alt="[^"]*"/g, 'alt=""')),
        "image-alt",
      ).status,
    ).toBe("pass");
    const bare = { ...weakInput(), pages: [] };
    bare.home = { ...bare.home, body: "<html><body><h1>Hi</h1></body></html>" };
    expect(byId(run(bare), "image-alt").status).toBe("na");
  });
});

describe("local checks on edge cases", () => {
  it("local-business-schema: read from an @graph with a type list; a missing phone is structured-data-errors'", () => {
    const graph = `<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"x"},{"@type":["Organization","LocalBusiness"],"name":"Lawn Pros","areaServed":"Austin"}]}</script>`;
    const noLd = (h: string) =>
      h.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/, graph);
    const results = strongWith(noLd);
    expect(byId(results, "local-business-schema").status).toBe("pass");
    const errors = byId(results, "structured-data-errors");
    expect(errors.status).toBe("fail");
    expect(errors.evidence).toContain(
      "the LocalBusiness on the home page lacks address, telephone",
    );
    const full = byId(
      strongWith((h) => noLd(h).replace('"areaServed"', '"telephone":"+15125550142","areaServed"')),
      "local-business-schema",
    );
    expect(full.status).toBe("pass");
  });

  it("local-business-schema: broken JSON is not 'add one', and another type is named", () => {
    const broken = strongWith((h) => h.replace('"@context"', "@context"));
    expect(byId(broken, "local-business-schema").status).toBe("na");
    expect(byId(broken, "structured-data-errors").evidence).toContain(
      "block 1 (HomeAndConstructionBusiness) on the home page does not parse as JSON",
    );
    const other = byId(
      strongWith((h) => h.replace('"HomeAndConstructionBusiness"', '"Organization"')),
      "local-business-schema",
    );
    expect(other.evidence).toContain("(Organization)");
  });

  it("tel-link: a number only on the contact page is not enough", () => {
    const input = strongInput();
    input.home = {
      ...input.home,
      body: input.home.body.replace(/href="tel:[^"]*"/g, 'href="/contact"'),
    };
    const r = byId(run(input), "tel-link");
    expect(r).toMatchObject({ status: "fail" });
    expect(r.evidence).toContain("not on the home page");
  });

  it("nap-visible: a phone number only inside a script or an image does not count", () => {
    const home = `<html><head><title>Green Acres Lawn</title><script>var phone="(512) 555-0100"</script></head>
      <body><h1>Green Acres Lawn</h1><img src="/phone.png" alt="logo"><p>Serving Austin.</p></body></html>`;
    const r = byId(run({ ...weakInput(), home: page("/", home) }), "nap-visible");
    expect(r.status).toBe("fail");
    expect(r.evidence).toContain("no phone number");
    expect(r.evidence).toContain("name “Green Acres Lawn”");
  });

  it("service-area, map-link and opening-hours: found in the text when no structured data says it", () => {
    const home = `<html><body><p>Proudly serving Travis and Williamson counties.</p>
      <p>Open Mon–Fri 8am–5pm</p><iframe src="https://www.google.com/maps/embed?pb=1"></iframe></body></html>`;
    const results = run({ ...weakInput(), home: page("/", home) });
    expect(byId(results, "service-area").evidence).toContain(
      "Proudly serving Travis and Williamson counties",
    );
    expect(byId(results, "map-link").status).toBe("pass");
    expect(byId(results, "opening-hours").evidence).toContain("Mon–Fri 8am");
  });
});

describe("conversion checks on edge cases", () => {
  it("phone-first-screen: a number written in the first words counts; one at the very bottom does not", () => {
    const top = `<html><body><p>Call (512) 555-0100 for a free quote.</p>${"<p>lawn care words here</p>".repeat(50)}</body></html>`;
    expect(byId(run({ ...weakInput(), home: page("/", top) }), "phone-first-screen").status).toBe(
      "pass",
    );
    const bottom = `<html><body>${"<p>lawn care words here</p>".repeat(50)}<footer><a href="tel:+15125550100">(512) 555-0100</a></footer></body></html>`;
    const links = `<nav>${Array.from({ length: 12 }, (_, i) => `<a href="/p${i}">Page ${i}</a>`).join("")}</nav>`;
    const r = byId(
      run({ ...weakInput(), home: page("/", bottom.replace("<body>", `<body>${links}`)) }),
      "phone-first-screen",
    );
    expect(r.status).toBe("fail");
  });

  it("contact-form: a search box is not a contact form", () => {
    const home = `<html><body><form role="search" action="/search"><input type="search" name="q"><button>Search</button></form></body></html>`;
    expect(byId(run({ ...weakInput(), home: page("/", home) }), "contact-form").status).toBe(
      "fail",
    );
  });

  it("trust-signals: one kind alone is not enough, two are", () => {
    const one = `<html><body><p>We are fully insured.</p></body></html>`;
    expect(byId(run({ ...weakInput(), home: page("/", one) }), "trust-signals").status).toBe(
      "fail",
    );
    const two = `<html><body><p>We are fully insured. Serving Austin since 2004.</p></body></html>`;
    expect(byId(run({ ...weakInput(), home: page("/", two) }), "trust-signals").status).toBe(
      "pass",
    );
  });
});

describe("content checks on edge cases", () => {
  it("fresh-content: counts back 90 days from the check, ignores dates in the future", () => {
    const at = (date: string) => `<html><body><time datetime="${date}">then</time></body></html>`;
    const check = (date: string) =>
      byId(run({ ...weakInput(), home: page("/", at(date)) }), "fresh-content");
    expect(check("2026-09-01").status).toBe("pass");
    expect(check("2026-08-01").status).toBe("fail");
    expect(check("2026-08-01").evidence).toContain("2026-08-01 (116 days ago");
    expect(check("2027-06-01").status).toBe("fail");
  });

  it("word-count: counts visible words, not scripts or styles", () => {
    const words = Array.from({ length: 150 }, () => "mulch").join(" ");
    const home = `<html><head><style>${"p{color:red}".repeat(100)}</style></head><body><p>${words}</p><script>${"var x=1;".repeat(300)}</script></body></html>`;
    const r = byId(run({ ...weakInput(), home: page("/", home) }), "word-count");
    expect(r.evidence).toBe(
      "The home page has 150 words of text; expected at least 300 on the home page and 25 on each service page.",
    );
  });

  it("service-pages: blog posts and tag pages are not service pages", () => {
    const home = `<html><body>${["/blog/lawn-tips/", "/tag/mowing/", "/lawn-mowing/", "/paver-patios", "/snow-removal"].map((p) => `<a href="${p}">x</a>`).join("")}</body></html>`;
    const r = byId(
      run({ ...weakInput(), home: { ...page("/", home), url: "http://weak.example/" } }),
      "service-pages",
    );
    expect(r.status).toBe("pass");
    expect(r.evidence).toContain("Found 3 service pages");
  });
});

describe("evidence is plain text", () => {
  it("drops control and bidirectional characters, never quotes a script, and stays short", () => {
    const title = `Lawn\u0007 Pros\u202E <script>alert(1)</script> ${"very ".repeat(100)}long`;
    const escaped = title.replace(/</g, "&lt;");
    const r = byId(
      strongWith((h) => h.replace(/<title>.*<\/title>/, `<title>${escaped}</title>`)),
      "title",
    );
    // eslint-disable-next-line no-control-regex
    expect(r.evidence).not.toMatch(/[\u0000-\u001F\u007F-\u009F\u202A-\u202E]/);
    expect(r.evidence.length).toBeLessThanOrEqual(400);
    expect(r.evidence).toContain("…");
  });

  it("reads the page as served: the text of scripts and structured data is not page text", () => {
    const input = strongInput();
    expect(input.home.body).toContain('document.write("<p>never run</p>")');
    const text = buildSite(input).home.text;
    expect(text).not.toContain("never run");
    expect(text).not.toContain("@context");
    expect(text).toContain("Lawn care and landscaping in Austin, TX");
  });
});
