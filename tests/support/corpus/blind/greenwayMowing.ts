/**
 * Greenway Mowing Co. (Columbus, OH): a hand-built one-page site (sections and #anchors, one
 * stylesheet, a little script at the end), a robots.txt with an empty `Disallow:` (which allows
 * everything), LocalBusiness JSON-LD, a tel: button, a quote form, reviews.
 * Planted: everything is on one page, so no service has a page of its own; no sitemap; the
 * map is embedded over plain http:// (blocked on the https page); nothing on the site is dated.
 */
import type { Route } from "../../auditSites.ts";
import type { BuildContext, CorpusSite, SiteRoutes } from "../sites.ts";
import { photo, picture, text, textFile } from "./kit.ts";

function build(c: BuildContext): SiteRoutes {
  const year = c.now.getUTCFullYear();
  const home = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Lawn Mowing in Columbus, OH | Greenway Mowing Co.</title>
  <meta name="description" content="Weekly lawn mowing, edging, leaf cleanup and aeration in Columbus, Worthington, Dublin and Westerville. Same crew every week. Free quotes in 24 hours.">
  <link rel="canonical" href="${c.origin}/">
  <meta property="og:title" content="Greenway Mowing Co. | Lawn Mowing in Columbus, OH">
  <meta property="og:description" content="Weekly mowing and seasonal cleanups in Columbus and the northern suburbs.">
  <meta property="og:image" content="${c.origin}/img/greenway-og.jpg">
  <link rel="stylesheet" href="/styles.css">
  <script type="application/ld+json">
  {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "name": "Greenway Mowing Co.",
    "telephone": "(614) 555-0190",
    "url": "${c.origin}/",
    "address": { "@type": "PostalAddress", "streetAddress": "1181 Bethel Rd", "addressLocality": "Columbus", "addressRegion": "OH", "postalCode": "43220" },
    "areaServed": ["Columbus", "Worthington", "Dublin", "Westerville", "Upper Arlington"],
    "openingHours": "Mo-Sa 07:00-19:00"
  }
  </script>
</head>
<body>
  <header class="top">
    <a class="logo" href="#top"><img src="/img/greenway-logo.png" alt="Greenway Mowing Co." width="170" height="48"></a>
    <nav><a href="#services">Services</a> <a href="#reviews">Reviews</a> <a href="#areas">Areas</a> <a href="#quote">Free quote</a></nav>
    <a class="call" href="tel:+16145550190">📞 (614) 555-0190</a>
  </header>
  <main id="top">
    <section class="hero">
      <h1>Lawn mowing in Columbus, Ohio</h1>
      <p>Greenway Mowing Co. mows, edges and cleans up lawns across Columbus and the northern suburbs. Same crew,
      same day, every week from April to November. Licensed and insured, locally owned since 2015.</p>
      <p><a class="btn" href="#quote">Get a free quote</a></p>
      <img src="/img/hero-stripes.jpg" alt="Freshly mowed lawn with crisp stripes in Worthington" width="1200" height="700">
    </section>
    <section id="services">
      <h2>Services</h2>
      <p>Most of our customers are on a weekly plan from the first cut in April to the last leaf pickup in
      November, and we add the seasonal jobs when the lawn needs them. You get one price for the season, a text
      the evening before we come, and the same two-person crew every visit, so nobody has to explain the gate
      code or the dog twice.</p>
      <div class="cards">
        <article><h3>Weekly mowing</h3><p>Mowing at the right height for the season, string trimming around every obstacle, edging along
        drives and walks, and clippings blown off hard surfaces. Weekly or every other week.</p></article>
        <article><h3>Spring and fall cleanups</h3><p>Leaves, sticks and winter debris cleared from lawns and beds, the beds edged and
        freshened, and everything hauled away so you do not fill your yard waste bins for weeks.</p></article>
        <article><h3>Aeration and overseeding</h3><p>Core aeration every fall, followed by overseeding with a blend made for central Ohio,
        so thin lawns fill in before winter and crowd out weeds next spring.</p></article>
        <article><h3>Mulch and bed care</h3><p>Fresh hardwood mulch, weeding and trimming of shrubs twice a season, so the beds look as
        good as the lawn.</p></article>
      </div>
      <img src="/img/crew-edging.jpg" alt="Greenway crew member edging a driveway" width="600" height="400" loading="lazy">
    </section>
    <section id="reviews">
      <h2>What our customers say</h2>
      <blockquote>★★★★★ “Greenway has mowed our lawn for three seasons. They have never missed a week and the edging is perfect.” – Rachel S., Worthington</blockquote>
      <blockquote>★★★★★ “Fair price, friendly crew, and they text before they come.” – Darnell W., Westerville</blockquote>
      <p>Rated 4.8 out of 5 on Google.</p>
    </section>
    <section id="areas">
      <h2>Where we mow</h2>
      <p>Proudly serving Columbus, Worthington, Dublin, Westerville and Upper Arlington. If you are a few miles outside
      those towns, call us: we often have a crew nearby.</p>
      <p>Our yard: 1181 Bethel Rd, Columbus, OH 43220. Open Mon–Sat, 7am to 7pm.</p>
      <iframe src="http://maps.google.com/maps?q=1181+Bethel+Rd,+Columbus,+OH+43220&amp;output=embed" width="600" height="300" style="border:0" loading="lazy" title="Map of our yard"></iframe>
    </section>
    <section id="quote">
      <h2>Get a free quote</h2>
      <p>Tell us your address and what you need. We answer within 24 hours with a price for the season, and there is no contract: you can stop any week.</p>
      <form action="https://formspree.io/f/xkgwpqzr" method="POST">
        <label>Name <input type="text" name="name" required></label>
        <label>Phone <input type="tel" name="phone" required></label>
        <label>Address <input type="text" name="address"></label>
        <label>What do you need? <textarea name="message" rows="3"></textarea></label>
        <button type="submit">Send</button>
      </form>
    </section>
  </main>
  <footer>
    <p>Greenway Mowing Co. · 1181 Bethel Rd, Columbus, OH 43220 · <a href="tel:+16145550190">(614) 555-0190</a></p>
    <p><a href="https://www.facebook.com/greenwaymowing">Facebook</a> · <a href="https://nextdoor.com/pages/greenway-mowing-co-columbus-oh/">Nextdoor</a></p>
    <p>© ${year} Greenway Mowing Co.</p>
  </footer>
  <script src="/main.js" defer></script>
</body>
</html>
`;
  const pages: Record<string, Route> = {
    "/": { body: home },
    "/robots.txt": text("User-agent: *\nDisallow:\n"),
    "/styles.css": textFile("text/css", "styles", 14),
    "/main.js": textFile("text/javascript", "smooth scroll", 2),
    "/img/greenway-logo.png": picture(170, 48, 5),
    "/img/hero-stripes.jpg": photo(1200, 700, 182),
    "/img/crew-edging.jpg": photo(600, 400, 64),
    "/img/greenway-og.jpg": photo(1200, 630, 96),
  };
  return { pages };
}

export const greenwayMowing: CorpusSite = {
  id: "blind-onepage-mowing",
  about:
    "Greenway Mowing Co., Columbus OH, a hand-built one-page site: all services as sections of the home page, no sitemap, a Google map embedded over http://, nothing dated; robots.txt with an empty Disallow (allows all)",
  scheme: "https",
  build,
  fail: {
    "service-pages": "one page for everything: no service has a page Google can rank for it",
    sitemap: "no sitemap (robots.txt names none; /sitemap.xml answers 404)",
    "mixed-content": "the map iframe loads over http:// on the https page: browsers block it",
    "fresh-content": "no blog, news or dated page: nothing shows the site is kept up",
  },
};
