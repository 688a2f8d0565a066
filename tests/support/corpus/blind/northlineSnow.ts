/**
 * Northline Snow & Ice (Minneapolis, MN) on Squarespace: sqs-block markup, images on the
 * Squarespace CDN, a blog with <time>. A well-made site done in unusual ways: the phone number
 * is never written as text, only behind tap-to-call buttons with an icon ('Call now'); the
 * business's JSON-LD sits in an @graph beside the WebSite node; the hours are a table, not
 * structured data; the towns served are in areaServed. It deserves to pass every check.
 */
import type { Route } from "../../auditSites.ts";
import type { BuildContext, CorpusSite, SiteRoutes } from "../sites.ts";
import { day, esc, text, urlset } from "./kit.ts";

const n = {
  name: "Northline Snow & Ice",
  tel: "+16125550148",
  street: "2719 Lyndale Ave S",
  city: "Minneapolis",
  region: "MN",
  zip: "55408",
  towns: ["Minneapolis", "Edina", "Richfield", "St. Louis Park", "Golden Valley"],
};

const phoneIcon = `<svg class="sqs-svg-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z"/></svg>`;
const callButton = (extra = "") =>
  `<div class="sqs-block button-block sqs-block-button" data-block-type="53"><div class="sqs-block-content"><div class="sqs-block-button-container sqs-block-button-container--left"><a href="tel:${n.tel}" class="sqs-block-button-element--medium sqs-button-element--primary sqs-block-button-element${extra}" aria-label="Call ${esc(n.name)}">${phoneIcon}<span>Call now</span></a></div></div></div>`;
const block = (html: string) =>
  `<div class="sqs-block html-block sqs-block-html" data-block-type="2"><div class="sqs-block-content"><div class="sqs-html-content">${html}</div></div></div>`;
const sqsImage = (id: string, w: number, h: number, alt: string) =>
  `<div class="sqs-block image-block sqs-block-image" data-block-type="5"><div class="sqs-block-content"><div class="image-block-outer-wrapper"><figure class="sqs-block-image-figure intrinsic"><img data-stretch="false" data-src="https://images.squarespace-cdn.com/content/v1/61a2/${id}/${id}.jpg" data-image-dimensions="${w * 2}x${h * 2}" src="https://images.squarespace-cdn.com/content/v1/61a2/${id}/${id}.jpg?format=${w}w" width="${w}" height="${h}" alt="${esc(alt)}" loading="lazy"></figure></div></div></div>`;
const section = (html: string) =>
  `<section class="page-section layout-engine-section background-width--full-bleed section-height--medium content-width--wide horizontal-alignment--center vertical-alignment--middle" data-section-theme="white"><div class="content-wrapper"><div class="content"><div class="sqs-layout sqs-grid-12 columns-12" data-type="page-section"><div class="row sqs-row"><div class="col sqs-col-12 span-12">${html}</div></div></div></div></div></section>`;

interface Def {
  path: string;
  title: string;
  description: string;
  h1: string;
  html: string;
}

const hoursTable = `<table class="hours">
<caption>Office hours</caption>
<tbody>
<tr><th scope="row">Monday – Friday</th><td>7:00 AM – 5:00 PM</td></tr>
<tr><th scope="row">Saturday</th><td>9:00 AM – 1:00 PM</td></tr>
<tr><th scope="row">Storm days</th><td>Crews out around the clock</td></tr>
</tbody>
</table>`;

function layout(c: BuildContext, d: Def, head = ""): string {
  const url = `${c.origin}${d.path}`;
  const link = (path: string, label: string) =>
    `<div class="header-nav-item header-nav-item--collection"><a href="${path}" data-animation-role="header-element">${label}</a></div>`;
  return `<!doctype html>
<html xmlns:og="http://opengraphprotocol.org/schema/" lang="en-US">
<head>
<meta http-equiv="X-UA-Compatible" content="IE=edge,chrome=1">
<meta name="viewport" content="width=device-width, initial-scale=1">
<base href="">
<meta charset="utf-8" />
<title>${esc(d.title)}</title>
<meta http-equiv="Accept-CH" content="Sec-CH-UA-Platform-Version, Sec-CH-UA-Model" />
<link rel="icon" type="image/x-icon" href="https://images.squarespace-cdn.com/content/v1/61a2/favicon.ico?format=100w"/>
<link rel="canonical" href="${url}"/>
<meta property="og:site_name" content="${esc(n.name)}"/>
<meta property="og:title" content="${esc(d.title)}"/>
<meta property="og:url" content="${url}"/>
<meta property="og:type" content="website"/>
<meta property="og:description" content="${esc(d.description)}"/>
<meta property="og:image" content="http://static1.squarespace.com/static/61a2/t/65f0/northline-og.jpg?format=1500w"/>
<meta itemprop="name" content="${esc(d.title)}"/>
<meta name="description" content="${esc(d.description)}" />
<link href="https://fonts.googleapis.com/css2?family=Work+Sans:wght@400;600&amp;display=swap" rel="stylesheet" media="print" onload="this.media='all'">
<script defer src="https://assets.squarespace.com/universal/scripts-compressed/extract-css-runtime-5d9c0a0a6c1b7b7d-min.en-US.js" crossorigin="anonymous"></script>
<script defer src="https://assets.squarespace.com/universal/scripts-compressed/common-vendors-stable-1d1ab1a8b7b2c1c2-min.en-US.js" crossorigin="anonymous"></script>
<link rel="stylesheet" type="text/css" href="https://static1.squarespace.com/static/versioned-site-css/61a2/24/site.css"/>
<script>Static.SQUARESPACE_CONTEXT = {"website":{"id":"61a2","siteTitle":"Northline Snow & Ice"}};</script>
${head}
</head>
<body id="collection-61a2" class="header-overlay-alignment-center tweak-transparent-header primary-button-style-solid">
<div id="siteWrapper" class="clearfix site-wrapper">
<header data-test="header" id="header" class="header theme-col--primary" data-section-theme="" data-controller="Header" data-current-styles="{}">
<div class="header-inner container--fluid">
<div class="header-title-logo"><a href="/" data-animation-role="header-element"><img elementtiming="nbf-header-logo-desktop" src="https://images.squarespace-cdn.com/content/v1/61a2/logo/northline-logo.png?format=1500w" alt="Northline Snow &amp; Ice" style="display:block" fetchpriority="high" loading="eager" decoding="async" width="200" height="64"></a></div>
<div class="header-nav"><div class="header-nav-wrapper"><nav class="header-nav-list">
${link("/residential-snow-removal", "Residential")}${link("/commercial-plowing", "Commercial")}${link("/roof-snow-removal", "Roof Snow")}${link("/ice-management", "Ice Management")}${link("/about", "About")}${link("/blog", "Storm Notes")}${link("/contact", "Contact")}
</nav></div></div>
<div class="header-actions header-actions--right">${callButton(" header-call")}<div class="header-actions-action header-actions-action--cta"><a class="btn btn--border theme-btn--primary-inverse sqs-button-element--primary" href="/contact">Get a free estimate</a></div></div>
</div>
</header>
<main id="page" class="container" role="main">
<article class="sections" id="sections" data-page-sections="65f0">
${section(`${block(`<h1 style="white-space:pre-wrap;">${esc(d.h1)}</h1>`)}${d.html}`)}
</article>
</main>
<footer class="sections" id="footer-sections" data-footer-sections>
${section(
  `${block(`<p class="sqsrte-small"><strong>${esc(n.name)}</strong><br>${n.street}<br>${n.city}, ${n.region} ${n.zip}</p>
<p class="sqsrte-small"><a href="https://www.google.com/maps/place/2719+Lyndale+Ave+S,+Minneapolis,+MN+55408">Directions</a> · <a href="https://www.instagram.com/northlinesnow">Instagram</a> · <a href="https://www.facebook.com/northlinesnow">Facebook</a></p>
<p class="sqsrte-small">© ${c.now.getUTCFullYear()} ${esc(n.name)} LLC</p>`)}${callButton()}`,
)}
</footer>
</div>
<script defer="true" src="https://static1.squarespace.com/static/vta/5c5a519771c10ba3470d8101/scripts/site-bundle.a1b2c3.js" type="text/javascript"></script>
</body>
</html>
`;
}

const graph = (
  c: BuildContext,
) => `<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
{"@type":"WebSite","@id":"${c.origin}/#website","url":"${c.origin}","name":"${n.name}"},
{"@type":"LocalBusiness","@id":"${c.origin}/#business","name":"${n.name}","url":"${c.origin}","telephone":"+1 612-555-0148","image":"https://images.squarespace-cdn.com/content/v1/61a2/logo/northline-logo.png","address":{"@type":"PostalAddress","streetAddress":"${n.street}","addressLocality":"${n.city}","addressRegion":"${n.region}","postalCode":"${n.zip}","addressCountry":"US"},"areaServed":${JSON.stringify(n.towns)},"sameAs":["https://www.instagram.com/northlinesnow","https://www.facebook.com/northlinesnow"]}
]}</script>`;

function build(c: BuildContext): SiteRoutes {
  const posted = day(c.now, 18);
  const estimate = `${block("<h2>Get a free estimate</h2><p>Tell us about your driveway or lot and we send a written seasonal price within two business days.</p>")}
<div class="sqs-block form-block sqs-block-form" data-block-type="9"><div class="sqs-block-content"><div class="form-wrapper"><div class="form-inner-wrapper">
<form autocomplete="on" action="https://northline.squarespace.com" method="POST" onsubmit="return (function (form) { Y.use('squarespace-form-submit', function(Y){ (new Y.Squarespace.FormSubmit(form)).submit(); }); return false; })(this);">
<div class="field-list clear">
<fieldset id="name-yui_3_17_2_1_1" class="form-item fields name required"><legend class="title">Name <span class="required" aria-hidden="true">*</span></legend><div class="field first-name"><label class="caption"><input class="field-element field-control" name="fname" x-autocompletetype="given-name" type="text" spellcheck="false" maxlength="30" data-title="First" aria-required="true"><span class="caption-text">First Name</span></label></div><div class="field last-name"><label class="caption"><input class="field-element field-control" name="lname" x-autocompletetype="surname" type="text" spellcheck="false" maxlength="30" data-title="Last" aria-required="true"><span class="caption-text">Last Name</span></label></div></fieldset>
<div id="email-yui_3_17_2_1_2" class="form-item field email required"><label class="title" for="email-yui_3_17_2_1_2-field">Email</label><input class="field-element" id="email-yui_3_17_2_1_2-field" name="email" type="email" autocomplete="email" spellcheck="false" aria-required="true"></div>
<div id="phone-yui_3_17_2_1_3" class="form-item field phone"><label class="title" for="phone-yui_3_17_2_1_3-field">Phone</label><input class="field-element" id="phone-yui_3_17_2_1_3-field" name="phone" type="tel" autocomplete="tel"></div>
<div id="textarea-yui_3_17_2_1_4" class="form-item field textarea"><label class="title" for="textarea-yui_3_17_2_1_4-field">Address and what you need cleared</label><textarea class="field-element" id="textarea-yui_3_17_2_1_4-field" name="message"></textarea></div>
</div>
<div class="form-button-wrapper form-button-wrapper--align-left"><input class="button sqs-system-button sqs-editable-button sqs-button-element--primary" type="submit" value="Request my estimate"></div>
</form></div></div></div></div>`;
  const home: Def = {
    path: "/",
    title: "Snow Removal & Plowing in Minneapolis, MN | Northline Snow & Ice",
    description:
      "Residential and commercial snow removal, plowing, roof snow and ice management in Minneapolis, Edina and Richfield. Seasonal contracts, crews out 24/7 in storms.",
    h1: "Snow removal and plowing in Minneapolis",
    html: `${block(`<p>When it snows overnight, your driveway is clear before you leave for work. Northline Snow &amp; Ice has
plowed driveways, parking lots and sidewalks in south Minneapolis since 2011, with our own trucks, our own
crews and a dispatcher who watches the radar all night.</p>
<p>Seasonal contracts start at the first inch: we plow at two inches, come back for the end of the driveway
after the city plow passes, shovel steps and walks, and put down salt or sand when it turns to ice. Commercial
lots are cleared before opening, with a log of every visit and photos for your insurer. Fully insured, with a
fifteen-minute arrival window texted to you when the storm starts.</p>`)}
${sqsImage("plow-truck-night", 1000, 667, "Northline plow truck clearing a residential street at night")}
${block(`<h2>What we do</h2>
<ul>
<li><p><a href="/residential-snow-removal">Residential snow removal</a>: driveways, walks and steps, all season.</p></li>
<li><p><a href="/commercial-plowing">Commercial plowing</a>: parking lots, loading docks and sidewalks, cleared before you open.</p></li>
<li><p><a href="/roof-snow-removal">Roof snow removal</a>: raking and ice dam steaming before the roof leaks.</p></li>
<li><p><a href="/ice-management">Ice management</a>: salt, sand and liquid de-icer applied where people walk.</p></li>
</ul>
<p>Every crew member is trained on our routes before the first storm, and every truck carries a shovel crew so
steps and walks are done at the same visit as the drive. When a storm runs long we come back as often as it
takes, and the price stays the seasonal price: no surprise per-push charges on a heavy winter.</p>`)}
${block(`<h2>What our customers say</h2>
<blockquote><p>“Five winters with Northline and I have never once shoveled my own driveway. They even come back
for the plow ridge.” – Tom H., Edina</p></blockquote>
<blockquote><p>“Our lot is clear and salted before the first employee arrives, every single time.” – Property
manager, Richfield</p></blockquote>
<p>4.9 stars on Google from 140 reviews.</p>`)}
${block(`<h2>Why Northline</h2><p>Fully insured, family owned since 2011, and we guarantee it: if we miss a push
under contract, that visit is free.</p>${hoursTable}`)}
${estimate}
${block(`<h2>Storm notes</h2><p><a href="/blog/first-storm-2026">Getting ready for the first storm</a>, <time class="blog-meta-item blog-meta-item--date" datetime="${posted}">${posted}</time></p>`)}`,
  };
  const svc = (
    path: string,
    title: string,
    description: string,
    h1: string,
    body: string,
  ): Def => ({
    path,
    title,
    description,
    h1,
    html: `${block(body)}${callButton()}${block(`<p><a class="sqs-block-button-element" href="/contact">Get a free estimate</a></p>`)}`,
  });
  const inner: Def[] = [
    svc(
      "/residential-snow-removal",
      "Residential Snow Removal in Minneapolis | Northline Snow & Ice",
      "Driveway and sidewalk snow removal in Minneapolis, Edina and Richfield on a seasonal contract: plowed at two inches, walks shoveled, ice treated.",
      "Residential snow removal",
      "<p>Your driveway plowed at two inches of snow, the walks and steps shoveled at the same visit, and the end of the drive cleared again after the city plow. One seasonal price from November to April.</p>",
    ),
    svc(
      "/commercial-plowing",
      "Commercial Snow Plowing in Minneapolis | Northline Snow & Ice",
      "Commercial parking lot plowing, sidewalks and loading docks in Minneapolis, cleared before opening with a visit log and photos for every storm.",
      "Commercial snow plowing",
      "<p>Parking lots, loading docks and sidewalks cleared before you open, with a log and photos of every visit for your insurer and a dedicated route supervisor for each property.</p>",
    ),
    svc(
      "/roof-snow-removal",
      "Roof Snow Removal & Ice Dams in Minneapolis | Northline",
      "Roof snow raking and ice dam steaming in Minneapolis and Edina before meltwater leaks into your ceilings. Insured crews, same-week visits.",
      "Roof snow removal and ice dams",
      "<p>Heavy snow on a roof turns into ice dams and leaks. We rake the snow off the lower roof from the ground or a lift and steam ice dams open without damaging the shingles.</p>",
    ),
    svc(
      "/ice-management",
      "Ice Management & Salting in Minneapolis | Northline Snow & Ice",
      "Sidewalk salting, sanding and liquid de-icing for homes and businesses in Minneapolis, applied where people walk and drive.",
      "Ice management",
      "<p>Salt, sand and liquid de-icer applied to walks, steps and lots before and after a storm, in the amounts the city recommends so plants and concrete survive the winter.</p>",
    ),
    {
      path: "/about",
      title: "About Northline Snow & Ice | Minneapolis Since 2011",
      description:
        "Northline Snow & Ice is a family-owned snow removal company in south Minneapolis with its own trucks and crews since 2011.",
      h1: "About Northline",
      html: block(
        "<p>Northline started with one pickup and a plow blade in 2011. Today eleven trucks and thirty crew members clear snow across south Minneapolis and the first-ring suburbs.</p>",
      ),
    },
    {
      path: "/contact",
      title: "Contact Northline Snow & Ice | Free Snow Removal Estimate",
      description:
        "Ask Northline Snow & Ice for a free seasonal snow removal estimate in Minneapolis: send the form or call and we answer within two business days.",
      h1: "Contact us",
      html: `${block("<p>Tap the button to call the office, or send the form below.</p>")}${callButton()}${hoursTable}${estimate}`,
    },
    {
      path: "/blog",
      title: "Storm Notes | Northline Snow & Ice",
      description:
        "Storm notes from Northline Snow & Ice: what we are watching on the radar and how to get your property ready for winter.",
      h1: "Storm notes",
      html: block(
        `<article class="blog-item"><h2><a href="/blog/first-storm-2026">Getting ready for the first storm</a></h2><time datetime="${posted}">${posted}</time></article>`,
      ),
    },
    {
      path: "/blog/first-storm-2026",
      title: "Getting Ready for the First Storm | Northline Snow & Ice",
      description:
        "Mark your driveway edges, move cars off the street and check your contract: how to get ready for the first snow of the season.",
      h1: "Getting ready for the first storm",
      html: block(
        `<p><time datetime="${posted}">${posted}</time></p><p>Put stakes along the edges of your driveway before the ground freezes, so our drivers can see where the lawn starts. Move cars off the drive on storm nights when you can.</p>`,
      ),
    },
  ];
  const pages: Record<string, Route> = {};
  for (const d of [home, ...inner])
    pages[d.path] = { body: layout(c, d, d === home ? graph(c) : "") };
  pages["/robots.txt"] = text(
    `# Squarespace Robots Txt\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /config\nDisallow: /search\nDisallow: /account$\nDisallow: /api/\nDisallow: /static/\nDisallow: /*?author=*\nDisallow: /*&author=*\nDisallow: /*?tag=*\nDisallow: /*?month=*\nDisallow: /*?view=*\nDisallow: /*?format=json\nDisallow: /*&format=json\nDisallow: /*?reversePaginate=*\n\nSitemap: ${c.origin}/sitemap.xml\n`,
  );
  pages["/sitemap.xml"] = urlset(
    [home, ...inner].map((d) => ({
      loc: `${c.origin}${d.path}`,
      lastmod: d.path.startsWith("/blog") ? posted : day(c.now, 45),
    })),
  );
  return { pages };
}

export const northlineSnow: CorpusSite = {
  id: "blind-squarespace-snow-good",
  about:
    "Northline Snow & Ice, Minneapolis MN, on Squarespace, well made in unusual ways: the phone never written out, only tap-to-call 'Call now' buttons with an icon; business JSON-LD inside an @graph; hours in a table; towns in areaServed",
  scheme: "https",
  build,
  fail: {},
  minScore: 90,
};
