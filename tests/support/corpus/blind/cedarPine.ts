/**
 * Cedar & Pine Tree Service (Portland, OR), a Webflow export: w-* classes, data-wf-page ids, the
 * three exported stylesheets and the WebFont loader in the head, jQuery and webflow.js before
 * </body>, a w-form, CMS service pages under /services/.
 * Planted: the photos were uploaded straight from the camera (a 5200 px hero of 3.4 MB, a
 * 2.1 MB PNG, a 1.4 MB crew photo, shown at 1600 px and less), the CMS template gives every
 * service page the title 'Service | Cedar & Pine Tree Service', and the WebFont loader
 * (webfont.js, loaded synchronously from Google's CDN as every Webflow export does) holds up
 * the first paint.
 */
import type { Route } from "../../auditSites.ts";
import type { BuildContext, CorpusSite, SiteRoutes } from "../sites.ts";
import { day, esc, photo, picture, text, textFile, urlset } from "./kit.ts";

const t = {
  name: "Cedar & Pine Tree Service",
  phone: "(503) 555-0176",
  tel: "+15035550176",
  street: "5125 SE Foster Rd",
  city: "Portland",
  region: "OR",
  zip: "97206",
};

interface Def {
  path: string;
  title: string;
  description: string;
  h1: string;
  html: string;
  wfPage: string;
}

function layout(c: BuildContext, d: Def, head = ""): string {
  const url = `${c.origin}${d.path}`;
  return `<!DOCTYPE html><!--  This site was created in Webflow. https://webflow.com  --><!--  Last Published: ${new Date(c.now.getTime() - 20 * 86_400_000).toUTCString()}  -->
<html data-wf-page="${d.wfPage}" data-wf-site="64e1b2c3d4e5f60718293a4b">
<head>
  <meta charset="utf-8">
  <title>${esc(d.title)}</title>
  <meta content="${esc(d.description)}" name="description">
  <meta content="${esc(d.title)}" property="og:title">
  <meta content="${esc(d.description)}" property="og:description">
  <meta content="${c.origin}/images/og-cedar-pine.jpg" property="og:image">
  <meta property="og:type" content="website">
  <meta content="width=device-width, initial-scale=1" name="viewport">
  <meta content="Webflow" name="generator">
  <link rel="canonical" href="${url}">
  <link href="${d.path.startsWith("/services/") ? "../" : ""}css/normalize.css" rel="stylesheet" type="text/css">
  <link href="${d.path.startsWith("/services/") ? "../" : ""}css/webflow.css" rel="stylesheet" type="text/css">
  <link href="${d.path.startsWith("/services/") ? "../" : ""}css/cedar-pine.webflow.css" rel="stylesheet" type="text/css">
  <script src="https://ajax.googleapis.com/ajax/libs/webfont/1.6.26/webfont.js" type="text/javascript"></script>
  <script type="text/javascript">WebFont.load({  google: {    families: ["Lato:100,300,400,700,900","Merriweather:300,400,700"]  }});</script>
  <script type="text/javascript">!function(o,c){var n=c.documentElement,t=" w-mod-";n.className+=t+"js",("ontouchstart"in o||o.DocumentTouch&&c instanceof DocumentTouch)&&(n.className+=t+"touch")}(window,document);</script>
  <link href="${c.origin}/images/favicon.png" rel="shortcut icon" type="image/x-icon">
  ${head}
</head>
<body class="body">
  <div data-animation="default" data-collapse="medium" data-duration="400" data-easing="ease" role="banner" class="navbar w-nav">
    <div class="container w-container">
      <a href="${c.origin}/" aria-current="page" class="brand w-nav-brand w--current"><img src="${c.origin}/images/cedar-pine-logo.png" loading="lazy" width="180" height="56" alt="Cedar &amp; Pine Tree Service"></a>
      <nav role="navigation" class="nav-menu w-nav-menu">
        <a href="${c.origin}/services/tree-removal" class="nav-link w-nav-link">Tree Removal</a>
        <a href="${c.origin}/services/tree-pruning" class="nav-link w-nav-link">Pruning</a>
        <a href="${c.origin}/services/stump-grinding" class="nav-link w-nav-link">Stump Grinding</a>
        <a href="${c.origin}/services/emergency-tree-service" class="nav-link w-nav-link">Emergency</a>
        <a href="${c.origin}/about" class="nav-link w-nav-link">About</a>
        <a href="${c.origin}/contact" class="nav-link w-nav-link">Contact</a>
      </nav>
      <a href="tel:${t.tel}" class="nav-phone w-inline-block"><img src="${c.origin}/images/icon-phone.svg" loading="lazy" width="16" height="16" alt=""><div class="nav-phone-text">${t.phone}</div></a>
      <a href="${c.origin}/contact" class="button nav-button w-button">Free Estimate</a>
      <div class="menu-button w-nav-button"><div class="w-icon-nav-menu"></div></div>
    </div>
  </div>
  ${d.html}
  <footer class="footer">
    <div class="w-container">
      <div class="w-row">
        <div class="w-col w-col-4"><div class="footer-heading">${esc(t.name)}</div><p class="footer-text">${t.street}<br>${t.city}, ${t.region} ${t.zip}<br><a href="tel:${t.tel}" class="footer-link">${t.phone}</a></p></div>
        <div class="w-col w-col-4"><div class="footer-heading">Hours</div><p class="footer-text">Monday – Friday: 7am – 6pm<br>Emergency storm service 24/7</p></div>
        <div class="w-col w-col-4"><div class="footer-heading">Follow</div><a href="https://www.facebook.com/cedarpinetree" class="footer-link">Facebook</a><a href="https://www.instagram.com/cedarpinetree" class="footer-link">Instagram</a><a href="https://goo.gl/maps/cedarpine" class="footer-link">Google Maps</a></div>
      </div>
      <div class="footer-legal">© ${c.now.getUTCFullYear()} Cedar &amp; Pine Tree Service LLC · CCB #218844</div>
    </div>
  </footer>
  <script src="https://d3e54v103j8qbb.cloudfront.net/js/jquery-3.5.1.min.dc5e7f18c8.js?site=64e1b2c3d4e5f60718293a4b" type="text/javascript" integrity="sha256-9/aliU8dGd2tb6OSsuzixeV4y/faTqgFtohetphbbj0=" crossorigin="anonymous"></script>
  <script src="${d.path.startsWith("/services/") ? "../" : ""}js/webflow.js" type="text/javascript"></script>
</body>
</html>
`;
}

const estimateForm = (id: string) => `<div class="form-block w-form">
<form id="${id}" name="wf-form-Estimate" data-name="Estimate" method="get" class="form" data-wf-page-id="64e1b2c3d4e5f60718293a50" data-wf-element-id="a1b2c3d4-0000">
<label for="Name">Name</label><input class="text-field w-input" maxlength="256" name="Name" data-name="Name" placeholder="Your name" type="text" id="Name" required="">
<label for="Phone">Phone</label><input class="text-field w-input" maxlength="256" name="Phone" data-name="Phone" placeholder="(503) 000-0000" type="tel" id="Phone" required="">
<label for="Email">Email</label><input class="text-field w-input" maxlength="256" name="Email" data-name="Email" placeholder="you@example.com" type="email" id="Email">
<label for="Details">What do you need done?</label><textarea id="Details" name="Details" maxlength="5000" data-name="Details" placeholder="Tree type, size, where it is" class="textarea w-input"></textarea>
<input type="submit" data-wait="Please wait..." class="button w-button" value="Request my free estimate">
</form>
<div class="success-message w-form-done"><div>Thank you! We will call you within one business day.</div></div>
<div class="error-message w-form-fail"><div>Oops! Something went wrong while submitting the form.</div></div>
</div>`;

function build(c: BuildContext): SiteRoutes {
  const posted = day(c.now, 40);
  const jsonLd = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"LocalBusiness","additionalType":"https://en.wikipedia.org/wiki/Arborist","name":"${t.name}","telephone":"+1-503-555-0176","url":"${c.origin}/","image":"${c.origin}/images/og-cedar-pine.jpg","address":{"@type":"PostalAddress","streetAddress":"${t.street}","addressLocality":"${t.city}","addressRegion":"${t.region}","postalCode":"${t.zip}"},"areaServed":["Portland","Milwaukie","Gresham","Happy Valley","Lake Oswego"],"openingHours":"Mo-Fr 07:00-18:00"}</script>`;
  const home: Def = {
    path: "/",
    wfPage: "64e1b2c3d4e5f60718293a4c",
    title: "Tree Removal & Arborists in Portland, OR | Cedar & Pine Tree Service",
    description:
      "Certified arborists for tree removal, pruning, stump grinding and 24/7 storm response in Portland, Milwaukie and Gresham. Licensed, bonded, insured.",
    h1: "",
    html: `<div class="hero-section"><div class="w-container">
    <h1 class="hero-heading">Tree removal and pruning in Portland, Oregon</h1>
    <p class="hero-paragraph">ISA certified arborists taking care of Portland's big trees since 2010. Licensed, bonded and insured (CCB #218844), with a crew on call for storm damage around the clock.</p>
    <a href="${c.origin}/contact" class="button hero-button w-button">Get a free estimate</a>
    <img src="${c.origin}/images/hero-douglas-fir.jpg" width="1600" height="1067" alt="Climber pruning a tall Douglas fir above a Portland house" class="hero-image">
  </div></div>
  <div class="section"><div class="w-container">
    <h2>Our services</h2>
    <div class="w-layout-grid grid-services">
      <div class="service-card"><h3><a href="${c.origin}/services/tree-removal">Tree removal</a></h3><p>Dead, leaning and hazardous trees taken down in sections, near houses and lines.</p></div>
      <div class="service-card"><h3><a href="${c.origin}/services/tree-pruning">Tree pruning</a></h3><p>Crown thinning, deadwood and clearance pruning to ANSI A300 standards.</p></div>
      <div class="service-card"><h3><a href="${c.origin}/services/stump-grinding">Stump grinding</a></h3><p>Stumps ground below grade, chips raked out, ready for lawn or planting.</p></div>
      <div class="service-card"><h3><a href="${c.origin}/services/emergency-tree-service">Emergency tree service</a></h3><p>Storm-damaged trees on roofs, cars and fences, day or night.</p></div>
    </div>
    <p>Portland's Douglas firs, bigleaf maples and Oregon white oaks are some of the largest urban trees in the
    country, and they need climbers who know them. Every job is quoted in person by a certified arborist who
    tells you what the tree needs, what it does not, and what it will cost, in writing. We never top trees,
    we follow the city's tree permit rules for you, and we leave the yard raked and blown clean.</p>
    <img src="${c.origin}/images/crew-climbing.png" width="800" height="533" loading="lazy" alt="Cedar and Pine crew rigging a limb down over a garden" class="section-image">
  </div></div>
  <div class="section grey"><div class="w-container">
    <h2>Why Portland homeowners call us</h2>
    <ul role="list" class="list"><li>ISA certified arborists on every job</li><li>Licensed, bonded and fully insured</li><li>Family owned, serving Portland since 2010</li><li>Written, fixed-price estimates</li></ul>
    <h2>Reviews</h2>
    <div class="testimonial">★★★★★ “They took down a 110-foot fir leaning over our house without touching a shingle.” – Jen P., Sellwood</div>
    <div class="testimonial">★★★★★ “Honest advice: they pruned the maple we thought had to go.” – Sam K., Milwaukie</div>
    <p>We serve Portland, Milwaukie, Gresham, Happy Valley and Lake Oswego.</p>
    <img src="${c.origin}/images/stump-after.jpg" width="640" height="427" loading="lazy" alt="Lawn seeded where a stump was ground out" class="section-image">
  </div></div>
  <div class="section"><div class="w-container"><h2>Get a free estimate</h2>${estimateForm("email-form")}
  <p class="news">Latest: <a href="${c.origin}/blog/storm-season-tree-check">A storm-season tree check</a> <time datetime="${posted}">${posted}</time></p></div></div>`,
  };
  const svc = (slug: string, h1: string, description: string, body: string): Def => ({
    path: `/services/${slug}`,
    wfPage: "64e1b2c3d4e5f60718293a51",
    title: "Service | Cedar & Pine Tree Service",
    description,
    h1,
    html: `<div class="section"><div class="w-container"><h1>${esc(h1)}</h1><div class="w-richtext">${body}</div><a href="${c.origin}/contact" class="button w-button">Get a free estimate</a></div></div>`,
  });
  const inner: Def[] = [
    svc(
      "tree-removal",
      "Tree removal in Portland",
      "Safe tree removal in Portland by certified arborists: sectional felling, cranes near houses and power lines, full cleanup.",
      "<p>We take trees down in sections with ropes and rigging, or with a crane when a tree hangs over a house. We handle the city permit and leave the site clean.</p>",
    ),
    svc(
      "tree-pruning",
      "Tree pruning in Portland",
      "Tree pruning in Portland to ANSI A300 standards: crown thinning, deadwood removal and clearance from roofs and lines.",
      "<p>Good pruning makes trees safer and healthier. We thin crowns, remove deadwood and lift limbs off roofs, and we never top a tree.</p>",
    ),
    svc(
      "stump-grinding",
      "Stump grinding in Portland",
      "Stump grinding in Portland and Milwaukie below grade, with the chips raked out and the hole ready for lawn or planting.",
      "<p>We grind stumps eight to twelve inches below grade, rake out the chips and fill the hole with topsoil if you want to seed over it.</p>",
    ),
    svc(
      "emergency-tree-service",
      "Emergency tree service in Portland",
      "24/7 emergency tree service in Portland for storm-damaged trees on roofs, cars, fences and driveways.",
      "<p>When a storm drops a tree on your house, call us any time. We tarp, remove the tree and work directly with your insurer.</p>",
    ),
    {
      path: "/about",
      wfPage: "64e1b2c3d4e5f60718293a52",
      title: "About Cedar & Pine Tree Service | Portland Arborists",
      description:
        "Meet the certified arborists of Cedar & Pine Tree Service, caring for Portland's trees since 2010.",
      h1: "About Cedar & Pine",
      html: `<div class="section"><div class="w-container"><h1>About Cedar &amp; Pine</h1><p>Founded in 2010 by arborist Nora Lindqvist, Cedar &amp; Pine is a crew of twelve climbers and groundworkers.</p></div></div>`,
    },
    {
      path: "/contact",
      wfPage: "64e1b2c3d4e5f60718293a53",
      title: "Contact Cedar & Pine Tree Service | Free Estimate",
      description:
        "Ask for a free tree service estimate in Portland: call (503) 555-0176 or send the form and an arborist calls you back.",
      h1: "Contact us",
      html: `<div class="section"><div class="w-container"><h1>Contact us</h1><p>Call <a href="tel:${t.tel}">${t.phone}</a> or send the form.</p>${estimateForm("contact-form")}</div></div>`,
    },
    {
      path: "/blog/storm-season-tree-check",
      wfPage: "64e1b2c3d4e5f60718293a54",
      title: "A Storm-Season Tree Check for Portland Homes | Cedar & Pine",
      description:
        "Five signs a tree may fail in the next windstorm, and what a Portland arborist checks before the storm season.",
      h1: "A storm-season tree check",
      html: `<div class="section"><div class="w-container"><h1>A storm-season tree check</h1><p><time datetime="${posted}">${posted}</time></p><div class="w-richtext"><p>Look for cracks, fungus at the base, dead limbs and a new lean. If you see one, call an arborist before the wind does the deciding.</p></div></div></div>`,
    },
  ];
  const pages: Record<string, Route> = {};
  for (const d of [home, ...inner])
    pages[d.path] = { body: layout(c, d, d === home ? jsonLd : "") };
  pages["/index.html"] = pages["/"]!;
  pages["/robots.txt"] = text(`User-agent: *\nDisallow:\n\nSitemap: ${c.origin}/sitemap.xml\n`);
  pages["/sitemap.xml"] = urlset(
    [home, ...inner].map((d) => ({
      loc: `${c.origin}${d.path}`,
      lastmod: d.path.startsWith("/blog") ? posted : day(c.now, 20),
    })),
  );
  const css = (base: string) => ({
    [`${base}css/normalize.css`]: textFile("text/css", "normalize", 8),
    [`${base}css/webflow.css`]: textFile("text/css", "webflow", 38),
    [`${base}css/cedar-pine.webflow.css`]: textFile("text/css", "site", 24),
    [`${base}js/webflow.js`]: textFile("text/javascript", "webflow", 64),
  });
  Object.assign(pages, css("/"), {
    "/images/favicon.png": picture(32, 32),
    "/images/cedar-pine-logo.png": picture(180, 56, 7),
    "/images/icon-phone.svg": {
      type: "image/svg+xml",
      body: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M3 1h3l1 4-2 1a9 9 0 0 0 5 5l1-2 4 1v3a2 2 0 0 1-2 2A13 13 0 0 1 1 3a2 2 0 0 1 2-2z"/></svg>',
    },
    "/images/hero-douglas-fir.jpg": photo(5200, 3467, 3480),
    "/images/crew-climbing.png": picture(2400, 1600, 2150, [60, 90, 50]),
    "/images/stump-after.jpg": photo(4032, 3024, 1420),
    "/images/og-cedar-pine.jpg": photo(1200, 630, 110),
  });
  return { pages };
}

export const cedarPine: CorpusSite = {
  id: "blind-webflow-tree-heavy",
  about:
    "Cedar & Pine Tree Service, Portland OR, a Webflow export: camera-size photos on the home page (7 MB in all), one CMS title on every service page, the WebFont loader synchronous in the head",
  scheme: "https",
  build,
  fail: {
    "image-size": "the hero is 5200 px and 3.4 MB shown at 1600 px; a 2.1 MB PNG; a 1.4 MB JPEG",
    "page-weight": "a phone downloads about 7 MB for the home page",
    "duplicate-titles":
      "the four service pages share the title 'Service | Cedar & Pine Tree Service'",
    "render-blocking":
      "webfont.js loads synchronously in the head of every page, before anything shows",
  },
  maxGrade: "C",
};
