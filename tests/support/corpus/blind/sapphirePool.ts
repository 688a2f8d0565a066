/**
 * Sapphire Pool & Spa Care (Sacramento, CA) on WordPress with GeneratePress and the block
 * editor: a well-made pool service site written in ways a reader must not stumble on. The phone
 * is written with dots (916.555.0123) and dialled as tel:916-555-0123; the towns served are a
 * heading and a list, not a sentence; the address sits in an <address> with line breaks and the
 * JSON-LD's street is one string with a suite; the business type is HomeAndConstructionBusiness
 * with openingHours as text; the quote form is WPForms with numbered field names; photos are
 * lazy and sized. It deserves to pass every check.
 */
import type { Route } from "../../auditSites.ts";
import type { BuildContext, CorpusSite, SiteRoutes } from "../sites.ts";
import { day, esc, photo, picture, text, textFile, urlset } from "./kit.ts";

const s = {
  name: "Sapphire Pool & Spa Care",
  phone: "916.555.0123",
  tel: "916-555-0123",
  street: "4120 Power Inn Rd Suite B",
  city: "Sacramento",
  region: "CA",
  zip: "95826",
  towns: ["Sacramento", "Elk Grove", "Folsom", "Roseville", "Rancho Cordova", "Carmichael"],
};

interface Def {
  path: string;
  title: string;
  description: string;
  h1: string;
  content: string;
  modified?: string;
}

const quoteForm = (
  id: number,
) => `<div class="wpforms-container" id="wpforms-${id}"><form id="wpforms-form-${id}" class="wpforms-validate wpforms-form" method="post" action="/contact/">
<div class="wpforms-field-container">
<div class="wpforms-field wpforms-field-name"><label class="wpforms-field-label" for="wpforms-${id}-field_1">Name</label><input type="text" id="wpforms-${id}-field_1" name="wpforms[fields][1]" required></div>
<div class="wpforms-field wpforms-field-email"><label class="wpforms-field-label" for="wpforms-${id}-field_2">Email</label><input type="email" id="wpforms-${id}-field_2" name="wpforms[fields][2]" required></div>
<div class="wpforms-field wpforms-field-textarea"><label class="wpforms-field-label" for="wpforms-${id}-field_4">Pool size, equipment and what you need</label><textarea id="wpforms-${id}-field_4" name="wpforms[fields][4]"></textarea></div>
</div>
<div class="wpforms-submit-container"><button type="submit" name="wpforms[submit]" class="wpforms-submit">Get My Free Quote</button></div>
</form></div>`;

const areas = `<h2 class="wp-block-heading">Areas We Serve</h2>
<ul class="wp-block-list areas">${s.towns.map((t) => `<li>${t}</li>`).join("")}</ul>`;

function layout(c: BuildContext, d: Def, head = ""): string {
  const url = `${c.origin}${d.path}`;
  const item = (path: string, label: string) =>
    `<li class="menu-item"><a href="${c.origin}${path}">${label}</a></li>`;
  return `<!DOCTYPE html>
<html lang="en-US">
<head>
	<meta charset="UTF-8">
	<meta name="viewport" content="width=device-width, initial-scale=1">
	<title>${esc(d.title)}</title>
	<meta name="description" content="${esc(d.description)}">
	<link rel="canonical" href="${url}">
	<meta property="og:type" content="${d.modified ? "article" : "website"}">
	<meta property="og:title" content="${esc(d.title)}">
	<meta property="og:description" content="${esc(d.description)}">
	<meta property="og:image" content="${c.origin}/wp-content/uploads/2025/06/sapphire-pool-1200x675.jpg">
	<meta property="og:site_name" content="${esc(s.name)}">
	${d.modified ? `<meta property="article:modified_time" content="${d.modified}T10:12:00+00:00">` : ""}
	<link rel="stylesheet" id="generate-style-css" href="${c.origin}/wp-content/themes/generatepress/assets/css/main.min.css?ver=3.5.1" media="all">
	<link rel="stylesheet" id="wp-block-library-css" href="${c.origin}/wp-includes/css/dist/block-library/style.min.css?ver=6.6.2" media="all">
	<script src="${c.origin}/wp-content/plugins/perfmatters/js/lazyload.min.js?ver=2.3.4" id="perfmatters-lazy-load-js" defer></script>
	${head}
</head>
<body class="home page-template-default page wp-custom-logo wp-embed-responsive right-sidebar nav-float-right separate-containers header-aligned-left dropdown-hover" itemtype="https://schema.org/WebPage" itemscope>
<a class="screen-reader-text skip-link" href="#content" title="Skip to content">Skip to content</a>
<header class="site-header has-inline-mobile-toggle" id="masthead" aria-label="Site" itemtype="https://schema.org/WPHeader" itemscope>
<div class="inside-header grid-container">
<div class="site-logo"><a href="${c.origin}/" rel="home"><img class="header-image is-logo-image" alt="Sapphire Pool &amp; Spa Care" src="${c.origin}/wp-content/uploads/2025/01/sapphire-logo.png" width="210" height="64"></a></div>
<div class="header-widget"><aside id="block-3" class="widget inner-padding widget_block"><p class="header-call">Call or text <a href="tel:${s.tel}">${s.phone}</a></p></aside></div>
<nav class="main-navigation sub-menu-right" id="site-navigation" aria-label="Primary" itemtype="https://schema.org/SiteNavigationElement" itemscope><div class="inside-navigation grid-container"><div id="primary-menu" class="main-nav"><ul id="menu-primary" class="menu sf-menu">
${item("/weekly-pool-service/", "Weekly Pool Service")}${item("/pool-repair/", "Pool Repair")}${item("/pool-equipment/", "Equipment")}${item("/spa-hot-tub-service/", "Spas")}${item("/about/", "About")}${item("/contact/", "Free Quote")}
</ul></div></div></nav>
</div>
</header>
<div class="site grid-container container hfeed" id="page"><div class="site-content" id="content">
<div class="content-area" id="primary"><main class="site-main" id="main">
<article id="post-7" class="post-7 page type-page status-publish" itemtype="https://schema.org/CreativeWork" itemscope><div class="inside-article">
<header class="entry-header"><h1 class="entry-title" itemprop="headline">${esc(d.h1)}</h1></header>
<div class="entry-content" itemprop="text">
${d.content}
</div>
</div></article>
</main></div>
</div></div>
<div class="site-footer">
<footer class="site-info" aria-label="Site" itemtype="https://schema.org/WPFooter" itemscope><div class="inside-site-info grid-container">
<div class="footer-widgets"><address>${esc(s.name)}<br>4120 Power Inn Rd, Suite B<br>${s.city}, ${s.region} ${s.zip}<br><a href="tel:${s.tel}">${s.phone}</a></address>
<p><a href="https://maps.apple.com/?address=4120%20Power%20Inn%20Rd,%20Sacramento,%20CA%2095826">Directions</a> · <a href="https://www.yelp.com/biz/sapphire-pool-and-spa-care-sacramento">Yelp</a> · <a href="https://www.facebook.com/sapphirepoolsac">Facebook</a></p></div>
<div class="copyright-bar">&copy; ${c.now.getUTCFullYear()} ${esc(s.name)} · CA Contractor License #1042217</div>
</div></footer>
</div>
<script id="generate-menu-js" src="${c.origin}/wp-content/themes/generatepress/assets/js/menu.min.js?ver=3.5.1" defer></script>
</body>
</html>
`;
}

function build(c: BuildContext): SiteRoutes {
  const u = `${c.origin}/wp-content/uploads`;
  const modified = day(c.now, 11);
  const jsonLd = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"HomeAndConstructionBusiness","@id":"${c.origin}/#business","name":"${s.name}","url":"${c.origin}/","telephone":"916-555-0123","priceRange":"$$","image":"${u}/2025/06/sapphire-pool-1200x675.jpg","address":{"@type":"PostalAddress","streetAddress":"${s.street}","addressLocality":"${s.city}","addressRegion":"${s.region}","postalCode":"${s.zip}","addressCountry":"US"},"openingHours":["Mo-Fr 07:30-17:30","Sa 08:00-12:00"],"aggregateRating":{"@type":"AggregateRating","ratingValue":"4.8","reviewCount":"164"}}</script>`;
  const home: Def = {
    path: "/",
    title: "Pool Cleaning & Repair in Sacramento, CA | Sapphire Pool & Spa Care",
    description:
      "Weekly pool cleaning, pool repair, equipment upgrades and spa service in Sacramento, Elk Grove, Folsom and Roseville. Licensed, insured, free quotes.",
    h1: "Pool cleaning and repair in Sacramento",
    content: `<p>Sapphire Pool &amp; Spa Care keeps Sacramento pools clear, safe and ready to swim in, every week of the year.
We are a licensed California contractor (#1042217), fully insured, and family owned since 2014. One technician
services your pool every week, tests and balances the water, brushes, vacuums and empties the baskets, and sends
you a photo and the readings when the gate closes behind them.</p>
<p><a class="wp-block-button__link" href="${c.origin}/contact/">Get a free quote</a></p>
<figure class="wp-block-image size-large"><img loading="lazy" decoding="async" width="1024" height="576" src="${u}/2025/06/sapphire-pool-1024x576.jpg" alt="Clear blue backyard pool in Folsom after a weekly service"></figure>
<h2 class="wp-block-heading">Pool services</h2>
<ul class="wp-block-list">
<li><a href="${c.origin}/weekly-pool-service/">Weekly pool service</a>: chemicals included, a photo report every visit.</li>
<li><a href="${c.origin}/pool-repair/">Pool repair</a>: pumps, motors, filters, heaters, leaks and automation.</li>
<li><a href="${c.origin}/pool-equipment/">Pool equipment</a>: variable-speed pumps, salt systems and cartridge filters, SMUD rebates included.</li>
<li><a href="${c.origin}/spa-hot-tub-service/">Spa and hot tub service</a>: water care, drains and cover replacement.</li>
</ul>
<p>Sacramento summers are long and hot, and our valley water is hard: a pool left for two weeks in July turns green,
and scale builds up on tile and inside heaters. Our routes are planned so every pool gets the same day each week, and
our technicians carry parts on the truck, so a broken pump lid or a leaking valve is fixed the same visit rather
than scheduled for later. We clean filters four times a year, check the salt cell, and tell you in writing when a
piece of equipment is close to the end of its life, with a fixed price to replace it.</p>
<figure class="wp-block-image size-medium"><img loading="lazy" decoding="async" width="600" height="400" src="${u}/2025/06/filter-clean-600x400.jpg" alt="Technician cleaning a cartridge filter"></figure>
<h2 class="wp-block-heading">Why Sapphire</h2>
<ul class="wp-block-list"><li>Licensed contractor, fully insured and bonded</li><li>Certified Pool Operators on every route</li><li>Satisfaction guarantee: not clear in 24 hours, the visit is free</li></ul>
<h2 class="wp-block-heading">Reviews</h2>
<p>4.8 ★ from 164 reviews on Google and Yelp.</p>
<blockquote class="wp-block-quote"><p>“Same tech every Thursday for two years, always a photo, never a green day.” <cite>Laura B., Elk Grove</cite></p></blockquote>
${areas}
<h2 class="wp-block-heading">Free quote</h2>
${quoteForm(41)}
<p>Latest tip: <a href="${c.origin}/pool-tips/winter-pool-care-sacramento/">Winter pool care in Sacramento</a></p>`,
  };
  const svc = (path: string, title: string, description: string, h1: string, p: string): Def => ({
    path,
    title,
    description,
    h1,
    content: `<p>${p}</p>${areas}<p><a class="wp-block-button__link" href="${c.origin}/contact/">Get a free quote</a> or call <a href="tel:${s.tel}">${s.phone}</a>.</p>`,
  });
  const inner: Def[] = [
    svc(
      "/weekly-pool-service/",
      "Weekly Pool Service in Sacramento | Sapphire Pool & Spa Care",
      "Weekly pool cleaning in Sacramento with chemicals included: skim, brush, vacuum, baskets, balanced water and a photo report.",
      "Weekly pool service in Sacramento",
      "Every week: skim, brush walls and steps, vacuum, empty skimmer and pump baskets, test and balance the water, and check the equipment. Chemicals are included in the monthly price.",
    ),
    svc(
      "/pool-repair/",
      "Pool Repair in Sacramento & Elk Grove | Sapphire Pool & Spa Care",
      "Pool pump, motor, filter, heater and leak repair in Sacramento and Elk Grove, most fixed on the first visit.",
      "Pool repair in Sacramento",
      "Pumps that will not prime, motors that hum, leaking filters, heaters that will not light and automation that lost its schedule: most repairs are done on the first visit with parts from the truck.",
    ),
    svc(
      "/pool-equipment/",
      "Pool Pumps, Filters & Salt Systems in Sacramento | Sapphire",
      "Variable-speed pool pumps, cartridge filters and salt systems installed in Sacramento, with SMUD rebates handled for you.",
      "Pool equipment in Sacramento",
      "A variable-speed pump uses a fraction of the power of an old single-speed one, and SMUD pays part of it. We size, install and program pumps, filters, salt systems and automation.",
    ),
    svc(
      "/spa-hot-tub-service/",
      "Spa & Hot Tub Service in Sacramento | Sapphire Pool & Spa Care",
      "Spa and hot tub water care, drain and refill, filter cleaning and cover replacement in Sacramento.",
      "Spa and hot tub service",
      "We balance and sanitize spa water, drain and refill every few months, clean filters, and replace worn covers so the heat stays in.",
    ),
    {
      path: "/about/",
      title: "About Sapphire Pool & Spa Care | Sacramento Since 2014",
      description:
        "Sapphire Pool & Spa Care is a family-owned, licensed pool service company in Sacramento, founded in 2014.",
      h1: "About us",
      content:
        "<p>Founded by Daniel and Rosa Mendez in 2014, Sapphire now has nine technicians caring for about seven hundred pools across the Sacramento area.</p>",
    },
    {
      path: "/contact/",
      title: "Free Pool Service Quote | Sapphire Pool & Spa Care, Sacramento",
      description:
        "Ask for a free pool service quote in Sacramento, Folsom or Roseville: call or text 916.555.0123 or send the form.",
      h1: "Get a free quote",
      content: `<p>Call or text <a href="tel:${s.tel}">${s.phone}</a>, Monday to Friday 7:30 am to 5:30 pm, or send the form and we reply the same day.</p>${quoteForm(42)}`,
    },
    {
      path: "/pool-tips/winter-pool-care-sacramento/",
      title: "Winter Pool Care in Sacramento | Sapphire Pool & Spa Care",
      description:
        "How to look after a Sacramento pool in winter: run times, freeze protection, leaves and when to clean the filter.",
      h1: "Winter pool care in Sacramento",
      modified,
      content:
        "<p>Cut the pump's run time to four or five hours, turn on freeze protection, keep the leaves out of the skimmer, and clean the filter once after the trees are bare.</p>",
    },
  ];
  const pages: Record<string, Route> = {};
  for (const d of [home, ...inner]) {
    pages[d.path] = { body: layout(c, d, d === home ? jsonLd : "") };
    if (d.path !== "/")
      pages[d.path.replace(/\/$/, "")] = {
        status: 301,
        headers: { location: `${c.origin}${d.path}` },
        body: "",
      };
  }
  pages["/robots.txt"] = text(
    `User-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\n\nSitemap: ${c.origin}/wp-sitemap.xml\n`,
  );
  pages["/wp-sitemap.xml"] = {
    type: "application/xml; charset=UTF-8",
    body: `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${c.origin}/wp-sitemap-posts-page-1.xml</loc></sitemap><sitemap><loc>${c.origin}/wp-sitemap-posts-post-1.xml</loc></sitemap></sitemapindex>`,
  };
  pages["/wp-sitemap-posts-page-1.xml"] = urlset(
    [home, ...inner].map((d) => ({ loc: `${c.origin}${d.path}` })),
  );
  pages["/wp-sitemap-posts-post-1.xml"] = urlset([
    { loc: `${c.origin}/pool-tips/winter-pool-care-sacramento/` },
  ]);
  Object.assign(pages, {
    "/wp-content/uploads/2025/01/sapphire-logo.png": picture(210, 64, 7),
    "/wp-content/uploads/2025/06/sapphire-pool-1024x576.jpg": photo(1024, 576, 139),
    "/wp-content/uploads/2025/06/sapphire-pool-1200x675.jpg": photo(1200, 675, 168),
    "/wp-content/uploads/2025/06/filter-clean-600x400.jpg": photo(600, 400, 58),
    "/wp-content/themes/generatepress/assets/css/main.min.css": textFile(
      "text/css",
      "generatepress",
      27,
    ),
    "/wp-includes/css/dist/block-library/style.min.css": textFile("text/css", "block library", 16),
    "/wp-content/plugins/perfmatters/js/lazyload.min.js": textFile(
      "text/javascript",
      "lazyload",
      8,
    ),
    "/wp-content/themes/generatepress/assets/js/menu.min.js": textFile(
      "text/javascript",
      "menu",
      3,
    ),
  });
  return { pages };
}

export const sapphirePool: CorpusSite = {
  id: "blind-wp-pool-good",
  about:
    "Sapphire Pool & Spa Care, Sacramento CA, on WordPress + GeneratePress, well made in unusual ways: phone written 916.555.0123, towns as a heading and a list, address with a suite in <address>, HomeAndConstructionBusiness with text openingHours, WPForms with numbered field names, WordPress's own sitemap index without dates (freshness from article:modified_time)",
  scheme: "https",
  build,
  fail: {},
  minScore: 90,
};
