/**
 * Prairie Lawn & Landscape (Omaha, NE) on WordPress with Elementor: the page builder's nested
 * sections and widgets, an Elementor header and footer template, jQuery and jQuery Migrate
 * loaded in the head as WordPress does by default, Yoast's JSON-LD graph beside a local-SEO
 * plugin's business block, an Elementor Pro form, trailing-slash addresses.
 * Planted: the two jQuery scripts block the first paint; the footer template still says © 2022;
 * Yoast's description template gives every service page the same description.
 */
import type { Route } from "../../auditSites.ts";
import type { BuildContext, CorpusSite, SiteRoutes } from "../sites.ts";
import { day, esc, photo, picture, text, textFile, urlset } from "./kit.ts";

const p = {
  name: "Prairie Lawn & Landscape",
  phone: "(402) 555-0161",
  tel: "4025550161",
  street: "8702 Maple St",
  city: "Omaha",
  region: "NE",
  zip: "68134",
};
const sharedDescription =
  "Prairie Lawn & Landscape – Omaha's trusted lawn care and landscaping company since 2009. Call (402) 555-0161.";

interface Def {
  path: string;
  title: string;
  description: string;
  h1: string;
  body: string;
}

const widget = (type: string, inner: string) =>
  `<div class="elementor-element elementor-widget elementor-widget-${type}" data-widget_type="${type}.default"><div class="elementor-widget-container">${inner}</div></div>`;
const section = (id: string, inner: string) =>
  `<section class="elementor-section elementor-top-section elementor-element elementor-element-${id} elementor-section-boxed" data-id="${id}" data-element_type="section"><div class="elementor-container elementor-column-gap-default"><div class="elementor-column elementor-col-100 elementor-top-column" data-element_type="column"><div class="elementor-widget-wrap elementor-element-populated">${inner}</div></div></div></section>`;
const heading = (tag: string, textHtml: string) =>
  widget(
    "heading",
    `<${tag} class="elementor-heading-title elementor-size-default">${textHtml}</${tag}>`,
  );
const textEditor = (html: string) => widget("text-editor", html);
const button = (href: string, label: string) =>
  widget(
    "button",
    `<div class="elementor-button-wrapper"><a class="elementor-button elementor-button-link elementor-size-md" href="${href}"><span class="elementor-button-content-wrapper"><span class="elementor-button-text">${label}</span></span></a></div>`,
  );
const image = (src: string, w: number, h: number, alt: string) =>
  widget(
    "image",
    `<img fetchpriority="high" width="${w}" height="${h}" src="${src}" class="attachment-large size-large wp-image-${w}" alt="${esc(alt)}" decoding="async">`,
  );

const services: Def[] = [
  {
    path: "/lawn-care/",
    title: "Lawn Care & Mowing in Omaha, NE | Prairie Lawn & Landscape",
    description: sharedDescription,
    h1: "Lawn Care & Mowing in Omaha",
    body: `<p>Weekly mowing from April to October with sharp blades, string trimming and edging along every walk, and
blowing off the drive before we leave. Our six-step fertilizer and weed control program is timed for Omaha's
cool-season bluegrass and fescue, and we core aerate and overseed every September, when the grass grows back
thickest.</p>
<p>Every lawn gets the same two-person crew on the same weekday, and you get a text the evening before.</p>`,
  },
  {
    path: "/landscaping/",
    title: "Landscape Design & Installation in Omaha | Prairie Lawn",
    description: sharedDescription,
    h1: "Landscaping in Omaha",
    body: `<p>From a new front bed to a complete backyard, we draw a plan, choose plants that survive Nebraska
winters and August heat, and install everything with our own crews: soil prep with compost, steel edging,
shrubs, perennials, trees, rock or mulch, and landscape lighting. Every plant we install carries a one-year
warranty.</p>`,
  },
  {
    path: "/sprinkler-systems/",
    title: "Sprinkler Systems & Repair in Omaha | Prairie Lawn",
    description: sharedDescription,
    h1: "Sprinkler Systems in Omaha",
    body: `<p>New sprinkler systems, repairs and seasonal service. We start your system up in April, check every
zone and head, fix leaks and broken heads, and blow it out with compressed air in October before the first
hard freeze. Smart controllers that skip a cycle when it rains cut water bills by a quarter.</p>`,
  },
  {
    path: "/snow-removal/",
    title: "Snow Removal in Omaha & Papillion | Prairie Lawn",
    description: sharedDescription,
    h1: "Snow Removal in Omaha",
    body: `<p>Our lawn customers get first call on snow plowing and shoveling all winter: drives and walks cleared
after two inches, steps and sidewalks salted, and a second visit when the city plow buries the end of your
driveway. Seasonal contracts are a fixed monthly price from November to March.</p>`,
  },
];

const about: Def = {
  path: "/about-us/",
  title: "About Prairie Lawn & Landscape | Omaha Since 2009",
  description: sharedDescription,
  h1: "About Prairie Lawn & Landscape",
  body: `<p>Jake and Erin Novak started Prairie Lawn in 2009 with one truck and twenty lawns in Millard. Today
fourteen people work here year round, mowing, planting and plowing across the metro. We are licensed by the
Nebraska Department of Agriculture for lawn treatments and fully insured.</p>`,
};
const contact: Def = {
  path: "/contact-us/",
  title: "Contact Prairie Lawn & Landscape | Free Quote in Omaha",
  description: sharedDescription,
  h1: "Get a Free Quote",
  body: `<p>Call <a href="tel:${p.tel}">${p.phone}</a> or fill out the form and we will get back to you the same
business day. Office hours are Monday through Friday, 7:30 am to 5:00 pm.</p>`,
};
const post = (date: string): Def => ({
  path: "/blog/fall-aeration-omaha/",
  title: "Why Fall Is the Best Time to Aerate Your Omaha Lawn",
  description:
    "Core aeration and overseeding in September gives Omaha lawns thicker turf by spring. Here is why, and how we do it.",
  h1: "Why Fall Is the Best Time to Aerate Your Omaha Lawn",
  body: `<p class="post-meta">Posted on <time class="entry-date published" datetime="${date}T09:00:00-05:00">${date}</time></p>
<p>Cool-season grasses grow roots in fall, so holes pulled in September fill with new roots instead of
crabgrass. Water the day before we come, mow a little short, and mark your sprinkler heads with flags.</p>`,
});

function form(): string {
  return widget(
    "form",
    `<form class="elementor-form" method="post" name="Quote Form">
<input type="hidden" name="post_id" value="12"><input type="hidden" name="form_id" value="4f1c2a7">
<div class="elementor-form-fields-wrapper elementor-labels-above">
<div class="elementor-field-group elementor-column elementor-field-type-text"><label for="form-field-name" class="elementor-field-label">Name</label><input size="1" type="text" name="form_fields[name]" id="form-field-name" class="elementor-field elementor-size-sm elementor-field-textual" placeholder="Name" required="required"></div>
<div class="elementor-field-group elementor-column elementor-field-type-tel"><label for="form-field-phone" class="elementor-field-label">Phone</label><input size="1" type="tel" name="form_fields[phone]" id="form-field-phone" class="elementor-field elementor-size-sm elementor-field-textual" placeholder="Phone"></div>
<div class="elementor-field-group elementor-column elementor-field-type-email"><label for="form-field-email" class="elementor-field-label">Email</label><input size="1" type="email" name="form_fields[email]" id="form-field-email" class="elementor-field elementor-size-sm elementor-field-textual" placeholder="Email"></div>
<div class="elementor-field-group elementor-column elementor-field-type-textarea"><label for="form-field-message" class="elementor-field-label">How can we help?</label><textarea class="elementor-field-textual elementor-field elementor-size-sm" name="form_fields[message]" id="form-field-message" rows="4"></textarea></div>
<div class="elementor-field-group elementor-column elementor-field-type-submit"><button type="submit" class="elementor-button elementor-size-sm"><span class="elementor-button-text">Send My Request</span></button></div>
</div></form>`,
  );
}

function page(c: BuildContext, d: Def, extraHead = ""): string {
  const url = `${c.origin}${d.path}`;
  return `<!DOCTYPE html>
<html lang="en-US">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(d.title)}</title>
<!-- This site is optimized with the Yoast SEO plugin v23.8 - https://yoast.com/wordpress/plugins/seo/ -->
<meta name="description" content="${esc(d.description)}">
<link rel="canonical" href="${url}">
<meta property="og:locale" content="en_US">
<meta property="og:type" content="website">
<meta property="og:title" content="${esc(d.title)}">
<meta property="og:description" content="${esc(d.description)}">
<meta property="og:url" content="${url}">
<meta property="og:site_name" content="${esc(p.name)}">
<meta property="og:image" content="${c.origin}/wp-content/uploads/2025/04/prairie-hero-1024x683.jpg">
<script type="application/ld+json" class="yoast-schema-graph">{"@context":"https://schema.org","@graph":[{"@type":"WebPage","@id":"${url}","url":"${url}","name":"${esc(d.title)}","isPartOf":{"@id":"${c.origin}/#website"}},{"@type":"WebSite","@id":"${c.origin}/#website","url":"${c.origin}/","name":"${esc(p.name)}","publisher":{"@id":"${c.origin}/#organization"}},{"@type":"Organization","@id":"${c.origin}/#organization","name":"${esc(p.name)}","url":"${c.origin}/","logo":{"@type":"ImageObject","url":"${c.origin}/wp-content/uploads/2024/02/prairie-logo.png"},"sameAs":["https://www.facebook.com/prairielawnomaha"]}]}</script>
<!-- / Yoast SEO plugin. -->
<link rel="stylesheet" id="hello-elementor-css" href="${c.origin}/wp-content/themes/hello-elementor/style.min.css?ver=3.1.1" media="all">
<link rel="stylesheet" id="elementor-frontend-css" href="${c.origin}/wp-content/plugins/elementor/assets/css/frontend.min.css?ver=3.24.7" media="all">
<link rel="stylesheet" id="elementor-post-12-css" href="${c.origin}/wp-content/uploads/elementor/css/post-12.css?ver=1731090000" media="all">
<link rel="stylesheet" id="google-fonts-1-css" href="https://fonts.googleapis.com/css?family=Roboto%3A400%2C700&amp;display=swap&amp;ver=6.6.2" media="all">
<script src="${c.origin}/wp-includes/js/jquery/jquery.min.js?ver=3.7.1" id="jquery-core-js"></script>
<script src="${c.origin}/wp-includes/js/jquery/jquery-migrate.min.js?ver=3.4.1" id="jquery-migrate-js"></script>
<link rel="https://api.w.org/" href="${c.origin}/wp-json/">
<meta name="generator" content="WordPress 6.6.2">
<meta name="generator" content="Elementor 3.24.7; features: additional_custom_breakpoints; settings: css_print_method-external">
${extraHead}
</head>
<body class="home page-template-default page page-id-12 wp-custom-logo elementor-default elementor-kit-5 elementor-page elementor-page-12">
<a class="skip-link screen-reader-text" href="#content">Skip to content</a>
<header data-elementor-type="header" data-elementor-id="88" class="elementor elementor-88 elementor-location-header">
${section(
  "3a1f0c2",
  `${widget("theme-site-logo", `<a href="${c.origin}/"><img width="240" height="80" src="${c.origin}/wp-content/uploads/2024/02/prairie-logo.png" alt="Prairie Lawn &amp; Landscape"></a>`)}
${widget(
  "nav-menu",
  `<nav class="elementor-nav-menu--main elementor-nav-menu__container" aria-label="Menu"><ul id="menu-1-main" class="elementor-nav-menu">
<li class="menu-item"><a href="${c.origin}/lawn-care/" class="elementor-item">Lawn Care</a></li>
<li class="menu-item"><a href="${c.origin}/landscaping/" class="elementor-item">Landscaping</a></li>
<li class="menu-item"><a href="${c.origin}/sprinkler-systems/" class="elementor-item">Sprinklers</a></li>
<li class="menu-item"><a href="${c.origin}/snow-removal/" class="elementor-item">Snow Removal</a></li>
<li class="menu-item"><a href="${c.origin}/about-us/" class="elementor-item">About</a></li>
<li class="menu-item"><a href="${c.origin}/contact-us/" class="elementor-item">Contact</a></li>
</ul></nav>`,
)}
${widget("icon-list", `<ul class="elementor-icon-list-items elementor-inline-items"><li class="elementor-icon-list-item"><a href="tel:${p.tel}"><span class="elementor-icon-list-icon"><i aria-hidden="true" class="fas fa-phone-alt"></i></span><span class="elementor-icon-list-text">${p.phone}</span></a></li></ul>`)}
${button(`${c.origin}/contact-us/`, "Free Quote")}`,
)}
</header>
<main id="content" class="site-main post-12 page type-page status-publish hentry">
<div data-elementor-type="wp-page" data-elementor-id="12" class="elementor elementor-12">
${d.body}
</div>
</main>
<footer data-elementor-type="footer" data-elementor-id="91" class="elementor elementor-91 elementor-location-footer">
${section(
  "77e0b1d",
  `${heading("h4", "Prairie Lawn &amp; Landscape")}
${textEditor(`<p>${p.street}<br>${p.city}, ${p.region} ${p.zip}<br><a href="tel:${p.tel}">${p.phone}</a></p><p>Mon – Fri: 7:30 am – 5:00 pm</p>`)}
${widget("social-icons", `<div class="elementor-social-icons-wrapper elementor-grid"><span class="elementor-grid-item"><a class="elementor-icon elementor-social-icon elementor-social-icon-facebook" href="https://www.facebook.com/prairielawnomaha" target="_blank"><span class="elementor-screen-only">Facebook</span><i class="fab fa-facebook"></i></a></span><span class="elementor-grid-item"><a class="elementor-icon elementor-social-icon elementor-social-icon-instagram" href="https://www.instagram.com/prairielawnomaha" target="_blank"><span class="elementor-screen-only">Instagram</span><i class="fab fa-instagram"></i></a></span></div>`)}
${textEditor(`<p><a href="https://maps.google.com/?cid=1234567890123456789">Get directions</a></p><p>Copyright © 2022 Prairie Lawn &amp; Landscape. All Rights Reserved.</p>`)}`,
)}
</footer>
<script src="${c.origin}/wp-content/plugins/elementor/assets/js/frontend.min.js?ver=3.24.7" id="elementor-frontend-js" defer></script>
</body>
</html>
`;
}

function homeBody(c: BuildContext): string {
  const u = `${c.origin}/wp-content/uploads`;
  return `${section(
    "5c0d8e1",
    `${heading("h1", "Lawn Care &amp; Landscaping in Omaha, NE")}
${textEditor(`<p>Prairie Lawn &amp; Landscape keeps Omaha yards looking their best from the first mow in April to the
last snow in March. We are a family-owned, licensed and fully insured crew of fourteen, and we have served
homeowners in Omaha, Papillion, La Vista, Bellevue and Elkhorn since 2009.</p>`)}
${button(`${c.origin}/contact-us/`, "Get a Free Estimate")}
${image(`${u}/2025/04/prairie-hero-1024x683.jpg`, 1024, 683, "Striped lawn and fresh mulch beds at an Elkhorn home")}`,
  )}
${section(
  "9b2e4f7",
  `${heading("h2", "Our Services")}
${textEditor(`<ul>
<li><a href="${c.origin}/lawn-care/">Lawn care and mowing</a>: weekly mowing, edging, fertilizer and weed control, aeration and overseeding.</li>
<li><a href="${c.origin}/landscaping/">Landscaping</a>: new beds, plantings, rock and mulch, retaining walls and landscape lighting.</li>
<li><a href="${c.origin}/sprinkler-systems/">Sprinkler systems</a>: installation, repairs, spring start-up and fall blowouts.</li>
<li><a href="${c.origin}/snow-removal/">Snow removal</a>: driveways, walks and steps cleared and salted all winter.</li>
</ul>
<p>One company for the whole year means one phone number to call and one crew that knows your property. We
mow on the same weekday every week, and we notice the things a mow-and-go service misses: a sprinkler head that
sprays the street, grubs under a brown patch, a tree limb hanging over the roof. You get a photo and a note, not
a surprise on the bill.</p>`)}
${image(`${u}/2025/05/patio-planting-768x512.jpg`, 768, 512, "New perennial bed and boulder wall beside a patio in Papillion")}`,
)}
${section(
  "2d7a913",
  `${heading("h2", "What Our Customers Say")}
${textEditor(`<p>Rated 4.9 out of 5 from 212 Google reviews.</p>
<blockquote>“Prairie Lawn has mowed our yard every Wednesday for five years and they have never once missed
a week. Our lawn is the best on the block.” – Karen D., Elkhorn</blockquote>
<blockquote>“They redid our front beds and installed a drip line. Fair price and they were done in two days.”
– Marcus T., Papillion</blockquote>`)}`,
)}
${section(
  "6f3c2b8",
  `${heading("h2", "Why Omaha Homeowners Choose Us")}
${textEditor(`<ul><li>Licensed by the Nebraska Department of Agriculture and fully insured</li><li>Family owned since 2009</li><li>100% satisfaction guarantee on every visit</li><li>Same crew, same day, every week</li></ul>
<p>We proudly serve Omaha, Papillion, La Vista, Bellevue, Elkhorn and Gretna. Not sure if you are in our area?
Call us and ask.</p>`)}`,
)}
${section(
  "8e4d5a0",
  `${heading("h2", "Request Your Free Quote")}
${textEditor("<p>Tell us a little about your yard and we will call you back the same business day with a quote.</p>")}
${form()}`,
)}
${section(
  "1c9f6e2",
  `${heading("h2", "From the Blog")}
${textEditor(`<p><a href="${c.origin}/blog/fall-aeration-omaha/">Why fall is the best time to aerate your Omaha lawn</a></p>`)}`,
)}`;
}

const businessJsonLd = (c: BuildContext) =>
  `<script type="application/ld+json">{"@context":"https://schema.org","@type":"HomeAndConstructionBusiness","name":"${p.name}","url":"${c.origin}/","telephone":"+1 402-555-0161","image":"${c.origin}/wp-content/uploads/2025/04/prairie-hero-1024x683.jpg","priceRange":"$$","address":{"@type":"PostalAddress","streetAddress":"${p.street}","addressLocality":"${p.city}","addressRegion":"${p.region}","postalCode":"${p.zip}","addressCountry":"US"},"areaServed":["Omaha","Papillion","La Vista","Bellevue","Elkhorn","Gretna"],"openingHours":"Mo-Fr 07:30-17:00"}</script>`;

function build(c: BuildContext): SiteRoutes {
  const postDate = day(c.now, 24);
  const innerDefs = [...services, about, contact, post(postDate)];
  const pages: Record<string, Route> = {};
  const home: Def = {
    path: "/",
    title: "Lawn Care & Landscaping in Omaha, NE | Prairie Lawn & Landscape",
    description:
      "Weekly mowing, fertilizer, landscaping, sprinkler service and snow removal in Omaha, Papillion and Elkhorn. Family owned since 2009. Free quotes.",
    h1: "",
    body: homeBody(c),
  };
  pages["/"] = { body: page(c, home, businessJsonLd(c)) };
  for (const d of innerDefs) {
    const body = `${section("a0b1c2d", `${heading("h1", esc(d.h1))}${textEditor(d.body)}${d === contact ? form() : button(`${c.origin}/contact-us/`, "Get a Free Quote")}`)}`;
    pages[d.path] = { body: page(c, { ...d, body }) };
    // WordPress sends the slash-less address to the canonical one.
    pages[d.path.replace(/\/$/, "")] = {
      status: 301,
      headers: { location: `${c.origin}${d.path}` },
      body: "",
    };
  }
  pages["/robots.txt"] = text(
    `User-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\n\nSitemap: ${c.origin}/sitemap.xml\n`,
  );
  pages["/sitemap.xml"] = urlset([
    { loc: `${c.origin}/`, lastmod: day(c.now, 9) },
    ...innerDefs.map((d) => ({
      loc: `${c.origin}${d.path}`,
      lastmod: d.path.startsWith("/blog/") ? postDate : day(c.now, 60),
    })),
  ]);
  Object.assign(pages, {
    "/wp-content/uploads/2024/02/prairie-logo.png": picture(240, 80, 9),
    "/wp-content/uploads/2025/04/prairie-hero-1024x683.jpg": photo(1024, 683, 148),
    "/wp-content/uploads/2025/05/patio-planting-768x512.jpg": photo(768, 512, 92),
    "/wp-content/themes/hello-elementor/style.min.css": textFile("text/css", "hello", 6),
    "/wp-content/plugins/elementor/assets/css/frontend.min.css": textFile(
      "text/css",
      "elementor",
      58,
    ),
    "/wp-content/uploads/elementor/css/post-12.css": textFile("text/css", "post-12", 9),
    "/wp-includes/js/jquery/jquery.min.js": textFile("text/javascript", "jQuery v3.7.1", 85),
    "/wp-includes/js/jquery/jquery-migrate.min.js": textFile(
      "text/javascript",
      "jQuery Migrate",
      13,
    ),
    "/wp-content/plugins/elementor/assets/js/frontend.min.js": textFile(
      "text/javascript",
      "elementor",
      42,
    ),
  });
  return { pages };
}

export const prairieLawn: CorpusSite = {
  id: "blind-elementor-lawn",
  about:
    "Prairie Lawn & Landscape, Omaha NE, on WordPress + Elementor: jQuery and jQuery Migrate in the head without defer, a footer template left at © 2022, one Yoast description template on every inner page",
  scheme: "https",
  build,
  fail: {
    "render-blocking":
      "WordPress's jQuery and jQuery Migrate (98 KB) load in the head without defer: the phone waits for them before showing anything",
    "copyright-year": "every page's footer says © 2022: the site looks left alone",
    "duplicate-descriptions":
      "the four service pages, the about and the contact page all carry the same site-wide description",
  },
};
