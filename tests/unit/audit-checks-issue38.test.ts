/**
 * The checks issue 38 added, and the old ones it made read every page, over parsed Site fixtures
 * (no network): the well-kept fixture site passes each, and one planted defect fails the check
 * named for it, with evidence that names the page and the value, and no other check.
 */
import { describe, expect, it } from "vitest";
import type { AssetInfo } from "../../src/audit/assets";
import { imageSize } from "../../src/audit/assets";
import { runChecks } from "../../src/audit/checks/index";
import type { CheckResult } from "../../src/audit/report";
import { scoreChecks } from "../../src/audit/score";
import { topFixes } from "../../src/audit/summary";
import {
  buildSite,
  withoutTrailingCommas,
  type PageInput,
  type SiteInput,
} from "../../src/audit/site";
import { fixtureJpeg, strongSite } from "../support/auditSites";

const ORIGIN = "https://lawnpros.example";
const NOW = new Date("2026-11-25T12:00:00Z");

const page = (path: string, body: string, extra: Partial<PageInput> = {}): PageInput => ({
  url: `${ORIGIN}${path}`,
  status: 200,
  ms: 120,
  bytes: Buffer.byteLength(body),
  contentType: "text/html; charset=utf-8",
  body,
  ...extra,
});

const isFile = (path: string) => path.startsWith("/img/") || path.endsWith(".css");

/** The strong fixture site as read over https, its files measured; `edit` changes its routes' HTML. */
function site(edit: (path: string, html: string) => string = (_, h) => h): SiteInput {
  const routes = strongSite(ORIGIN);
  const html = (path: string) => edit(path, String(routes[path]!.body));
  const assets: AssetInfo[] = Object.entries(routes)
    .filter(([path]) => isFile(path))
    .map(([path, r]) => ({
      url: `${ORIGIN}${path}`,
      kind: path.endsWith(".css") ? "stylesheet" : "image",
      status: 200,
      bytes: Buffer.byteLength(r.body ?? ""),
      cut: false,
      ...(path.endsWith(".css") ? {} : { width: 1200, height: 800 }),
    }));
  return {
    input: "lawnpros.example",
    now: NOW,
    home: page("/", html("/")),
    pages: Object.keys(routes)
      .filter((p) => !["/", "/robots.txt", "/sitemap.xml"].includes(p) && !isFile(p))
      .map((p) => page(p, html(p))),
    robots: { url: `${ORIGIN}/robots.txt`, status: 200, body: String(routes["/robots.txt"]!.body) },
    sitemaps: [
      { url: `${ORIGIN}/sitemap.xml`, status: 200, body: String(routes["/sitemap.xml"]!.body) },
    ],
    httpRedirect: { url: "http://lawnpros.example/", status: 301, toHttps: true },
    probe: { url: `${ORIGIN}/this-page-does-not-exist-ab`, status: 404, body: "Not found" },
    assets,
  };
}

const run = (input: SiteInput) => runChecks(buildSite(input));
const byId = (results: CheckResult[], id: string) => results.find((c) => c.id === id)!;
const failed = (results: CheckResult[]) =>
  results.filter((c) => c.status === "fail").map((c) => c.id);
/** Only the home page's HTML changed. */
const home = (edit: (html: string) => string) =>
  site((path, html) => (path === "/" ? edit(html) : html));

describe("the well-kept site", () => {
  it("passes every new check", () => {
    const results = run(site());
    expect(results.filter((c) => c.status !== "pass").map((c) => `${c.id}: ${c.evidence}`)).toEqual(
      [],
    );
    expect(byId(results, "local-keywords").evidence).toContain("“Lawn” and “Austin”");
    expect(byId(results, "nap-consistent").evidence).toContain("(512) 555-0142");
    expect(scoreChecks(results)).toMatchObject({ score: 100, grade: "A" });
  });
});

describe("search engines", () => {
  it("search-engines-allowed: quotes the rule, caps at D and leads the fixes", () => {
    const input = site();
    input.robots!.body = "User-agent: *\nDisallow: /\n";
    const results = run(input);
    expect(failed(results)).toEqual(["search-engines-allowed"]);
    expect(byId(results, "search-engines-allowed").evidence).toBe(
      "Every search engine, Google included, is told not to read your site: https://lawnpros.example/robots.txt says “User-agent: * / Disallow: /”.",
    );
    const score = scoreChecks(results);
    expect(score).toMatchObject({ score: 69, grade: "D" });
    const report = {
      url: "x",
      fetchedAt: "",
      outcome: "ok" as const,
      ...score,
      checks: results,
      pages: [],
      durationMs: 0,
    };
    expect(topFixes(report, 1)[0]!.fix).toMatch(/^Every search engine, Google included/);
    // Googlebot alone shut out: still capped; other engines alone: failed, not capped.
    input.robots!.body = "User-agent: Googlebot\nDisallow: /\n";
    expect(byId(run(input), "search-engines-allowed")).toMatchObject({ status: "fail", cap: "D" });
    input.robots!.body = "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /\n";
    const others = byId(run(input), "search-engines-allowed");
    expect(others.status).toBe("fail");
    expect(others.cap).toBeUndefined();
  });

  it("indexable: an X-Robots-Tag on service pages fails naming them, without the home page's cap", () => {
    const input = site();
    input.pages = input.pages.map((p) =>
      /lawn-care|irrigation/.test(p.url) ? { ...p, headers: { xRobotsTag: "noindex" } } : p,
    );
    const r = byId(run(input), "indexable");
    expect(r.status).toBe("fail");
    expect(r.evidence).toMatch(/\/lawn-care .*X-Robots-Tag.*\/irrigation/);
    expect(r.cap).toBeUndefined();
    expect(failed(run(input))).toEqual(["indexable"]);
  });
});

describe("every page read", () => {
  it("title, h1 and viewport name the inner page that lacks them", () => {
    const long = "Hardscaping ".repeat(12).trim();
    const results = run(
      site((path, html) =>
        path === "/irrigation"
          ? html.replace(/<meta name="viewport"[^>]*>/, "")
          : path === "/about"
            ? html.replace(/<h1>.*<\/h1>/, "")
            : path === "/lawn-care"
              ? html.replace(/<title>.*<\/title>/, `<title>${long}</title>`)
              : html,
      ),
    );
    expect(failed(results)).toEqual(["viewport", "title", "h1"]);
    expect(byId(results, "viewport").evidence).toContain("/irrigation (no viewport tag)");
    expect(byId(results, "viewport").cap).toBe("C");
    expect(byId(results, "title").evidence).toContain(`/lawn-care: “`);
    expect(byId(results, "title").evidence).toContain(`${long.length} characters`);
    expect(byId(results, "h1").evidence).toContain("/about: no main heading");
  });

  it("duplicate-titles and duplicate-descriptions name the pages that share one", () => {
    const results = run(
      site((path, html) =>
        ["/lawn-care", "/irrigation"].includes(path)
          ? html
              .replace(/<title>.*<\/title>/, "<title>Lawn Pros | Austin landscaping</title>")
              .replace(
                /content="[^"]*licensed[^"]*"/,
                'content="Lawn Pros does lawns and landscapes in Austin, Texas."',
              )
          : html,
      ),
    );
    expect(failed(results)).toEqual(["duplicate-titles", "duplicate-descriptions"]);
    expect(byId(results, "duplicate-titles").evidence).toMatch(
      /\/lawn-care and \/irrigation share the title “Lawn Pros \| Austin landscaping”/,
    );
  });

  it("mixed-content: an http:// image or script on an https page fails; a plain link does not", () => {
    const withLink = home((h) =>
      h.replace("</body>", '<a href="http://old.example/">old</a></body>'),
    );
    expect(byId(run(withLink), "mixed-content").status).toBe("pass");
    const results = run(
      home((h) => h.replace("</body>", '<img src="http://cdn.example/p.jpg" alt="p"></body>')),
    );
    expect(failed(results)).toEqual(["mixed-content"]);
    expect(byId(results, "mixed-content").evidence).toContain(
      "the home page loads image “http://cdn.example/p.jpg”",
    );
  });
});

describe("reading and redirects", () => {
  it("redirect-chain: two hops to the home page, or a link that takes two, fail", () => {
    const input = site();
    input.home = {
      ...input.home,
      redirects: [`${ORIGIN.replace("https", "http")}/`, `${ORIGIN}/home`],
    };
    expect(byId(run(input), "redirect-chain")).toMatchObject({ status: "fail" });
    expect(byId(run(input), "redirect-chain").evidence).toContain("takes 2 redirects");
    const one = site();
    one.home = { ...one.home, redirects: [`${ORIGIN}/home`] };
    expect(byId(run(one), "redirect-chain").status).toBe("pass");
    const link = site();
    link.pages[0] = { ...link.pages[0]!, redirects: [`${ORIGIN}/old`, `${ORIGIN}/older`] };
    expect(byId(run(link), "redirect-chain").evidence).toContain("/old takes 2 redirects");
  });

  it("soft-404: a made-up address answering 200 with the home page fails; 404 passes", () => {
    const input = site();
    input.probe = {
      url: `${ORIGIN}/`,
      status: 200,
      body: input.home.body,
      contentType: "text/html",
    };
    const results = run(input);
    expect(failed(results)).toEqual(["soft-404"]);
    expect(byId(results, "soft-404").evidence).toContain("answered 200 with the home page");
    input.probe = null;
    expect(byId(run(input), "soft-404").status).toBe("na");
  });

  it("reads / and /index.html as one page: no duplicate title", () => {
    const input = site();
    input.pages.push({ ...input.home, url: `${ORIGIN}/index.html` });
    expect(byId(run(input), "duplicate-titles").status).toBe("pass");
    expect(buildSite(input).pages).toHaveLength(buildSite(site()).pages.length);
  });
});

describe("images and what loads first", () => {
  it("image-size: a heavy photo, or one four times wider than shown, fails with the figures", () => {
    const heavy = site();
    heavy.assets = heavy.assets!.map((a) =>
      a.url.endsWith("/img/patio.jpg") ? { ...a, bytes: 2_400_000, width: 4000, height: 3000 } : a,
    );
    const results = run(heavy);
    expect(failed(results)).toEqual(["image-size"]);
    expect(byId(results, "image-size").evidence).toContain("/img/patio.jpg is 2.3 MB");
    const wide = home((h) =>
      h.replace('src="/img/lawn.jpg"', 'src="/img/lawn.jpg" width="300" height="200"'),
    );
    wide.assets = wide.assets!.map((a) =>
      a.url.endsWith("/img/lawn.jpg") ? { ...a, width: 2400, height: 1600 } : a,
    );
    expect(byId(run(wide), "image-size").evidence).toContain("2400×1600 pixels, shown 300 wide");
    // Twice as wide (a sharp phone screen's photo) is fine.
    wide.assets = wide.assets!.map((a) =>
      a.url.endsWith("/img/lawn.jpg") ? { ...a, width: 600 } : a,
    );
    expect(byId(run(wide), "image-size").status).toBe("pass");
  });

  it("page-weight: over 3 MB fails in MB, over 5 MB caps at C", () => {
    const input = site();
    input.assets = input.assets!.map((a) =>
      a.url.endsWith("/img/patio.jpg") ? { ...a, bytes: 3_500_000 } : a,
    );
    const r = byId(run(input), "page-weight");
    expect(r).toMatchObject({ status: "fail" });
    expect(r.cap).toBeUndefined();
    expect(r.evidence).toMatch(
      /A phone downloads at least 3\.\d MB for the home page \(HTML \d+ KB, 3 images 3\.\d MB, 1 stylesheet/,
    );
    input.assets = input.assets.map((a) =>
      a.url.endsWith("/img/patio.jpg") ? { ...a, bytes: 6_000_000 } : a,
    );
    expect(byId(run(input), "page-weight").cap).toBe("C");
  });

  it("broken-images: an image answering 404 fails naming it", () => {
    const input = site();
    input.assets = input.assets!.map((a) =>
      a.url.endsWith("/img/crew.jpg") ? { ...a, status: 404, bytes: 0 } : a,
    );
    const results = run(input);
    expect(failed(results)).toEqual(["broken-images"]);
    expect(byId(results, "broken-images").evidence).toContain("/img/crew.jpg (404)");
  });

  it("render-blocking: synchronous head scripts fail with their bytes; deferred ones and one small stylesheet pass", () => {
    const deferred = home((h) =>
      h.replace(
        "</head>",
        '<script src="/js/site.js" defer></script><script type="module" src="/js/app.js"></script></head>',
      ),
    );
    expect(byId(run(deferred), "render-blocking").status).toBe("pass");
    const sync = home((h) => h.replace("</head>", '<script src="/js/jquery.js"></script></head>'));
    sync.assets!.push({
      url: `${ORIGIN}/js/jquery.js`,
      kind: "script",
      status: 200,
      bytes: 90_000,
      cut: false,
    });
    const results = run(sync);
    expect(failed(results)).toEqual(["render-blocking"]);
    expect(byId(results, "render-blocking").evidence).toContain(
      "1 script without async or defer: /js/jquery.js (88 KB)",
    );
  });

  it("image-alt: one photo without alt fails naming its page; a tracking pixel in <noscript> is no photo", () => {
    const one = run(
      site((path, html) => (path === "/irrigation" ? html.replace(/ alt="[^"]*"/, "") : html)),
    );
    expect(failed(one)).toEqual(["image-alt"]);
    expect(byId(one, "image-alt").evidence).toContain("one has none, on /irrigation");
    const pixel = run(
      home((h) =>
        h.replace(
          "</body>",
          '<noscript><img height="1" width="1" src="https://www.facebook.com/tr?id=1"></noscript></body>',
        ),
      ),
    );
    expect(byId(pixel, "image-alt").status).toBe("pass");
  });

  it("reads an image's size in pixels from its first bytes", () => {
    expect(imageSize(fixtureJpeg(4000, 3000))).toEqual({ width: 4000, height: 3000 });
    const png = Buffer.alloc(24);
    png.writeUInt32BE(0x89504e47, 0);
    png.write("IHDR", 12, "latin1");
    png.writeUInt32BE(640, 16);
    png.writeUInt32BE(480, 20);
    expect(imageSize(png)).toEqual({ width: 640, height: 480 });
    expect(imageSize(Buffer.from("<svg></svg>"))).toBeNull();
  });
});

describe("local details", () => {
  it("structured-data-errors: a trailing comma fails it alone; the business is still read", () => {
    const results = run(home((h) => h.replace('"Cedar Park"]', '"Cedar Park",]')));
    expect(failed(results)).toEqual(["structured-data-errors"]);
    expect(byId(results, "structured-data-errors").evidence).toContain(
      "block 1 (HomeAndConstructionBusiness) on the home page has a trailing comma",
    );
    expect(byId(results, "local-business-schema").status).toBe("pass");
    expect(withoutTrailingCommas('{"a": [1, 2, ], "b": "x,}", }')).toBe(
      '{"a": [1, 2 ], "b": "x,}" }',
    );
    // Comments and a raw line break inside a text are repaired too, and still reported.
    const commented = run(
      home((h) =>
        h
          .replace('"name": "Lawn Pros",', '"name": "Lawn Pros", // our name\n')
          .replace('"openingHours": "Mo-Fr 07:00-18:00"', '"openingHours": "Mo-Fr\n07:00-18:00"'),
      ),
    );
    expect(failed(commented)).toEqual(["structured-data-errors"]);
    expect(byId(commented, "structured-data-errors").evidence).toContain("is not valid JSON");
  });

  it("nap-consistent: another phone on the contact page, or another address, fails naming it", () => {
    const phone = run(
      site((path, html) =>
        path === "/contact"
          ? html.replaceAll("555-0142", "555-0199").replaceAll("5125550142", "5125550199")
          : html,
      ),
    );
    expect(failed(phone)).toEqual(["nap-consistent"]);
    expect(byId(phone, "nap-consistent").evidence).toContain("/contact shows (512) 555-0199");
    const address = run(home((h) => h.replace("1200 Barton Springs Rd", "45 Oak Hill Dr")));
    expect(byId(address, "nap-consistent").evidence).toContain("the address differs");
    // Nothing to compare: not applicable.
    const bare = run({
      ...site(),
      pages: [],
      home: page("/", "<html><body><h1>Hi</h1></body></html>"),
    });
    expect(byId(bare, "nap-consistent").status).toBe("na");
  });

  it("nap-consistent: the structured data's name against the name the pages show", () => {
    // Renamed, the plugin kept the old name: 'Lawn Pros Outdoor Living' is shown nowhere.
    const renamed = run(
      home((h) => h.replace('"name": "Lawn Pros",', '"name": "Lawn Pros Outdoor Living",')),
    );
    expect(failed(renamed)).toEqual(["nap-consistent"]);
    expect(byId(renamed, "nap-consistent").evidence).toContain(
      "the structured data names the business “Lawn Pros Outdoor Living”, a name no page shows; the pages say “Lawn Pros”",
    );
    // 'LLC', '&' for 'and' and punctuation are no other name.
    const suffixed = run(
      home((h) => h.replace('"name": "Lawn Pros",', '"name": "Lawn Pros, LLC",')),
    );
    expect(byId(suffixed, "nap-consistent").status).toBe("pass");
  });

  it("nap-visible: a number only behind a tap-to-call button is a number shown", () => {
    const button = run(
      home((h) =>
        h
          .replace(
            ">(512) 555-0142</a>",
            ' aria-label="Call Lawn Pros"><svg aria-hidden="true"></svg>Call now</a>',
          )
          .replace(" · (512) 555-0142</address>", "</address>"),
      ),
    );
    const r = byId(button, "nap-visible");
    expect(r.status).toBe("pass");
    expect(r.evidence).toContain("phone “(512) 555-0142” (behind a tap-to-call link)");
  });

  it("opening-hours: a table of days and 24-hour times is hours; a date and a price are not", () => {
    const bare = { ...site(), pages: [], sitemaps: [] };
    const hours = (html: string) =>
      byId(run({ ...bare, home: page("/", `<html><body>${html}</body></html>`) }), "opening-hours");
    expect(
      hours(
        "<table><tr><th>Mon – Fri</th><td>07:00 – 17:00</td></tr><tr><th>Sat</th><td>Closed</td></tr></table>",
      ).evidence,
    ).toContain("“Mon – Fri 07:00 – 17:00”");
    expect(
      hours("<p>Posted Monday 2026.11.23. Mowing from $45.00 to $60.00 a visit.</p>").status,
    ).toBe("fail");
  });

  it("pool, spa and ice services are trades: service pages and local keywords", () => {
    const pool = `<html><head><title>Pool Cleaning &amp; Repair in Austin, TX | Blue Pools</title></head><body>
<h1>Pool service in Austin</h1><p>Serving Austin and Round Rock.</p>
<a href="/weekly-pool-cleaning/">Cleaning</a><a href="/pool-repair">Repair</a><a href="/spa-service">Spas</a>
<a href="/hot-tub-repair">Hot tubs</a><a href="/services">All services</a><a href="/office-hours">Office</a></body></html>`;
    const results = run({ ...site(), pages: [], sitemaps: [], home: page("/", pool) });
    expect(byId(results, "local-keywords").evidence).toContain("“Pool” and “Austin”");
    expect(byId(results, "service-pages").evidence).toMatch(
      /^Found 4 service pages \(pool and spa\)/,
    );
    const snow = `<html><body><a href="/ice-management">Ice</a><a href="/sidewalk-salting">Salt</a><a href="/snow-plowing">Plowing</a><a href="/services/">Services</a><a href="/practice">Practice</a></body></html>`;
    expect(
      byId(run({ ...site(), pages: [], sitemaps: [], home: page("/", snow) }), "service-pages")
        .evidence,
    ).toMatch(/^Found 3 service pages \(snow removal\)/);
  });

  it("local-keywords: 'Home' and 'Welcome' fail; a title and heading with a trade and a town pass", () => {
    const results = run(
      home((h) =>
        h
          .replace(/<title>.*<\/title>/, "<title>Home</title>")
          .replace(/<h1>.*<\/h1>/, "<h1>Welcome</h1>"),
      ),
    );
    expect(failed(results)).toEqual(["local-keywords"]);
    expect(byId(results, "local-keywords").evidence).toContain("neither names what you do");
    // 'Home' is not taken for the business name.
    expect(byId(results, "nap-visible").evidence).toContain("name “Lawn Pros”");
  });

  it("service-area: a 'we serve' sentence must name a town", () => {
    const noTown = `<html><body><p>We proudly serve our whole community with care.</p></body></html>`;
    const town = `<html><body><p>Proudly serving Round Rock and Georgetown.</p></body></html>`;
    const bare = { ...site(), pages: [] };
    expect(byId(run({ ...bare, home: page("/", noTown) }), "service-area").status).toBe("fail");
    expect(byId(run({ ...bare, home: page("/", town) }), "service-area").evidence).toContain(
      "Proudly serving Round Rock and Georgetown",
    );
  });

  it("contact-form: a newsletter box is not the contact form", () => {
    const news = `<html><body><form><input type="email" name="email"><button>Subscribe</button></form></body></html>`;
    const r = byId(run({ ...site(), pages: [], home: page("/", news) }), "contact-form");
    expect(r.status).toBe("fail");
    expect(r.evidence).toContain("a newsletter sign-up asks only for an email");
  });
});

describe("content", () => {
  it("copyright-year: '© 2019' fails, this year or last passes, no notice is not applicable", () => {
    const old = run(home((h) => h.replace("© 2016–2026", "© 2019")));
    expect(failed(old)).toEqual(["copyright-year"]);
    expect(byId(old, "copyright-year").evidence).toContain("“© 2019”: 7 years old");
    expect(
      byId(run(home((h) => h.replace("© 2016–2026", "Copyright 2025"))), "copyright-year").status,
    ).toBe("pass");
    expect(
      byId(run(home((h) => h.replace("© 2016–2026 Lawn Pros", ""))), "copyright-year").status,
    ).toBe("na");
  });

  it("service-pages: a linked page answering 404 is not a service page", () => {
    const input = site();
    input.pages = input.pages.map((p) =>
      /lawn-care|irrigation/.test(p.url) ? { ...p, status: 404 } : p,
    );
    const r = byId(run(input), "service-pages");
    expect(r.status).toBe("fail");
    expect(r.evidence).toContain("Found 2 service pages");
  });

  it("javascript-content: an empty shell fails it, and the content checks say why they cannot tell", () => {
    const shell = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Lawn Pros</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript></body></html>`;
    const input = {
      ...site(),
      home: page("/", shell),
      pages: site().pages.map((p) => ({ ...p, body: shell })),
    };
    const results = run(input);
    expect(failed(results)).toEqual(["javascript-content"]);
    expect(byId(results, "javascript-content").evidence).toContain(
      "empty shell (0 words of text, 1 script)",
    );
    for (const id of [
      "tel-link",
      "nap-visible",
      "cta",
      "contact-form",
      "h1",
      "word-count",
      "service-area",
      "duplicate-titles",
    ])
      expect(byId(results, id)).toMatchObject({
        status: "na",
        evidence: expect.stringContaining("built by JavaScript"),
      });
    // A static header and footer around an empty mount element is still a shell.
    const framed = shell.replace(
      '<div id="root"></div>',
      `<header>${"Lawn Pros lawn care and landscaping in Austin ".repeat(8)}</header><div id="root"></div>`,
    );
    expect(buildSite({ ...site(), home: page("/", framed) }).jsOnly).toBe(true);
    // A thin page without scripts is not a shell: it fails for its words.
    const thin = run({
      ...site(),
      home: page("/", "<html><body><h1>Lawn care</h1><p>Call us.</p></body></html>"),
    });
    expect(byId(thin, "javascript-content").status).toBe("pass");
    expect(byId(thin, "word-count").status).toBe("fail");
  });
});
