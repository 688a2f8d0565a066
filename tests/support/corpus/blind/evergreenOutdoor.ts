/**
 * Evergreen Outdoor Living (Raleigh, NC) on WordPress with the Astra theme and the block
 * editor: wp-block-* markup, Astra's header and footer widgets, WPForms, Rank Math's JSON-LD.
 * The company renamed itself from 'Evergreen Landscaping Co.'; the site's text, title and logo
 * say the new name everywhere.
 * Planted: the business JSON-LD (a local-SEO plugin's settings, never updated) still names
 * 'Evergreen Landscaping Co.', a name no page shows; the menu links to a portfolio page that
 * was deleted (404).
 */
import type { Route } from "../../auditSites.ts";
import type { BuildContext, CorpusSite, SiteRoutes } from "../sites.ts";
import { day, esc, photo, picture, text, textFile, urlset } from "./kit.ts";

const e = {
  name: "Evergreen Outdoor Living",
  oldName: "Evergreen Landscaping Co.",
  phone: "(919) 555-0124",
  tel: "+19195550124",
  street: "815 Hillsborough St",
  city: "Raleigh",
  region: "NC",
  zip: "27603",
};

interface Def {
  path: string;
  title: string;
  description: string;
  h1: string;
  content: string;
}

const wpForm = (
  id: number,
) => `<div class="wpforms-container wpforms-container-full" id="wpforms-${id}"><form id="wpforms-form-${id}" class="wpforms-validate wpforms-form" data-formid="${id}" method="post" enctype="multipart/form-data" action="/contact/">
<div class="wpforms-field-container">
<div id="wpforms-${id}-field_0-container" class="wpforms-field wpforms-field-name" data-field-id="0"><label class="wpforms-field-label" for="wpforms-${id}-field_0">Name <span class="wpforms-required-label">*</span></label><input type="text" id="wpforms-${id}-field_0" class="wpforms-field-large wpforms-field-required" name="wpforms[fields][0]" required></div>
<div id="wpforms-${id}-field_1-container" class="wpforms-field wpforms-field-email" data-field-id="1"><label class="wpforms-field-label" for="wpforms-${id}-field_1">Email <span class="wpforms-required-label">*</span></label><input type="email" id="wpforms-${id}-field_1" class="wpforms-field-large wpforms-field-required" name="wpforms[fields][1]" spellcheck="false" required></div>
<div id="wpforms-${id}-field_3-container" class="wpforms-field wpforms-field-phone" data-field-id="3"><label class="wpforms-field-label" for="wpforms-${id}-field_3">Phone</label><input type="tel" id="wpforms-${id}-field_3" class="wpforms-field-large wpforms-smart-phone-field" name="wpforms[fields][3]"></div>
<div id="wpforms-${id}-field_2-container" class="wpforms-field wpforms-field-textarea" data-field-id="2"><label class="wpforms-field-label" for="wpforms-${id}-field_2">Tell us about your project</label><textarea id="wpforms-${id}-field_2" class="wpforms-field-medium" name="wpforms[fields][2]"></textarea></div>
</div>
<div class="wpforms-submit-container"><input type="hidden" name="wpforms[id]" value="${id}"><button type="submit" name="wpforms[submit]" id="wpforms-submit-${id}" class="wpforms-submit" value="wpforms-submit">Request a Free Design Consultation</button></div>
</form></div>`;

function layout(c: BuildContext, d: Def, head = ""): string {
  const url = `${c.origin}${d.path}`;
  const item = (path: string, label: string) =>
    `<li class="menu-item menu-item-type-post_type menu-item-object-page"><a href="${c.origin}${path}" class="menu-link">${label}</a></li>`;
  return `<!DOCTYPE html>
<html lang="en-US">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="profile" href="https://gmpg.org/xfn/11">
<!-- Search Engine Optimization by Rank Math - https://rankmath.com/ -->
<title>${esc(d.title)}</title>
<meta name="description" content="${esc(d.description)}"/>
<meta name="robots" content="follow, index, max-snippet:-1, max-video-preview:-1, max-image-preview:large"/>
<link rel="canonical" href="${url}" />
<meta property="og:locale" content="en_US" />
<meta property="og:type" content="website" />
<meta property="og:title" content="${esc(d.title)}" />
<meta property="og:description" content="${esc(d.description)}" />
<meta property="og:url" content="${url}" />
<meta property="og:site_name" content="${esc(e.name)}" />
<meta property="og:image" content="${c.origin}/wp-content/uploads/2025/03/evergreen-patio-1200x800.jpg" />
<script type="application/ld+json" class="rank-math-schema">{"@context":"https://schema.org","@graph":[{"@type":"WebSite","@id":"${c.origin}/#website","url":"${c.origin}","name":"${esc(e.name)}","inLanguage":"en-US"},{"@type":"WebPage","@id":"${url}#webpage","url":"${url}","name":"${esc(d.title)}","isPartOf":{"@id":"${c.origin}/#website"}}]}</script>
<!-- /Rank Math WordPress SEO plugin -->
<link rel='stylesheet' id='astra-theme-css-css' href='${c.origin}/wp-content/themes/astra/assets/css/minified/main.min.css?ver=4.8.3' media='all' />
<link rel='stylesheet' id='wp-block-library-css' href='${c.origin}/wp-includes/css/dist/block-library/style.min.css?ver=6.6.2' media='all' />
<link rel='stylesheet' id='wpforms-full-css' href='${c.origin}/wp-content/plugins/wpforms-lite/assets/css/frontend/classic/wpforms-full.min.css?ver=1.9.1' media='all' />
${head}
</head>
<body itemtype='https://schema.org/WebPage' itemscope='itemscope' class="page-template-default page ast-single-post ast-inherit-site-logo-transparent ast-theme-transparent-header ast-desktop ast-plain-container ast-no-sidebar astra-4.8.3">
<a class="skip-link screen-reader-text" href="#content" title="Skip to content">Skip to content</a>
<div class="hfeed site" id="page">
<header class="site-header header-main-layout-1 ast-primary-menu-enabled ast-logo-title-inline ast-hide-custom-menu-mobile ast-builder-menu-toggle-icon ast-mobile-header-inline" id="masthead" itemtype="https://schema.org/WPHeader" itemscope="itemscope" itemid="#masthead">
<div class="ast-main-header-wrap main-header-bar-wrap"><div class="ast-primary-header-bar ast-primary-header main-header-bar site-header-focus-item"><div class="site-primary-header-wrap ast-builder-grid-row-container site-header-focus-item ast-container">
<div class="site-branding ast-site-identity" itemtype="https://schema.org/Organization" itemscope="itemscope"><span class="site-logo-img"><a href="${c.origin}/" class="custom-logo-link" rel="home"><img width="220" height="70" src="${c.origin}/wp-content/uploads/2025/01/evergreen-outdoor-living-logo.png" class="custom-logo" alt="Evergreen Outdoor Living" decoding="async"></a></span></div>
<div class="ast-builder-menu-1 ast-builder-menu ast-flex ast-builder-menu-1-focus-item ast-builder-layout-element site-header-focus-item" data-section="section-hb-menu-1"><div class="ast-main-header-bar-alignment"><div class="main-header-bar-navigation"><nav class="site-navigation ast-flex-grow-1 navigation-accessibility site-header-focus-item" id="primary-site-navigation-desktop" aria-label="Site Navigation" itemtype="https://schema.org/SiteNavigationElement" itemscope="itemscope"><div class="main-navigation ast-inline-flex"><ul id="ast-hf-menu-1" class="main-header-menu ast-menu-shadow ast-nav-menu ast-flex submenu-with-border stack-on-mobile">
${item("/landscape-design/", "Landscape Design")}${item("/hardscaping/", "Patios &amp; Hardscaping")}${item("/outdoor-lighting/", "Outdoor Lighting")}${item("/lawn-maintenance/", "Lawn Maintenance")}${item("/portfolio/", "Portfolio")}${item("/about/", "About")}${item("/contact/", "Contact")}
</ul></div></nav></div></div></div>
<div class="ast-builder-layout-element ast-flex site-header-focus-item ast-header-html-1" data-section="section-hb-html-1"><div class="ast-header-html inner-link-style-"><div class="ast-builder-html-element"><p><a href="tel:${e.tel}">Call ${e.phone}</a></p></div></div></div>
<div class="ast-builder-layout-element ast-flex site-header-focus-item ast-header-button-1" data-section="section-hb-button-1"><div class="ast-builder-button-wrap ast-builder-button-size-"><a class="ast-custom-button-link" href="${c.origin}/contact/"><div class="ast-custom-button">Free Consultation</div></a></div></div>
</div></div></div>
</header>
<div id="content" class="site-content"><div class="ast-container"><div id="primary" class="content-area primary"><main id="main" class="site-main"><article class="post-2 page type-page status-publish ast-article-single" id="post-2" itemtype="https://schema.org/CreativeWork" itemscope="itemscope">
<header class="entry-header ast-no-thumbnail"><h1 class="entry-title" itemprop="headline">${esc(d.h1)}</h1></header>
<div class="entry-content clear" data-ast-blocks-layout="true" itemprop="text">
${d.content}
</div>
</article></main></div></div></div>
<footer class="site-footer" id="colophon" itemtype="https://schema.org/WPFooter" itemscope="itemscope" itemid="#colophon">
<div class="site-primary-footer-wrap ast-builder-grid-row-container site-footer-focus-item ast-builder-grid-row-3-equal ast-builder-grid-row-tablet-3-equal ast-builder-grid-row-mobile-full ast-footer-row-stack ast-footer-row-tablet-stack ast-footer-row-mobile-stack" data-section="section-primary-footer-builder"><div class="ast-builder-grid-row-container-inner"><div class="ast-builder-footer-grid-columns site-primary-footer-inner-wrap ast-builder-grid-row">
<div class="site-footer-primary-section-1 site-footer-section site-footer-section-1"><aside class="footer-widget-area widget-area site-footer-focus-item footer-widget-area-inner" data-section="sidebar-widgets-footer-widget-1" aria-label="Footer Widget 1"><section id="block-7" class="widget widget_block"><h2 class="wp-block-heading">${esc(e.name)}</h2><p>${e.street}<br>${e.city}, ${e.region} ${e.zip}<br><a href="tel:${e.tel}">${e.phone}</a></p></section></aside></div>
<div class="site-footer-primary-section-2 site-footer-section site-footer-section-2"><aside class="footer-widget-area widget-area" aria-label="Footer Widget 2"><section id="block-8" class="widget widget_block"><p>Monday – Friday: 8:00 am – 5:00 pm<br>Saturday: by appointment</p><p><a href="https://www.google.com/maps/place/815+Hillsborough+St,+Raleigh,+NC+27603">Get directions</a></p></section></aside></div>
<div class="site-footer-primary-section-3 site-footer-section site-footer-section-3"><aside class="footer-widget-area widget-area" aria-label="Footer Widget 3"><section id="block-9" class="widget widget_block"><ul class="wp-block-social-links"><li class="wp-social-link wp-social-link-facebook wp-block-social-link"><a href="https://www.facebook.com/evergreenoutdoorliving" class="wp-block-social-link-anchor"><span class="wp-block-social-link-label screen-reader-text">Facebook</span></a></li><li class="wp-social-link wp-social-link-instagram wp-block-social-link"><a href="https://www.instagram.com/evergreenoutdoorliving" class="wp-block-social-link-anchor"><span class="wp-block-social-link-label screen-reader-text">Instagram</span></a></li><li class="wp-social-link wp-social-link-houzz wp-block-social-link"><a href="https://www.houzz.com/pro/evergreenoutdoorliving" class="wp-block-social-link-anchor"><span class="wp-block-social-link-label screen-reader-text">Houzz</span></a></li></ul></section></aside></div>
</div></div></div>
<div class="site-below-footer-wrap ast-builder-grid-row-container site-footer-focus-item ast-builder-grid-row-full ast-builder-grid-row-tablet-full ast-builder-grid-row-mobile-full ast-footer-row-stack ast-footer-row-tablet-stack ast-footer-row-mobile-stack" data-section="section-below-footer-builder"><div class="ast-builder-grid-row-container-inner"><div class="site-footer-below-section-1 site-footer-section site-footer-section-1"><div class="ast-footer-copyright"><p>Copyright © ${c.now.getUTCFullYear()} ${esc(e.name)} | Powered by ${esc(e.name)}</p></div></div></div></div>
</footer>
</div>
<script id="astra-theme-js-js" src="${c.origin}/wp-content/themes/astra/assets/js/minified/frontend.min.js?ver=4.8.3" defer></script>
</body>
</html>
`;
}

function build(c: BuildContext): SiteRoutes {
  const u = `${c.origin}/wp-content/uploads`;
  const posted = day(c.now, 51);
  const localJsonLd = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"LandscapingBusiness","name":"${e.oldName}","image":"${u}/2025/03/evergreen-patio-1200x800.jpg","telephone":"+1-919-555-0124","url":"${c.origin}/","address":{"@type":"PostalAddress","streetAddress":"${e.street}","addressLocality":"${e.city}","addressRegion":"${e.region}","postalCode":"${e.zip}","addressCountry":"US"},"areaServed":["Raleigh","Cary","Apex","Wake Forest","Garner"],"openingHoursSpecification":{"@type":"OpeningHoursSpecification","dayOfWeek":["Monday","Tuesday","Wednesday","Thursday","Friday"],"opens":"08:00","closes":"17:00"},"aggregateRating":{"@type":"AggregateRating","ratingValue":"4.9","reviewCount":"97"}}</script>`;
  const block = (html: string) => html;
  const home: Def = {
    path: "/",
    title: "Landscape Design & Patios in Raleigh, NC | Evergreen Outdoor Living",
    description:
      "Landscape design, patios, outdoor lighting and lawn maintenance in Raleigh, Cary and Apex. Design-build by Evergreen Outdoor Living, licensed NC landscape contractors.",
    h1: "Landscape design and outdoor living in Raleigh, NC",
    content:
      block(`<p>Evergreen Outdoor Living designs and builds the backyards Raleigh families actually use: paver patios
and fire pits, native planting that survives a Carolina August, low-voltage lighting for long evenings, and the
weekly care that keeps it all looking new. We are licensed North Carolina landscape contractors, fully insured,
and family owned since 2007.</p>
<figure class="wp-block-image size-large"><img fetchpriority="high" decoding="async" width="1024" height="683" src="${u}/2025/03/evergreen-patio-1024x683.jpg" alt="Paver patio with a fire pit and lighting in a Cary backyard" class="wp-image-211"></figure>
<h2 class="wp-block-heading">What we build</h2>
<div class="wp-block-columns is-layout-flex"><div class="wp-block-column"><h3 class="wp-block-heading"><a href="${c.origin}/landscape-design/">Landscape design</a></h3><p>A drawn plan, a plant list and a fixed price before any digging starts.</p></div>
<div class="wp-block-column"><h3 class="wp-block-heading"><a href="${c.origin}/hardscaping/">Patios and hardscaping</a></h3><p>Paver and flagstone patios, seat walls, fire pits and retaining walls built on a proper base.</p></div>
<div class="wp-block-column"><h3 class="wp-block-heading"><a href="${c.origin}/outdoor-lighting/">Outdoor lighting</a></h3><p>Warm LED path, wall and tree lighting on a timer, with a transferable warranty.</p></div>
<div class="wp-block-column"><h3 class="wp-block-heading"><a href="${c.origin}/lawn-maintenance/">Lawn maintenance</a></h3><p>Weekly mowing, bed care and seasonal color for the yards we build and many we did not.</p></div></div>
<p>Every project starts with a free consultation at your home. A designer walks the yard with you, listens to how
you want to use it, checks drainage and sun, and follows up with a plan you can keep. When you approve the price,
our own crews build it: no subcontractors, and one project manager from the first stake to the final walkthrough.
Raleigh's red clay is hard on patios and plants, so we dig deeper, compact harder and amend every bed, and we
stand behind our work with a five-year warranty on hardscapes.</p>
<h2 class="wp-block-heading">Reviews from Raleigh homeowners</h2>
<blockquote class="wp-block-quote"><p>“From design to the last light fixture, Evergreen was professional and on schedule. Our patio is where we live
now.” – Priya and Sam, Apex</p></blockquote>
<blockquote class="wp-block-quote"><p>“They fixed the drainage problem two other companies could not.” – Greg M., Raleigh</p></blockquote>
<p>We proudly serve Raleigh, Cary, Apex, Wake Forest and Garner.</p>
<h2 class="wp-block-heading">Request a free design consultation</h2>
${wpForm(118)}
<p>From our blog: <a href="${c.origin}/blog/best-native-plants-raleigh/">The best native plants for Raleigh yards</a></p>`),
  };
  const svc = (path: string, title: string, description: string, h1: string, p: string): Def => ({
    path,
    title,
    description,
    h1,
    content: `<p>${p}</p><div class="wp-block-buttons"><div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="${c.origin}/contact/">Request a free consultation</a></div></div>`,
  });
  const inner: Def[] = [
    svc(
      "/landscape-design/",
      "Landscape Design in Raleigh, NC | Evergreen Outdoor Living",
      "Landscape design in Raleigh and Cary: a drawn plan, native plants and a fixed price, built by our own crews.",
      "Landscape design in Raleigh",
      "Our designers draw a plan for your whole yard, choose plants that thrive in Raleigh's clay and heat, and give you a fixed price before we start. Our own crews install every plant, bed and path.",
    ),
    svc(
      "/hardscaping/",
      "Patios & Hardscaping in Raleigh | Evergreen Outdoor Living",
      "Paver and flagstone patios, seat walls, fire pits and retaining walls in Raleigh, built on a proper base with a five-year warranty.",
      "Patios and hardscaping in Raleigh",
      "Patios, walkways, seat walls, fire pits and retaining walls built on six inches of compacted base, with drainage behind every wall and a five-year warranty on the work.",
    ),
    svc(
      "/outdoor-lighting/",
      "Outdoor Lighting in Raleigh & Cary | Evergreen Outdoor Living",
      "Low-voltage LED landscape lighting in Raleigh and Cary: paths, walls, trees and patios lit on a timer.",
      "Outdoor lighting in Raleigh",
      "Warm, low-voltage LED lighting for paths, steps, walls and trees, on a timer or your phone, installed with buried cable and brass fixtures that last.",
    ),
    svc(
      "/lawn-maintenance/",
      "Lawn Maintenance in Raleigh | Evergreen Outdoor Living",
      "Weekly lawn mowing, edging, bed care and seasonal color in Raleigh, Cary and Apex.",
      "Lawn maintenance in Raleigh",
      "Weekly mowing and edging, bed weeding and mulch, shrub pruning and seasonal color, by the same crew every week from March to November.",
    ),
    {
      path: "/about/",
      title: "About Us | Evergreen Outdoor Living, Raleigh Landscapers",
      description:
        "Evergreen Outdoor Living is a family-owned design-build landscape company in Raleigh since 2007.",
      h1: "About Evergreen Outdoor Living",
      content:
        "<p>Founded in 2007 by Chris and Dana Whitfield, Evergreen Outdoor Living has grown from a two-person lawn crew into a design-build team of twenty-five. We changed our name in 2023 to say what we build: outdoor living.</p>",
    },
    {
      path: "/contact/",
      title: "Contact Evergreen Outdoor Living | Free Consultation in Raleigh",
      description:
        "Book a free landscape design consultation in Raleigh: call (919) 555-0124 or send the form.",
      h1: "Contact us",
      content: `<p>Call <a href="tel:${e.tel}">${e.phone}</a> or send the form. Our office is at ${e.street}, ${e.city}, ${e.region} ${e.zip}.</p>${wpForm(119)}`,
    },
    {
      path: "/blog/best-native-plants-raleigh/",
      title: "The Best Native Plants for Raleigh Yards | Evergreen Outdoor Living",
      description:
        "Native plants that handle Raleigh's clay and summer heat: our designers' favourite shrubs, perennials and grasses.",
      h1: "The best native plants for Raleigh yards",
      content: `<p class="entry-meta"><time class="entry-date published" datetime="${posted}T08:00:00-05:00">${posted}</time></p><p>Inkberry holly, Virginia sweetspire, coneflowers and little bluestem shrug off clay and drought once they are established.</p>`,
    },
  ];
  const pages: Record<string, Route> = {};
  for (const d of [home, ...inner]) {
    pages[d.path] = { body: layout(c, d, d === home ? localJsonLd : "") };
    if (d.path !== "/")
      pages[d.path.replace(/\/$/, "")] = {
        status: 301,
        headers: { location: `${c.origin}${d.path}` },
        body: "",
      };
  }
  pages["/robots.txt"] = text(
    `User-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\n\nSitemap: ${c.origin}/sitemap_index.xml\n`,
  );
  pages["/sitemap_index.xml"] = {
    type: "application/xml; charset=utf-8",
    body: `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${c.origin}/page-sitemap.xml</loc><lastmod>${day(c.now, 12)}</lastmod></sitemap><sitemap><loc>${c.origin}/post-sitemap.xml</loc><lastmod>${posted}</lastmod></sitemap></sitemapindex>`,
  };
  pages["/page-sitemap.xml"] = urlset(
    [home, ...inner.slice(0, -1)].map((d) => ({
      loc: `${c.origin}${d.path}`,
      lastmod: day(c.now, 12),
    })),
  );
  pages["/post-sitemap.xml"] = urlset([
    { loc: `${c.origin}/blog/best-native-plants-raleigh/`, lastmod: posted },
  ]);
  Object.assign(pages, {
    "/wp-content/uploads/2025/01/evergreen-outdoor-living-logo.png": picture(220, 70, 8),
    "/wp-content/uploads/2025/03/evergreen-patio-1024x683.jpg": photo(1024, 683, 171),
    "/wp-content/uploads/2025/03/evergreen-patio-1200x800.jpg": photo(1200, 800, 205),
    "/wp-content/themes/astra/assets/css/minified/main.min.css": textFile("text/css", "astra", 44),
    "/wp-includes/css/dist/block-library/style.min.css": textFile("text/css", "block library", 16),
    "/wp-content/plugins/wpforms-lite/assets/css/frontend/classic/wpforms-full.min.css": textFile(
      "text/css",
      "wpforms",
      24,
    ),
    "/wp-content/themes/astra/assets/js/minified/frontend.min.js": textFile(
      "text/javascript",
      "astra",
      18,
    ),
  });
  return { pages };
}

export const evergreenOutdoor: CorpusSite = {
  id: "blind-astra-landscape-nap",
  about:
    "Evergreen Outdoor Living, Raleigh NC, on WordPress + Astra + WPForms, renamed from Evergreen Landscaping Co.: the business JSON-LD still has the old name, which no page shows; the menu's Portfolio link answers 404",
  scheme: "https",
  build,
  fail: {
    "nap-consistent":
      "the structured data names the business 'Evergreen Landscaping Co.', the pages 'Evergreen Outdoor Living': Google sees two businesses",
    "broken-links": "the Portfolio link in the main menu answers 404",
  },
};
