/**
 * Green Acres Landscaping (Austin, TX): the corpus's well-made landscaper site, hand-written
 * static HTML of nine pages (home, four services, about, reviews, contact, a blog post), and the
 * knobs the defect sites turn. With no knob turned it deserves to pass every check a careful
 * local-SEO auditor runs (tests/support/corpus/sites.ts lists them); each knob plants one defect.
 */
import type { Route } from "../auditSites.ts";
import { jpeg, png } from "./images.ts";
import type { BuildContext, SiteRoutes } from "./sites.ts";

export interface GreenAcresOptions {
  /** Path prefix of every page (the redirect-chain site serves its pages under /en). */
  base?: string;
  /** The viewport meta tag on every page (false: none anywhere). */
  viewport?: boolean;
  /** A tap-to-call link in the header (false: the phone is plain text in the footer only). */
  telLink?: boolean;
  /** The quote forms on the home and contact pages. */
  form?: boolean;
  /** One h1 per page (false: the headings are styled divs). */
  h1?: boolean;
  metaDescription?: boolean;
  og?: boolean;
  social?: boolean;
  imageAlt?: boolean;
  sitemap?: boolean;
  /** The year in the footer's copyright line. Default: the current year. */
  copyrightYear?: number;
  homeTitle?: string;
  homeH1?: string;
  /** Every page has the home page's title and description. */
  sameTitles?: boolean;
  /** The JSON-LD block with trailing commas (does not parse). */
  brokenJsonLd?: boolean;
  /** A different phone in the JSON-LD and on the contact page than on the other pages. */
  inconsistentNap?: boolean;
  /** The home page's photos as a phone downloads them: 6 MB of camera-size JPEGs. */
  heavyImages?: boolean;
  /** An http:// script and image on the https home page. */
  mixedContent?: boolean;
  /** noindex on the home page and its canonical on another domain. */
  indexingTrap?: boolean;
  /** A home-page image whose file answers 404. */
  brokenImage?: boolean;
  /** Synchronous scripts and a large stylesheet in the head of every page. */
  renderBlocking?: boolean;
  /** X-Robots-Tag: noindex on the service pages. */
  noindexServices?: boolean;
  /** A 146-character title (/hardscaping), no viewport (/irrigation), no h1 (/about). */
  innerPageDefects?: boolean;
  /** robots.txt's text. */
  robotsTxt?: string;
  /** A link on the home page to a page that answers 404. */
  brokenLink?: boolean;
  /** Every date the site states (sitemap, blog post) this many days further back. */
  datesBackDays?: number;
  /** Unknown addresses answer 200 with the home page. */
  soft404?: boolean;
  /** The pages are an empty root element and a script that builds them in the browser. */
  javascriptShell?: boolean;
}

export const greenAcres = {
  name: "Green Acres Landscaping",
  phone: "(512) 555-0187",
  tel: "+15125550187",
  phoneLd: "+1-512-555-0187",
  otherPhone: "(512) 555-0143",
  otherPhoneLd: "+1-512-555-0199",
  street: "4810 Burnet Rd",
  city: "Austin",
  region: "TX",
  zip: "78756",
  towns: ["Austin", "Round Rock", "Cedar Park", "Pflugerville", "Georgetown"],
};
const g = greenAcres;

interface PageDef {
  path: string;
  title: string;
  description: string;
  h1: string;
  main: (ctx: Ctx) => string;
  image?: { src: string; alt: string; width: number; height: number };
}

interface Ctx {
  o: Required<Pick<GreenAcresOptions, "base">> & GreenAcresOptions;
  origin: string;
  now: Date;
  blogDate: string;
  phone: string;
}

const day = (now: Date, back: number) =>
  new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

const trustList = `<ul class="trust">
  <li>Licensed and fully insured (TX irrigator license LI 0021874)</li>
  <li>18 years in business: family owned since 2008</li>
  <li>Satisfaction guarantee: not happy with a visit, we come back free</li>
  <li>TNLA certified landscape professionals, BBB accredited A+</li>
</ul>`;

const areaParagraph = `<p>We work across Central Texas: ${g.towns.slice(0, -1).join(", ")} and ${g.towns.at(-1)}. Crews
start from our yard on Burnet Road every morning, so most addresses north of the river get the same
crew on the same weekday all season, and new customers are usually on the schedule within a week.</p>`;

const howParagraph = (trade: string) => `<h2>How a ${trade} job works</h2>
<p>Every job starts with a free visit. One of our project leads walks the property with you, measures,
checks the soil and drainage, and listens to what you want from the yard. Within two working days you
get a written, fixed quote with the plants, materials and schedule spelled out, so there are no
surprises on the invoice. When you approve it we book the crew, call in the utility locate, pull any
permit the city needs and send you a text the evening before we arrive. The crew cleans up every day
before leaving, and the project lead walks the finished work with you before we call it done.</p>`;

const services: PageDef[] = [
  {
    path: "/lawn-care",
    title: "Weekly Lawn Mowing & Lawn Care in Austin | Green Acres",
    description:
      "Weekly mowing, edging, fertilizing and aeration for Austin lawns, by the same uniformed crew every week. Free quote within 24 hours.",
    h1: "Lawn care and mowing in Austin",
    image: {
      src: "/images/lawn-stripes.jpg",
      alt: "Freshly striped St. Augustine lawn in Round Rock",
      width: 800,
      height: 533,
    },
    main: () => `<p>Our lawn care plans cover weekly mowing from March to November, string trimming,
edging along every walk and bed, and blowing off the drive and patio. We fertilize six times a year
on a schedule built for St. Augustine, Bermuda and Zoysia in Central Texas clay, treat weeds before
they seed, and core-aerate in spring and fall so water reaches the roots in August.</p>
<p>Commercial mowers with sharp blades leave clean stripes and no clumps, and we change the mowing
pattern every visit so the grass stands up straight. If we spot grubs, chinch bugs or brown patch,
you get a photo and a note the same day, not a surprise at the end of the month.</p>`,
  },
  {
    path: "/hardscaping",
    title: "Patios, Pavers & Retaining Walls in Austin | Green Acres",
    description:
      "Paver patios, flagstone walkways, retaining walls and fire pits built to last in Austin's clay soil. Fixed written quotes, licensed and insured.",
    h1: "Hardscaping: patios, pavers and retaining walls in Austin",
    image: {
      src: "/images/retaining-wall.jpg",
      alt: "Limestone retaining wall with planted terrace",
      width: 800,
      height: 533,
    },
    main: () => `<p>A patio in Austin has to survive clay that swells in spring and cracks in July. We
dig out to stable ground, lay and compact a crushed-limestone base in layers, and set pavers or
flagstone on a screeded bed with polymeric sand in the joints, so the surface stays level for
decades. Retaining walls get drainage rock and a perforated pipe behind them, because water, not
weight, is what pushes walls over.</p>
<p>We build paver patios, flagstone paths, seat walls, outdoor kitchens, fire pits and steps, and we
match the stone to your house. Most patios are finished within two weeks of signing.</p>`,
  },
  {
    path: "/irrigation",
    title: "Sprinkler Repair & Irrigation in Austin | Green Acres",
    description:
      "Sprinkler repair, drip irrigation and smart controllers for Austin homes. Licensed irrigators find leaks and cut summer water bills.",
    h1: "Irrigation and sprinkler repair in Austin",
    image: {
      src: "/images/drip-irrigation.jpg",
      alt: "Drip irrigation line in a native plant bed",
      width: 800,
      height: 533,
    },
    main: () => `<p>Irrigation is where most Austin homeowners waste money. Our licensed irrigators
run every zone, fix broken heads and hidden leaks, straighten and raise sunken heads, and convert
flower beds to drip so water goes to the roots instead of the sidewalk. A smart controller that
skips watering when it rains pays for itself in one summer.</p>
<p>We follow the city's watering schedule and backflow rules, test your backflow device when it is
due, and offer spring start-up and winterization visits. Many customers cut their summer water bill
by a third in the first season.</p>`,
  },
  {
    path: "/landscape-design",
    title: "Landscape Design & Installation in Austin | Green Acres",
    description:
      "Landscape design with native, drought-tolerant plants for Austin yards: a drawn plan, a fixed quote and installation by our own crews.",
    h1: "Landscape design and installation in Austin",
    image: {
      src: "/images/crew.jpg",
      alt: "Green Acres crew planting a native garden bed",
      width: 800,
      height: 533,
    },
    main: () => `<p>Our designers sketch a plan on site and turn it into a drawn design with a plant
list you can keep. We favour native and adapted plants that survive August without daily watering:
Texas sage, salvias, muhly grass, yaupon holly and live oaks, grouped by how much water they need,
with beds shaped so the mower can follow them.</p>
<p>Our own crews install everything: soil preparation with compost, edging, plants, mulch, lighting
and the drip lines to keep them alive. We guarantee plants for a full year when they are on our
irrigation plan.</p>`,
  },
];

const others: PageDef[] = [
  {
    path: "/about",
    title: "About Green Acres Landscaping, Austin Since 2008",
    description:
      "Meet the family-owned Austin landscaping company behind Green Acres: licensed irrigators, certified landscapers and crews that stay.",
    h1: "About Green Acres Landscaping",
    main: () => `<p>Maria and Daniel Flores started Green Acres in 2008 with one truck, one mower and
a handful of neighbours in Crestview. Eighteen years later we are a crew of twenty-two, and most of
the people who mow your lawn have been with us for more than five years. We pay above the going
rate, train every crew member in safety and plant care, and give every customer the cell number of
their project lead.</p>
<p>We are licensed by the State of Texas for irrigation, insured for two million dollars, members of
the Texas Nursery and Landscape Association and accredited by the Better Business Bureau.</p>`,
  },
  {
    path: "/reviews",
    title: "Customer Reviews of Green Acres Landscaping in Austin",
    description:
      "What Austin, Round Rock and Cedar Park homeowners say about Green Acres: 4.9 stars from 186 Google reviews, with photos of the work.",
    h1: "What Austin homeowners say about Green Acres",
    main: () => `<p>We are rated 4.9 out of 5 from 186 Google reviews. A few recent ones, with the
customers' permission:</p>
<blockquote>★★★★★ “They rebuilt our sagging retaining wall and added a flagstone patio in eleven days.
The crew cleaned up every single evening.” <cite>Priya S., Cedar Park</cite></blockquote>
<blockquote>★★★★★ “Our water bill went down by a third after they converted the beds to drip.”
<cite>James W., Austin</cite></blockquote>
<blockquote>★★★★★ “Same crew every Tuesday for three years, and the lawn has never looked better.”
<cite>Linda M., Round Rock</cite></blockquote>
<p><a href="https://www.google.com/search?q=Green+Acres+Landscaping+Austin+reviews">Read all our Google reviews</a></p>`,
  },
  {
    path: "/contact",
    title: "Contact Green Acres for a Free Landscaping Quote",
    description:
      "Ask Green Acres Landscaping for a free quote: call (512) 555-0187 or send the form and a project lead calls you back within one working day.",
    h1: "Get a free landscaping quote",
    main: (
      c,
    ) => `<p>Call us on ${c.o.telLink === false ? c.phone : `<a href="tel:${c.o.inconsistentNap ? "+15125550143" : g.tel}">${c.phone}</a>`}
or send the form below: a project lead calls you back within one working day, and most visits are
booked within the week. The office is open Monday to Friday 7:00 am to 6:00 pm and Saturday 8:00 am
to noon.</p>
${c.o.form === false ? "" : quoteForm("contact-form")}
<p>Our office and yard: ${g.street}, ${g.city}, ${g.region} ${g.zip}.
<a href="https://www.google.com/maps/place/4810+Burnet+Rd,+Austin,+TX+78756">Open in Google Maps</a></p>`,
  },
];

const blog = (blogDate: string): PageDef => ({
  path: "/blog/spring-lawn-checklist",
  title: "Your Spring Lawn Checklist for Central Texas | Green Acres",
  description:
    "When to scalp, fertilize, aerate and start the sprinklers in Austin: the spring lawn checklist our crews follow, month by month.",
  h1: "A spring lawn checklist for Central Texas",
  main: () => `<p>Posted <time datetime="${blogDate}">${blogDate}</time> by Daniel Flores.</p>
<p>Wait for the last frost before scalping St. Augustine, usually mid-March in Austin. Fertilize only
once the grass has been mowed twice, because feeding dormant grass feeds the weeds. Core-aerate in
April while the soil is moist, then water deeply and rarely: once a week, an inch at a time, so the
roots go down before summer.</p>
<p>Start your sprinklers with a full walk-through: run each zone, look for geysers and dry spots, and
reset the controller to the city's watering days.</p>`,
});

function quoteForm(id: string): string {
  return `<form id="${id}" method="post" action="/quote" class="quote-form">
  <h2>Request a free quote</h2>
  <label for="${id}-name">Your name</label><input id="${id}-name" name="name" autocomplete="name" required>
  <label for="${id}-phone">Phone</label><input id="${id}-phone" name="phone" type="tel" autocomplete="tel" required>
  <label for="${id}-email">Email (optional)</label><input id="${id}-email" name="email" type="email" autocomplete="email">
  <label for="${id}-message">What can we help with?</label><textarea id="${id}-message" name="message" rows="4"></textarea>
  <button type="submit">Send my quote request</button>
</form>`;
}

function jsonLd(c: Ctx): string {
  const phone = c.o.inconsistentNap ? g.otherPhoneLd : g.phoneLd;
  const body = `{
  "@context": "https://schema.org",
  "@type": "LandscapingBusiness",
  "name": "${g.name}",
  "url": "${c.origin}${c.o.base}/",
  "logo": "${c.origin}/images/logo.png",
  "image": "${c.origin}/images/hero-patio.jpg",
  "telephone": "${phone}",
  "priceRange": "$$",
  "address": {
    "@type": "PostalAddress",
    "streetAddress": "${g.street}",
    "addressLocality": "${g.city}",
    "addressRegion": "${g.region}",
    "postalCode": "${g.zip}",
    "addressCountry": "US"${c.o.brokenJsonLd ? "," : ""}
  },
  "areaServed": [${g.towns.map((t) => `{ "@type": "City", "name": "${t}" }`).join(", ")}${c.o.brokenJsonLd ? "," : ""}],
  "openingHoursSpecification": [
    { "@type": "OpeningHoursSpecification", "dayOfWeek": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], "opens": "07:00", "closes": "18:00" },
    { "@type": "OpeningHoursSpecification", "dayOfWeek": "Saturday", "opens": "08:00", "closes": "12:00" }
  ],
  "aggregateRating": { "@type": "AggregateRating", "ratingValue": "4.9", "reviewCount": "186" },
  "sameAs": ["https://www.facebook.com/greenacresatx", "https://www.instagram.com/greenacresatx"]${c.o.brokenJsonLd ? "," : ""}
}`;
  return `<script type="application/ld+json">\n${body}\n</script>`;
}

const css = `body{margin:0;font:16px/1.6 system-ui,sans-serif;color:#1b2a1b}header,main,footer{max-width:72rem;margin:0 auto;padding:1rem}
header{display:flex;flex-wrap:wrap;gap:1rem;align-items:center}nav a{margin-right:1rem}.call{font-weight:700}
.btn{background:#2e7d32;color:#fff;padding:.6rem 1rem;border-radius:.4rem;text-decoration:none}img{max-width:100%;height:auto}
.quote-form{display:grid;gap:.4rem;max-width:32rem}blockquote{border-left:4px solid #2e7d32;margin:1rem 0;padding-left:1rem}`;

function head(c: Ctx, p: PageDef, home: PageDef): string {
  const o = c.o;
  const title = o.sameTitles ? home.title : p.title;
  const description = o.sameTitles ? home.description : p.description;
  const isHome = p.path === "/";
  const longTitle =
    "Hardscaping, Paver Patios, Flagstone Walkways, Retaining Walls, Outdoor Kitchens, Fire Pits and Seat Walls in Austin, Round Rock and Cedar Park TX";
  const viewport = o.viewport !== false && !(o.innerPageDefects && p.path === "/irrigation");
  const canonical =
    o.indexingTrap && isHome
      ? "https://greenacres-landscaping.example/"
      : `${c.origin}${o.base}${isHome ? "/" : p.path}`;
  return `<head>
<meta charset="utf-8">
${viewport ? '<meta name="viewport" content="width=device-width, initial-scale=1">' : ""}
<title>${esc(o.innerPageDefects && p.path === "/hardscaping" ? longTitle : title)}</title>
${o.metaDescription === false ? "" : `<meta name="description" content="${esc(description)}">`}
${o.indexingTrap && isHome ? '<meta name="robots" content="noindex, nofollow">' : ""}
<link rel="canonical" href="${canonical}">
${
  o.og === false
    ? ""
    : `<meta property="og:type" content="website">
<meta property="og:title" content="${esc(title)}">
<meta property="og:description" content="${esc(description)}">
<meta property="og:image" content="${c.origin}/images/hero-patio.jpg">
<meta property="og:url" content="${c.origin}${o.base}${isHome ? "/" : p.path}">`
}
<link rel="icon" type="image/png" href="/favicon.png">
<style>${css}</style>
${
  o.renderBlocking
    ? `<link rel="stylesheet" href="/css/theme-bundle.css">
<script src="/js/jquery-3.7.1.js"></script>
<script src="/js/slider.bundle.js"></script>
<script src="/js/chat-widget.js"></script>`
    : ""
}
<script src="/js/site.js" defer></script>
${isHome ? jsonLd(c) : ""}
</head>`;
}

function header(c: Ctx): string {
  const o = c.o;
  const b = o.base;
  return `<header>
<a href="${b}/" class="logo"><img src="/images/logo.png"${o.imageAlt === false ? "" : ` alt="${g.name}"`} width="220" height="64"></a>
<nav aria-label="Main">
<a href="${b}/lawn-care">Lawn care</a><a href="${b}/hardscaping">Hardscaping</a><a href="${b}/irrigation">Irrigation</a><a href="${b}/landscape-design">Landscape design</a><a href="${b}/about">About</a><a href="${b}/reviews">Reviews</a><a href="${b}/contact">Contact</a>
</nav>
${o.telLink === false ? "" : `<a class="call" href="tel:${g.tel}">Call ${g.phone}</a>`}
<a class="btn" href="${b}/contact">Get a free quote</a>
</header>`;
}

function footer(c: Ctx): string {
  const o = c.o;
  const year = o.copyrightYear ?? c.now.getUTCFullYear();
  return `<footer>
<address>${g.name}<br>${g.street}, ${g.city}, ${g.region} ${g.zip}<br>${o.telLink === false ? `Phone ${c.phone}` : `<a href="tel:${g.tel}">${c.phone}</a>`}</address>
<p>Office hours: Monday to Friday 7:00 am to 6:00 pm, Saturday 8:00 am to noon.</p>
<p><a href="https://www.google.com/maps/place/4810+Burnet+Rd,+Austin,+TX+78756">Find us on Google Maps</a></p>
${
  o.social === false
    ? ""
    : `<p><a href="https://www.facebook.com/greenacresatx">Facebook</a> · <a href="https://www.instagram.com/greenacresatx">Instagram</a> · <a href="https://nextdoor.com/pages/green-acres-landscaping-austin-tx/">Nextdoor</a></p>`
}
<p>© ${year} ${g.name} LLC. All rights reserved.</p>
</footer>`;
}

const heading = (c: Ctx, text: string, p: PageDef) =>
  c.o.h1 === false || (c.o.innerPageDefects && p.path === "/about")
    ? `<div class="page-title">${text}</div>`
    : `<h1>${text}</h1>`;

function img(c: Ctx, i: { src: string; alt: string; width: number; height: number }, lazy = true) {
  return `<img src="${i.src}"${c.o.imageAlt === false ? "" : ` alt="${esc(i.alt)}"`} width="${i.width}" height="${i.height}"${lazy ? ' loading="lazy"' : ""}>`;
}

function homeMain(c: Ctx, p: PageDef): string {
  const o = c.o;
  const b = o.base;
  const photo = (src: string) =>
    o.mixedContent && src === "/images/crew.jpg" ? `http://${new URL(c.origin).host}${src}` : src;
  return `${heading(c, o.homeH1 ?? p.h1, p)}
<p>Green Acres Landscaping has kept Austin yards green since 2008. We are a family-owned crew of
twenty-two, licensed and insured, and every visit carries our satisfaction guarantee: if you are not
happy with the work, we come back and make it right at no charge.</p>
${img(c, { src: "/images/hero-patio.jpg", alt: "Paver patio with a fire pit and native plantings in Austin", width: 1200, height: 800 }, false)}
<h2>Our services</h2>
<ul class="services">
<li><a href="${b}/lawn-care">Lawn care and mowing</a>: weekly mowing, edging, fertilizing and aeration.</li>
<li><a href="${b}/hardscaping">Hardscaping</a>: paver patios, flagstone walks, retaining walls and fire pits.</li>
<li><a href="${b}/irrigation">Irrigation</a>: sprinkler repair, drip conversion and smart controllers.</li>
<li><a href="${b}/landscape-design">Landscape design</a>: native, drought-tolerant gardens drawn and planted by our crews.</li>
</ul>
<p>From weekly mowing and edging to complete landscape design, paver patios, retaining walls and
smart irrigation, we handle the whole yard so you can enjoy it. Our crews arrive on the same day each
week, in uniform, with commercial mowers that leave clean stripes and no clippings on your driveway.
We fertilize on a schedule built for Central Texas soil and keep an eye out for grubs, chinch bugs and
brown patch before they spread.</p>
${img(c, { src: photo("/images/lawn-stripes.jpg"), alt: "Freshly striped lawn in Round Rock", width: 800, height: 533 })}
${img(c, { src: o.brokenImage ? "/images/retaining-wall-before-after.jpg" : "/images/retaining-wall.jpg", alt: "Limestone retaining wall with planted terrace", width: 800, height: 533 })}
${img(c, { src: photo("/images/crew.jpg"), alt: "Our crew planting a native garden bed", width: 800, height: 533 })}
<h2>What our customers say</h2>
<p>Rated 4.9 out of 5 from 186 Google reviews.</p>
<blockquote>★★★★★ “They transformed our backyard in two weeks and the crew was spotless.” <cite>Maria G., Round Rock</cite></blockquote>
<blockquote>★★★★★ “Reliable every single week for four years.” <cite>Tom B., Cedar Park</cite></blockquote>
<p><a href="${b}/reviews">More reviews</a></p>
${o.brokenLink ? `<p><a href="${b}/patio-gallery">See our patio gallery</a></p>` : ""}
<h2>Why homeowners choose us</h2>
${trustList}
<h2>Where we work</h2>
${areaParagraph}
${o.form === false ? "" : quoteForm("home-quote")}
<h2>From the blog</h2>
<p><a href="${b}/blog/spring-lawn-checklist">A spring lawn checklist for Central Texas</a>, <time datetime="${c.blogDate}">${c.blogDate}</time></p>
${o.mixedContent ? `<script src="http://${new URL(c.origin).host}/js/reviews-widget.js" defer></script>` : ""}`;
}

function innerMain(c: Ctx, p: PageDef, trade: string | null): string {
  return `${heading(c, p.h1, p)}
${p.image ? img(c, p.image, false) : ""}
${p.main(c)}
${trade ? howParagraph(trade) : ""}
<h2>Why homeowners choose us</h2>
${trustList}
<h2>Where we work</h2>
${areaParagraph}
<p><a class="btn" href="${c.o.base}/contact">Get a free quote</a> or call ${c.o.telLink === false ? c.phone : `<a href="tel:${g.tel}">${c.phone}</a>`}.</p>`;
}

const homeDef: PageDef = {
  path: "/",
  title: "Lawn Care & Hardscaping in Austin, TX | Green Acres",
  description:
    "Green Acres Landscaping keeps Austin yards green: weekly lawn care, patios and retaining walls, irrigation and landscape design. Licensed, insured, free quotes.",
  h1: "Lawn care and hardscaping in Austin, TX",
  main: () => "",
};

const shellScript = (pages: Record<string, string>) => `// The app: builds each page in the browser.
const pages = ${JSON.stringify(pages)};
const root = document.getElementById("root");
root.innerHTML = pages[location.pathname] ?? pages["/"];
`;

/** Green Acres' routes with the options' defects planted. */
export function greenAcresSite(ctx: BuildContext, options: GreenAcresOptions = {}): SiteRoutes {
  const o = { base: "", ...options };
  const c: Ctx = {
    o,
    origin: ctx.origin,
    now: ctx.now,
    blogDate: day(ctx.now, 12 + (options.datesBackDays ?? 0)),
    phone: g.phone,
  };
  const home: PageDef = {
    ...homeDef,
    title: o.homeTitle ?? homeDef.title,
  };
  const defs = [home, ...services, ...others, blog(c.blogDate)];
  const pages: Record<string, Route> = {};
  const bodies: Record<string, string> = {};
  for (const p of defs) {
    const trade = services.includes(p) ? p.h1.split(/[:,]| in /)[0]!.toLowerCase() : null;
    const pc = { ...c, phone: o.inconsistentNap && p.path === "/contact" ? g.otherPhone : g.phone };
    const main = p.path === "/" ? homeMain(pc, p) : innerMain(pc, p, trade);
    const body = `${header(pc)}\n<main>\n${main}\n</main>\n${footer(pc)}`;
    const path = `${o.base}${p.path === "/" ? "/" : p.path}`;
    bodies[path] = body;
    const html = o.javascriptShell
      ? `<!doctype html>\n<html lang="en">\n${head(pc, p, home).replace('<script src="/js/site.js" defer></script>', '<script type="module" src="/assets/index-4f9c2a.js"></script>')}\n<body>\n<div id="root"></div>\n<noscript>You need to enable JavaScript to run this app.</noscript>\n</body>\n</html>\n`
      : `<!doctype html>\n<html lang="en">\n${head(pc, p, home)}\n<body>\n${body}\n<script>document.documentElement.classList.add("js")</script>\n</body>\n</html>\n`;
    pages[path] = {
      body: html,
      ...(o.noindexServices && services.includes(p)
        ? { headers: { "x-robots-tag": "noindex" } }
        : {}),
    };
  }
  if (o.javascriptShell)
    pages["/assets/index-4f9c2a.js"] = { type: "text/javascript", body: shellScript(bodies) };

  const sitemapUrls = defs.map((p) => ({
    loc: `${ctx.origin}${o.base}${p.path === "/" ? "/" : p.path}`,
    lastmod:
      p.path === "/"
        ? day(ctx.now, 5 + (o.datesBackDays ?? 0))
        : p.path.startsWith("/blog/")
          ? c.blogDate
          : day(ctx.now, 40 + (o.datesBackDays ?? 0)),
  }));
  pages["/robots.txt"] = {
    type: "text/plain; charset=utf-8",
    body:
      o.robotsTxt ??
      `User-agent: *\nAllow: /\n\n${o.sitemap === false ? "" : `Sitemap: ${ctx.origin}/sitemap.xml\n`}`,
  };
  if (o.sitemap !== false)
    pages["/sitemap.xml"] = {
      type: "application/xml",
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemapUrls
        .map((u) => `  <url><loc>${u.loc}</loc><lastmod>${u.lastmod}</lastmod></url>`)
        .join("\n")}\n</urlset>\n`,
    };

  // Files: light photos with their size written in the page, a small deferred script.
  const photo = (w: number, h: number, kb: number) => ({
    type: "image/jpeg",
    body: jpeg(w, h, kb * 1024),
  });
  Object.assign(pages, {
    "/favicon.png": { type: "image/png", body: png(32, 32) },
    "/images/logo.png": { type: "image/png", body: png(220, 64, 6 * 1024) },
    "/images/hero-patio.jpg": o.heavyImages ? photo(6000, 4000, 2600) : photo(1200, 800, 165),
    "/images/lawn-stripes.jpg": o.heavyImages ? photo(4000, 2667, 1250) : photo(800, 533, 84),
    "/images/retaining-wall.jpg": o.heavyImages ? photo(4000, 2667, 1320) : photo(800, 533, 92),
    "/images/crew.jpg": o.heavyImages ? photo(4000, 2667, 1180) : photo(800, 533, 96),
    "/images/drip-irrigation.jpg": photo(800, 533, 71),
    "/js/site.js": {
      type: "text/javascript",
      body: `document.querySelectorAll("nav a").forEach((a) => { if (a.pathname === location.pathname) a.setAttribute("aria-current", "page"); });\n`,
    },
  } satisfies Record<string, Route>);
  if (o.mixedContent)
    pages["/js/reviews-widget.js"] = { type: "text/javascript", body: "/* reviews carousel */\n" };
  if (o.renderBlocking) {
    const filler = (label: string, kb: number) =>
      `/* ${label} */\n` + "void 0;\n".repeat((kb * 1024) / 7);
    pages["/css/theme-bundle.css"] = {
      type: "text/css",
      body: `/* theme */\n${".x{color:#123}\n".repeat((260 * 1024) / 14)}`,
    };
    pages["/js/jquery-3.7.1.js"] = { type: "text/javascript", body: filler("jQuery", 280) };
    pages["/js/slider.bundle.js"] = { type: "text/javascript", body: filler("slider", 190) };
    pages["/js/chat-widget.js"] = { type: "text/javascript", body: filler("chat", 120) };
  }
  const routes: SiteRoutes = { pages };
  if (o.soft404) routes.notFound = { status: 200, body: pages[`${o.base}/`]!.body };
  return routes;
}
