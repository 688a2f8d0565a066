/**
 * Summit Tree Care (Boise, ID): the corpus's second well-made site, of another shape: a tree
 * service on WordPress, with the markup such a site really has (theme and block-library
 * stylesheets, jQuery deferred by a performance plugin, a Yoast-style JSON-LD @graph whose
 * business node has an array @type, a Contact Form 7 form, trailing-slash addresses, a sitemap
 * index with page and post sitemaps, a Google Maps embed). It deserves to pass every check.
 */
import type { Route } from "../auditSites.ts";
import { jpeg, png } from "./images.ts";
import type { SiteRoutes } from "./sites.ts";

const s = {
  name: "Summit Tree Care",
  phone: "(208) 555-0134",
  tel: "+12085550134",
  street: "4120 W Chinden Blvd",
  city: "Boise",
  region: "ID",
  zip: "83714",
  towns: ["Boise", "Meridian", "Eagle", "Garden City", "Star"],
};

const day = (now: Date, back: number) =>
  new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);

interface Page {
  path: string;
  title: string;
  description: string;
  h1: string;
  content: string;
  type?: "page" | "post";
}

const crewText = `<p>Every climber on our crew is ISA certified, and every job is led by a certified arborist who
decides how each limb comes down before anyone starts a saw. We carry two million dollars of liability
insurance and full workers' compensation, so nothing that happens on your property ever becomes your
problem. We have cared for trees in the Treasure Valley since 2006: twenty years of storms, bark
beetles and overgrown silver maples.</p>
<p>Every estimate is free and written, with a fixed price, the equipment we will bring, how we will
protect your lawn and beds, and when we will be done. We grind the stumps we cut unless you ask us
not to, haul away or chip every branch, and rake and blow the yard before we leave. If anything is
not as we promised, call the office and the arborist who quoted the job comes back.</p>`;

/** What a service page adds: what the job costs and how long it takes. */
const priceText = `<h2 class="wp-block-heading">What it costs</h2>
<p>Most jobs in Boise fall between a few hundred and a few thousand dollars, depending on the size of
the tree, how close it stands to the house or the lines, and whether a crane or a bucket truck can
reach it. The written estimate gives one fixed price, and it does not change when we find the tree is
harder than it looked. Seniors and veterans get ten percent off.</p>`;

const areaText = `<p>We serve ${s.towns.slice(0, -1).join(", ")} and ${s.towns.at(-1)}, with a crew on call for storm damage
across the Treasure Valley around the clock.</p>`;

const pagesOf = (now: Date): Page[] => [
  {
    path: "/tree-removal/",
    title: "Tree Removal in Boise, ID | Summit Tree Care",
    description:
      "Safe tree removal in Boise, Meridian and Eagle by ISA certified arborists: cranes and rigging near houses, stump grinding and full cleanup.",
    h1: "Tree removal in Boise",
    content: `<p>Dead, leaning or storm-split trees near a house, fence or power line need rigging, not
guesswork. We take trees down in sections with ropes and, where access allows, a crane, so nothing
falls where it should not. Most removals are done in a day, stump and cleanup included.</p>`,
  },
  {
    path: "/tree-trimming/",
    title: "Tree Trimming & Pruning in Boise | Summit Tree Care",
    description:
      "Tree trimming and pruning in Boise for healthier, safer trees: crown thinning, deadwood removal and clearance from roofs and lines.",
    h1: "Tree trimming and pruning in Boise",
    content: `<p>Good pruning makes a tree stronger and safer for decades. We thin crowns to let wind
through, take out dead and crossing limbs, lift branches off roofs and driveways, and never top a
tree. Fruit trees and young shade trees get structural pruning that sets them up for life.</p>`,
  },
  {
    path: "/stump-grinding/",
    title: "Stump Grinding in Boise & Meridian | Summit Tree Care",
    description:
      "Stump grinding below grade in Boise and Meridian, with the chips raked out and the hole filled with topsoil so you can plant or seed.",
    h1: "Stump grinding in Boise and Meridian",
    content: `<p>We grind stumps eight to twelve inches below grade, chase the surface roots, rake out the
chips and fill the hole with topsoil, ready for grass seed or a new tree. Our narrow grinder fits
through a 36-inch gate.</p>`,
  },
  {
    path: "/emergency-tree-service/",
    title: "24/7 Emergency Tree Service in Boise | Summit Tree Care",
    description:
      "Storm damage or a tree on your roof in Boise? Summit Tree Care answers around the clock and works with your insurance company.",
    h1: "Emergency tree service in Boise, day and night",
    content: `<p>When a storm drops a tree on your roof, car or fence, call ${s.phone} at any hour. A crew
comes out to make the site safe, tarp what needs it and remove the tree without causing more damage,
and we send your insurance company the photos and invoice they ask for.</p>`,
  },
  {
    path: "/about-us/",
    title: "About Summit Tree Care, Boise Arborists Since 2006",
    description:
      "Summit Tree Care is a family-owned Boise tree service with ISA certified arborists, twenty years in the Treasure Valley and fully insured crews.",
    h1: "About Summit Tree Care",
    content: `<p>Ben and Carla Ostrander started Summit Tree Care in 2006 after ten years climbing for
other companies. Today we are fourteen people, four of them ISA certified arborists, and we still
answer the phone ourselves.</p>`,
  },
  {
    path: "/contact-us/",
    title: "Contact Summit Tree Care for a Free Tree Estimate",
    description:
      "Ask Summit Tree Care for a free, written tree estimate in Boise: call (208) 555-0134 or send the form and an arborist calls you back.",
    h1: "Get a free tree estimate",
    content: `<p>Call <a href="tel:${s.tel}">${s.phone}</a> or send the form: an arborist calls you back
within one working day. Office hours Monday to Friday 7:00 am to 5:00 pm; storm calls around the
clock.</p>`,
  },
  {
    path: `/${day(now, 9).slice(0, 4)}/${day(now, 9).slice(5, 7)}/when-to-prune-oak-trees/`,
    title: "When to Prune Oak Trees in Boise | Summit Tree Care",
    description:
      "Why Boise arborists prune oaks in late winter, what oak wilt and borers have to do with it, and what you can safely cut yourself.",
    h1: "When to prune oak trees in the Treasure Valley",
    type: "post",
    content: `<p>Prune oaks while they are dormant, from December to February: fresh cuts in spring draw
beetles that carry disease. Remove dead wood at any time of year, and call an arborist before
cutting anything thicker than your wrist.</p>`,
  },
];

const home: Page = {
  path: "/",
  title: "Tree Removal & Trimming in Boise, ID | Summit Tree Care",
  description:
    "Summit Tree Care: tree removal, trimming, stump grinding and 24/7 storm service in Boise, Meridian and Eagle. ISA certified, insured, free estimates.",
  h1: "Tree removal and trimming in Boise, Idaho",
  content: "",
};

function cf7(): string {
  return `<div class="wpcf7 no-js" id="wpcf7-f112-o1" lang="en-US" dir="ltr">
<form action="/contact-us/#wpcf7-f112-o1" method="post" class="wpcf7-form init" aria-label="Contact form" novalidate="novalidate" data-status="init">
<div style="display: none;"><input type="hidden" name="_wpcf7" value="112"><input type="hidden" name="_wpcf7_version" value="5.9.8"><input type="hidden" name="_wpcf7_unit_tag" value="wpcf7-f112-o1"></div>
<p><label> Your name<br><span class="wpcf7-form-control-wrap" data-name="your-name"><input size="40" maxlength="400" class="wpcf7-form-control wpcf7-text wpcf7-validates-as-required" autocomplete="name" aria-required="true" value="" type="text" name="your-name"></span></label></p>
<p><label> Phone<br><span class="wpcf7-form-control-wrap" data-name="your-tel"><input size="40" maxlength="400" class="wpcf7-form-control wpcf7-tel wpcf7-validates-as-required wpcf7-text wpcf7-validates-as-tel" aria-required="true" value="" type="tel" name="your-tel"></span></label></p>
<p><label> Email<br><span class="wpcf7-form-control-wrap" data-name="your-email"><input size="40" maxlength="400" class="wpcf7-form-control wpcf7-email wpcf7-text wpcf7-validates-as-email" autocomplete="email" value="" type="email" name="your-email"></span></label></p>
<p><label> Tell us about your trees<br><span class="wpcf7-form-control-wrap" data-name="your-message"><textarea cols="40" rows="6" maxlength="2000" class="wpcf7-form-control wpcf7-textarea" name="your-message"></textarea></span></label></p>
<p><input class="wpcf7-form-control wpcf7-submit has-spinner" type="submit" value="Request my free estimate"></p>
<div class="wpcf7-response-output" aria-hidden="true"></div>
</form>
</div>`;
}

function graph(origin: string, p: Page): string {
  const url = `${origin}${p.path}`;
  return `<script type="application/ld+json" class="yoast-schema-graph">${JSON.stringify({
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "WebPage",
        "@id": url,
        url,
        name: p.title,
        isPartOf: { "@id": `${origin}/#website` },
        about: { "@id": `${origin}/#organization` },
        inLanguage: "en-US",
      },
      {
        "@type": "WebSite",
        "@id": `${origin}/#website`,
        url: `${origin}/`,
        name: s.name,
        publisher: { "@id": `${origin}/#organization` },
      },
      {
        "@type": ["Organization", "Place", "HomeAndConstructionBusiness"],
        "@id": `${origin}/#organization`,
        name: s.name,
        url: `${origin}/`,
        telephone: "+1 208-555-0134",
        logo: {
          "@type": "ImageObject",
          url: `${origin}/wp-content/uploads/2024/03/summit-logo.png`,
        },
        address: {
          "@type": "PostalAddress",
          streetAddress: s.street,
          addressLocality: s.city,
          addressRegion: s.region,
          postalCode: s.zip,
          addressCountry: "US",
        },
        areaServed: s.towns,
        openingHours: ["Mo-Fr 07:00-17:00"],
        aggregateRating: { "@type": "AggregateRating", ratingValue: "4.8", reviewCount: "143" },
        sameAs: [
          "https://www.facebook.com/summittreeboise",
          "https://www.youtube.com/@summittreeboise",
        ],
      },
    ],
  })}</script>`;
}

function layout(origin: string, p: Page, now: Date, main: string): string {
  const isPost = p.type === "post";
  return `<!DOCTYPE html>
<html lang="en-US">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="profile" href="https://gmpg.org/xfn/11">
<title>${p.title.replace(/&/g, "&amp;")}</title>
<meta name="description" content="${p.description}">
<meta name="robots" content="index, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1">
<link rel="canonical" href="${origin}${p.path}">
<meta property="og:locale" content="en_US">
<meta property="og:type" content="${isPost ? "article" : "website"}">
<meta property="og:title" content="${p.title.replace(/&/g, "&amp;")}">
<meta property="og:description" content="${p.description}">
<meta property="og:url" content="${origin}${p.path}">
<meta property="og:site_name" content="${s.name}">
<meta property="og:image" content="${origin}/wp-content/uploads/2024/03/crane-removal-1024x683.jpg">
${isPost ? `<meta property="article:published_time" content="${day(now, 9)}T15:04:11+00:00">` : ""}
<meta name="generator" content="WordPress 6.6.2">
${graph(origin, p)}
<link rel="alternate" type="application/rss+xml" title="${s.name} &raquo; Feed" href="${origin}/feed/">
<link rel="stylesheet" id="wp-block-library-css" href="/wp-includes/css/dist/block-library/style.min.css?ver=6.6.2" media="all">
<link rel="stylesheet" id="summit-style-css" href="/wp-content/themes/summit/style.css?ver=1.4.0" media="all">
<script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1" id="jquery-core-js" defer></script>
<script src="/wp-content/themes/summit/js/navigation.js?ver=1.4.0" id="summit-navigation-js" defer></script>
<link rel="https://api.w.org/" href="${origin}/wp-json/">
<link rel="icon" href="/wp-content/uploads/2024/03/cropped-icon-32x32.png" sizes="32x32">
</head>
<body class="${p.path === "/" ? "home page-template-default page" : isPost ? "post-template-default single single-post" : "page-template-default page"} wp-custom-logo">
<div id="page" class="site">
<a class="skip-link screen-reader-text" href="#primary">Skip to content</a>
<header id="masthead" class="site-header">
<div class="site-branding"><a href="${origin}/" class="custom-logo-link" rel="home"><img width="240" height="72" src="/wp-content/uploads/2024/03/summit-logo.png" class="custom-logo" alt="${s.name}" decoding="async"></a></div>
<div class="header-phone"><a href="tel:${s.tel}">${s.phone}</a> · 24/7 storm service</div>
<nav id="site-navigation" class="main-navigation" aria-label="Primary">
<ul id="primary-menu" class="menu">
<li class="menu-item"><a href="${origin}/tree-removal/">Tree Removal</a></li>
<li class="menu-item"><a href="${origin}/tree-trimming/">Tree Trimming</a></li>
<li class="menu-item"><a href="${origin}/stump-grinding/">Stump Grinding</a></li>
<li class="menu-item"><a href="${origin}/emergency-tree-service/">Emergency Service</a></li>
<li class="menu-item"><a href="${origin}/about-us/">About Us</a></li>
<li class="menu-item menu-button"><a href="${origin}/contact-us/">Free Estimate</a></li>
</ul>
</nav>
</header>
<main id="primary" class="site-main">
<article class="${isPost ? "post" : "page"} type-${isPost ? "post" : "page"} status-publish hentry">
<header class="entry-header"><h1 class="entry-title">${p.h1}</h1>${isPost ? `<div class="entry-meta"><span class="posted-on">Posted on <time class="entry-date published" datetime="${day(now, 9)}T15:04:11+00:00">${day(now, 9)}</time></span></div>` : ""}</header>
<div class="entry-content">
${main}
</div>
</article>
</main>
<footer id="colophon" class="site-footer">
<div class="footer-widgets">
<section class="widget"><h2 class="widget-title">${s.name}</h2>
<p>${s.street}<br>${s.city}, ${s.region} ${s.zip}<br><a href="tel:${s.tel}">${s.phone}</a></p>
<p>Monday to Friday 7:00 am to 5:00 pm · storm calls 24/7</p></section>
<section class="widget"><iframe title="Map of Summit Tree Care in Boise" src="https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d2889.1!2d-116.25!3d43.66" width="400" height="250" loading="lazy"></iframe></section>
<section class="widget"><a href="https://www.facebook.com/summittreeboise">Facebook</a> · <a href="https://www.youtube.com/@summittreeboise">YouTube</a></section>
</div>
<div class="site-info">Copyright © ${now.getUTCFullYear()} ${s.name}. All rights reserved. · Proudly powered by <a href="https://wordpress.org/">WordPress</a></div>
</footer>
</div>
</body>
</html>
`;
}

const figure = (src: string, alt: string, w: number, h: number) =>
  `<figure class="wp-block-image size-large"><img loading="lazy" decoding="async" width="${w}" height="${h}" src="${src}" alt="${alt}" class="wp-image-${w + h}" sizes="(max-width: ${w}px) 100vw, ${w}px"></figure>`;

function homeMain(origin: string, now: Date, post: Page): string {
  return `<p>Summit Tree Care takes down dangerous trees, trims and prunes the ones worth keeping and
grinds the stumps, across Boise and the Treasure Valley. Call <a href="tel:${s.tel}">${s.phone}</a>
for a free written estimate: an ISA certified arborist visits within two working days.</p>
${figure("/wp-content/uploads/2024/03/crane-removal-1024x683.jpg", "Crane removing a large cottonwood over a house in Boise", 1024, 683)}
<h2 class="wp-block-heading">Tree services</h2>
<ul class="wp-block-list">
<li><a href="${origin}/tree-removal/">Tree removal</a>: dead, leaning and storm-damaged trees, taken down in sections.</li>
<li><a href="${origin}/tree-trimming/">Tree trimming and pruning</a>: crown thinning, deadwood and clearance.</li>
<li><a href="${origin}/stump-grinding/">Stump grinding</a>: below grade, chips raked, hole filled.</li>
<li><a href="${origin}/emergency-tree-service/">Emergency tree service</a>: around the clock after storms.</li>
</ul>
${crewText}
${figure("/wp-content/uploads/2024/05/pruning-maple-768x512.jpg", "Arborist pruning a maple in Meridian", 768, 512)}
<h2 class="wp-block-heading">Reviews from our neighbours</h2>
<p>4.8 stars from 143 reviews on Google.</p>
<blockquote class="wp-block-quote"><p>“They took a huge cottonwood off our roof the morning after the storm and handled the insurance paperwork.”</p><cite>Rachel T., Eagle</cite></blockquote>
<blockquote class="wp-block-quote"><p>“Fair price, on time, and the yard was cleaner than before they came.”</p><cite>Mark D., Meridian</cite></blockquote>
<h2 class="wp-block-heading">Where we work</h2>
${areaText}
<h2 class="wp-block-heading">Request a free estimate</h2>
${cf7()}
<h2 class="wp-block-heading">Latest from our arborists</h2>
<p><a href="${origin}${post.path}">${post.h1}</a> <time datetime="${day(now, 9)}">${day(now, 9)}</time></p>`;
}

export function summitTreeSite({ origin, now }: { origin: string; now: Date }): SiteRoutes {
  const inner = pagesOf(now);
  const post = inner.at(-1)!;
  const pages: Record<string, Route> = {};
  pages["/"] = { body: layout(origin, home, now, homeMain(origin, now, post)) };
  for (const p of inner) {
    const extra =
      p.path === "/contact-us/"
        ? cf7()
        : p.type === "post"
          ? ""
          : figure(
              "/wp-content/uploads/2024/05/pruning-maple-768x512.jpg",
              "Arborist at work in Boise",
              768,
              512,
            );
    pages[p.path] = {
      body: layout(
        origin,
        p,
        now,
        `${p.content}\n${extra}\n${p.type !== "post" && /tree|stump/.test(p.path) ? priceText : ""}\n${crewText}\n<h2 class="wp-block-heading">Where we work</h2>\n${areaText}\n<p><a class="wp-block-button__link" href="${origin}/contact-us/">Get a free estimate</a> or call <a href="tel:${s.tel}">${s.phone}</a>.</p>`,
      ),
    };
  }
  // WordPress answers the address without its trailing slash with a redirect to it.
  for (const p of inner)
    pages[p.path.slice(0, -1)] = { status: 301, headers: { location: `${origin}${p.path}` } };
  pages["/robots.txt"] = {
    type: "text/plain; charset=utf-8",
    body: `User-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\n\nSitemap: ${origin}/sitemap_index.xml\n`,
  };
  const xml = (body: string): Route => ({ type: "application/xml; charset=UTF-8", body });
  pages["/sitemap_index.xml"] = xml(`<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>${origin}/page-sitemap.xml</loc><lastmod>${day(now, 9)}T15:04:11+00:00</lastmod></sitemap>
<sitemap><loc>${origin}/post-sitemap.xml</loc><lastmod>${day(now, 9)}T15:04:11+00:00</lastmod></sitemap>
</sitemapindex>`);
  pages["/page-sitemap.xml"] = xml(`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>${origin}/</loc><lastmod>${day(now, 9)}T15:04:11+00:00</lastmod></url>
${inner
  .filter((p) => p.type !== "post")
  .map(
    (p) =>
      `<url><loc>${origin}${p.path}</loc><lastmod>${day(now, 60)}T10:00:00+00:00</lastmod></url>`,
  )
  .join("\n")}
</urlset>`);
  pages["/post-sitemap.xml"] = xml(`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>${origin}${post.path}</loc><lastmod>${day(now, 9)}T15:04:11+00:00</lastmod></url>
</urlset>`);
  const css = (label: string, kb: number): Route => ({
    type: "text/css",
    body: `/* ${label} */\n${".wp-block{margin:0 0 1.5em}\n".repeat(Math.floor((kb * 1024) / 28))}`,
  });
  const js = (label: string, kb: number): Route => ({
    type: "application/javascript",
    body: `/* ${label} */\n${"void 0;\n".repeat(Math.floor((kb * 1024) / 8))}`,
  });
  Object.assign(pages, {
    "/wp-includes/css/dist/block-library/style.min.css": css("block library", 14),
    "/wp-content/themes/summit/style.css": css("Summit theme", 22),
    "/wp-includes/js/jquery/jquery.min.js": js("jQuery 3.7.1", 86),
    "/wp-content/themes/summit/js/navigation.js": js("navigation", 2),
    "/wp-content/uploads/2024/03/summit-logo.png": {
      type: "image/png",
      body: png(240, 72, 9 * 1024),
    },
    "/wp-content/uploads/2024/03/cropped-icon-32x32.png": { type: "image/png", body: png(32, 32) },
    "/wp-content/uploads/2024/03/crane-removal-1024x683.jpg": {
      type: "image/jpeg",
      body: jpeg(1024, 683, 148 * 1024),
    },
    "/wp-content/uploads/2024/05/pruning-maple-768x512.jpg": {
      type: "image/jpeg",
      body: jpeg(768, 512, 88 * 1024),
    },
    "/wp-json/": {
      type: "application/json; charset=UTF-8",
      body: JSON.stringify({ name: s.name, url: origin, namespaces: ["oembed/1.0", "wp/v2"] }),
    },
    "/feed/": {
      type: "application/rss+xml; charset=UTF-8",
      body: `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${s.name}</title><link>${origin}/</link></channel></rss>`,
    },
  } satisfies Record<string, Route>);
  return { pages };
}
