/**
 * Crystal Clear Pool Care (Scottsdale, AZ) on Wix: the builder's server-rendered markup (deep
 * wrappers, rich-text elements, images on static.wixstatic.com, scripts from parastorage),
 * Wix's business JSON-LD, a robots.txt with its AdsBot groups and a sitemap index.
 * Planted: the phone is a rich-text line in the header with no tap-to-call link anywhere; the
 * home page's title is 'Home | Crystal Clear Pool Care' and its h1 the bare name (no town).
 */
import type { Route } from "../../auditSites.ts";
import type { BuildContext, CorpusSite, SiteRoutes } from "../sites.ts";
import { day, esc, text, xml, urlset } from "./kit.ts";

const b = {
  name: "Crystal Clear Pool Care",
  phone: "(480) 555-0132",
  street: "7320 E Butherus Dr",
  city: "Scottsdale",
  region: "AZ",
  zip: "85260",
};

let comp = 0;
const id = () => `comp-lq${(++comp).toString(36).padStart(4, "0")}`;
const rich = (html: string) =>
  `<div id="${id()}" class="HcOXKn c9GqVL QxJLC3 wixui-rich-text" data-testid="richTextElement">${html}</div>`;
const para = (html: string) =>
  `<p class="font_8 wixui-rich-text__text" style="font-size:16px; line-height:1.6em;"><span class="wixui-rich-text__text">${html}</span></p>`;
const wixImage = (name: string, w: number, h: number, alt: string) =>
  `<div id="${id()}" class="MazNVa wixui-image"><wow-image class="HlRz5e BI8PVQ" data-image-info='{"displayMode":"fill","imageData":{"width":${w * 3},"height":${h * 3},"uri":"b6c7a1_${name}~mv2.jpg"}}'><img src="https://static.wixstatic.com/media/b6c7a1_${name}~mv2.jpg/v1/fill/w_${w},h_${h},al_c,q_85,usm_0.66_1.00_0.01,enc_auto/${name}.jpg" alt="${esc(alt)}" style="width:${w}px;height:${h}px;object-fit:cover" width="${w}" height="${h}" fetchpriority="high"></wow-image></div>`;
const wixButton = (href: string, label: string) =>
  `<div class="comp-lq-btn wixui-button"><a data-testid="linkElement" href="${href}" class="uDW_Qe wixui-button PlZyDq" aria-disabled="false"><span class="l7_2fn wixui-button__label">${label}</span></a></div>`;

interface Def {
  path: string;
  title: string;
  description: string;
  h1: string;
  html: string;
}

function layout(c: BuildContext, d: Def, jsonLd: string): string {
  const url = `${c.origin}${d.path}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset='utf-8'>
  <meta name="viewport" content="width=device-width, initial-scale=1" id="wixDesktopViewport" />
  <meta http-equiv="X-UA-Compatible" content="IE=edge">
  <meta name="generator" content="Wix.com Website Builder"/>
  <link rel="icon" sizes="192x192" href="https://static.wixstatic.com/media/b6c7a1_fav~mv2.png/v1/fill/w_192%2Ch_192%2Clg_1%2Cusm_0.66_1.00_0.01/b6c7a1_fav~mv2.png" type="image/png"/>
  <script type="text/javascript">window.viewerModel = {"site":{"metaSiteId":"3f9a"},"language":"en"};</script>
  <script async type="module" src="https://static.parastorage.com/services/wix-thunderbolt/dist/main.a1f3c8e2.bundle.min.js"></script>
  <title>${esc(d.title)}</title>
  <meta name="description" content="${esc(d.description)}"/>
  <link rel="canonical" href="${url}"/>
  <meta property="og:title" content="${esc(d.title)}"/>
  <meta property="og:description" content="${esc(d.description)}"/>
  <meta property="og:image" content="https://static.wixstatic.com/media/b6c7a1_pool-hero~mv2.jpg/v1/fit/w_2500,h_1330,al_c/b6c7a1_pool-hero~mv2.jpg"/>
  <meta property="og:url" content="${url}"/>
  <meta property="og:site_name" content="${esc(b.name)}"/>
  <meta property="og:type" content="website"/>
  ${jsonLd}
  <meta name="twitter:card" content="summary_large_image"/>
</head>
<body>
<div id="SITE_CONTAINER"><div id="main_MF" class="main_MF"><div id="SCROLL_TO_TOP" class="Vd6aQZ ignore-focus" tabindex="-1" role="region" aria-label="top of page"></div>
<div id="BACKGROUND_GROUP"><div id="pageBackground_q1e9x" class="pageBackground_q1e9x"></div></div>
<div id="site-root"><div id="masterPage" class="mesh-layout">
<header id="SITE_HEADER" class="xU8fqS SITE_HEADER wixui-header" tabindex="-1"><div class="_C0cVf"><div class="_4XcTfy" data-testid="screenWidthContainerBg"></div></div>
<div data-mesh-id="SITE_HEADERinlineContent" data-testid="inline-content">
${wixImage("logo-wave", 180, 60, "Crystal Clear Pool Care logo")}
<nav id="${id()}" aria-label="Site" class="wixui-horizontal-menu"><ul class="ItHTsH">
<li><a data-testid="linkElement" href="${c.origin}/">Home</a></li>
<li><a data-testid="linkElement" href="${c.origin}/pool-cleaning">Pool Cleaning</a></li>
<li><a data-testid="linkElement" href="${c.origin}/pool-repair">Pool Repair</a></li>
<li><a data-testid="linkElement" href="${c.origin}/green-pool-recovery">Green Pool Recovery</a></li>
<li><a data-testid="linkElement" href="${c.origin}/equipment-upgrades">Equipment</a></li>
<li><a data-testid="linkElement" href="${c.origin}/about">About</a></li>
<li><a data-testid="linkElement" href="${c.origin}/contact">Contact</a></li>
</ul></nav>
${rich(para(`Call ${b.phone}`))}
${wixButton(`${c.origin}/contact`, "Get a Free Quote")}
</div></header>
<main id="PAGES_CONTAINER" class="PAGES_CONTAINER" tabindex="-1" data-main-content="true"><div id="SITE_PAGES"><div class="s_yOSHETPageTransitionGroup">
<div id="${id()}" class="dBAkHi theme-vars"><section class="wixui-section">
${rich(`<h1 class="font_0 wixui-rich-text__text"><span class="wixui-rich-text__text">${esc(d.h1)}</span></h1>`)}
${d.html}
</section></div>
</div></div></main>
<footer id="SITE_FOOTER" class="SITE_FOOTER wixui-footer" tabindex="-1"><div data-mesh-id="SITE_FOOTERinlineContent">
${rich(`${para(`${b.name}`)}${para(`${b.street}, ${b.city}, ${b.region} ${b.zip}`)}${para(`Tel: ${b.phone}`)}${para("Mon - Sat: 7am - 6pm")}`)}
<ul class="wixui-social-bar"><li><a href="https://www.facebook.com/crystalclearpoolaz" target="_blank" aria-label="Facebook">${wixImage("fb-icon", 24, 24, "Facebook")}</a></li><li><a href="https://www.instagram.com/crystalclearpoolaz" target="_blank" aria-label="Instagram">${wixImage("ig-icon", 24, 24, "Instagram")}</a></li></ul>
${rich(para(`<a href="https://www.google.com/maps/place/7320+E+Butherus+Dr,+Scottsdale,+AZ+85260">Find us on the map</a>`))}
${rich(para(`© ${c.now.getUTCFullYear()} by ${b.name}. Proudly created with Wix.com`))}
</div></footer>
</div></div></div></div>
<script type="text/javascript">window.__WIX_BI__ = {};</script>
</body>
</html>
`;
}

const serviceText = {
  cleaning: `${para("Weekly pool service in Scottsdale includes skimming, brushing walls and steps, vacuuming, emptying baskets, testing and balancing the water, and a filter check every visit. You get a service report with photos and chemical readings by text after each visit.")}
${para("Plans start at one visit a week all year, with a second summer visit for pools under trees or with heavy use.")}`,
  repair: `${para("Pumps that hum but will not start, leaking filters, heaters that will not light, automation that lost its schedule: our certified technicians carry common parts on the truck and fix most problems on the first visit.")}`,
  green: `${para("A green pool after a monsoon storm or a missed month is not a lost cause. We shock, brush, run the filter around the clock and clean the cartridges until the water is clear again, usually within three to five days, without draining.")}`,
  equipment: `${para("Variable-speed pumps, cartridge filters, salt systems and automation installed and programmed. A variable-speed pump alone cuts a Scottsdale pool's electricity bill by up to seventy percent, and APS rebates pay part of it.")}`,
};

function build(c: BuildContext): SiteRoutes {
  comp = 0;
  const jsonLd = `<script type="application/ld+json">{"@context":"https://schema.org/","@type":"LocalBusiness","name":"${b.name}","url":"${c.origin}","image":"https://static.wixstatic.com/media/b6c7a1_pool-hero~mv2.jpg","telephone":"+1-480-555-0132","address":{"@type":"PostalAddress","streetAddress":"${b.street}","addressLocality":"${b.city}","addressRegion":"${b.region}","postalCode":"${b.zip}","addressCountry":"US"},"openingHoursSpecification":[{"@type":"OpeningHoursSpecification","dayOfWeek":["Monday","Tuesday","Wednesday","Thursday","Friday","Saturday"],"opens":"07:00","closes":"18:00"}]}</script>`;
  const quote = `${rich(`<h2 class="font_2 wixui-rich-text__text">Request a Free Quote</h2>`)}
<form id="${id()}" class="JVi7i2 wixui-form" aria-label="Quote form">
<div class="wixui-text-input"><label for="input_first">First name</label><input id="input_first" name="first-name" type="text" required></div>
<div class="wixui-text-input"><label for="input_email">Email</label><input id="input_email" name="email" type="email" required></div>
<div class="wixui-text-input"><label for="input_phone">Phone</label><input id="input_phone" name="phone" type="tel"></div>
<div class="wixui-text-box"><label for="textarea_msg">Tell us about your pool</label><textarea id="textarea_msg" name="message"></textarea></div>
<div class="wixui-button"><button type="submit" class="wixui-button" aria-disabled="false"><span class="wixui-button__label">Submit</span></button></div>
</form>`;
  const home: Def = {
    path: "/",
    title: "Home | Crystal Clear Pool Care",
    description:
      "Weekly pool cleaning, pool repair, green pool recovery and equipment upgrades in Scottsdale, Phoenix and Tempe. Licensed, insured and family owned.",
    h1: b.name,
    html: `${rich(para("Sparkling water all year, without spending your weekends on it. Crystal Clear Pool Care is a family-owned pool service company in Scottsdale, licensed and fully insured, with certified pool operators on every route since 2012."))}
${wixImage("pool-hero", 980, 653, "Sparkling backyard pool at sunset in Scottsdale")}
${rich(`<h2 class="font_2 wixui-rich-text__text">Our Services</h2>`)}
${rich(`${para(`<a href="${c.origin}/pool-cleaning">Weekly pool cleaning</a>: skim, brush, vacuum, baskets and balanced water every week.`)}${para(`<a href="${c.origin}/pool-repair">Pool repair</a>: pumps, filters, heaters, leaks and automation.`)}${para(`<a href="${c.origin}/green-pool-recovery">Green pool recovery</a>: from swamp to swimmable in days, without draining.`)}${para(`<a href="${c.origin}/equipment-upgrades">Equipment upgrades</a>: variable-speed pumps, salt systems and smart controls.`)}`)}
${rich(para("Desert pools work harder than pools anywhere else. Summer heat burns through chlorine in a day, monsoon storms dump dust and leaves, and hard water leaves scale on tile and equipment. Our technicians test and balance the water on every visit, keep a log for your pool, and tell you early when a pump or filter is wearing out, so a small repair never turns into a green pool. We text you a photo of your clean pool after every visit, and the same technician comes every week."))}
${wixImage("tile-cleaning", 480, 320, "Technician cleaning calcium from pool tile")}
${rich(`<h2 class="font_2 wixui-rich-text__text">Why Choose Us</h2>`)}
${rich(`${para("Licensed and insured, with Certified Pool Operators on every route.")}${para("Family owned and serving the Valley since 2012.")}${para("Satisfaction guarantee: if the water is not right, we come back within 24 hours at no charge.")}`)}
${rich(`<h2 class="font_2 wixui-rich-text__text">What Our Customers Say</h2>`)}
${rich(`${para("★★★★★ “Our pool has never looked this good. Same tech every Tuesday and always a photo afterwards.” Denise R., Scottsdale")}${para("★★★★★ “They rescued our green pool in four days before my daughter's party.” Mike L., Tempe")}`)}
${rich(para("Serving Scottsdale, Phoenix, Tempe, Mesa and Paradise Valley. Ask about our first month half-price offer for new weekly customers."))}
${quote}
${rich(para(`Latest from our blog: <a href="${c.origin}/post/monsoon-pool-care-checklist">A monsoon pool care checklist</a>`))}`,
  };
  const inner: Def[] = [
    {
      path: "/pool-cleaning",
      title: "Weekly Pool Cleaning in Scottsdale | Crystal Clear Pool Care",
      description:
        "Weekly pool cleaning in Scottsdale and Phoenix: skimming, brushing, vacuuming and balanced water, with a photo report after every visit.",
      h1: "Weekly Pool Cleaning in Scottsdale",
      html: `${rich(serviceText.cleaning)}${wixButton(`${c.origin}/contact`, "Get a Free Quote")}`,
    },
    {
      path: "/pool-repair",
      title: "Pool Repair in Scottsdale & Tempe | Crystal Clear Pool Care",
      description:
        "Pool pump, filter, heater and leak repair in Scottsdale and Tempe by certified technicians, most fixed on the first visit.",
      h1: "Pool Repair in Scottsdale",
      html: `${rich(serviceText.repair)}${wixButton(`${c.origin}/contact`, "Get a Free Quote")}`,
    },
    {
      path: "/green-pool-recovery",
      title: "Green Pool Cleanup in Scottsdale | Crystal Clear Pool Care",
      description:
        "Green pool recovery in Scottsdale and Phoenix: clear water again in three to five days, usually without draining the pool.",
      h1: "Green Pool Recovery",
      html: `${rich(serviceText.green)}${wixButton(`${c.origin}/contact`, "Get a Free Quote")}`,
    },
    {
      path: "/equipment-upgrades",
      title: "Pool Pumps, Filters & Salt Systems | Crystal Clear Pool Care",
      description:
        "Variable-speed pool pumps, filters, salt systems and automation installed in Scottsdale homes, with APS rebates handled for you.",
      h1: "Pool Equipment Upgrades",
      html: `${rich(serviceText.equipment)}${wixButton(`${c.origin}/contact`, "Get a Free Quote")}`,
    },
    {
      path: "/about",
      title: "About Us | Crystal Clear Pool Care, Scottsdale",
      description:
        "Meet the family behind Crystal Clear Pool Care: certified pool operators serving Scottsdale homes since 2012.",
      h1: "About Crystal Clear Pool Care",
      html: rich(
        para(
          "Ana and Luis Ortega started Crystal Clear with one truck and thirty pools in north Scottsdale. Today eight technicians care for more than six hundred pools across the East Valley, each one on the same route every week.",
        ),
      ),
    },
    {
      path: "/contact",
      title: "Contact Crystal Clear Pool Care | Free Pool Service Quote",
      description:
        "Ask for a free pool service quote in Scottsdale, Phoenix or Tempe: call us or send the form and we answer within one business day.",
      h1: "Contact Us",
      html: `${rich(para(`Call ${b.phone}, Monday to Saturday 7am to 6pm, or send the form and we answer within one business day.`))}${quote}`,
    },
    {
      path: "/post/monsoon-pool-care-checklist",
      title: "A Monsoon Pool Care Checklist for Scottsdale Pools",
      description:
        "What to do before and after a monsoon storm so your pool stays blue: skimmer baskets, shock, filter cleaning and water level.",
      h1: "A Monsoon Pool Care Checklist",
      html: rich(
        `${para(`<time datetime="${day(c.now, 33)}">${day(c.now, 33)}</time> · 3 min read`)}${para("Before a storm, empty the skimmer baskets and run the pump. After it, net out the debris, brush, shock the water, and clean the filter once the dust has settled to the bottom.")}`,
      ),
    },
  ];
  const pages: Record<string, Route> = {};
  for (const d of [home, ...inner])
    pages[d.path] = { body: layout(c, d, d === home ? jsonLd : "") };
  pages["/robots.txt"] = text(
    `# By Wix\nUser-agent: *\nAllow: /\n\n# Optimization for Google Ads Bot\nUser-agent: AdsBot-Google-Mobile\nUser-agent: AdsBot-Google\nDisallow: /_api/*\nDisallow: /_partials*\nDisallow: /pro-gallery-webapp/v1/galleries/*\n\n# Block PetalBot\nUser-agent: PetalBot\nDisallow: /\n\nSitemap: ${c.origin}/sitemap.xml\n`,
  );
  pages["/sitemap.xml"] = xml(
    `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${c.origin}/pages-sitemap.xml</loc><lastmod>${day(c.now, 6)}</lastmod></sitemap><sitemap><loc>${c.origin}/blog-posts-sitemap.xml</loc><lastmod>${day(c.now, 33)}</lastmod></sitemap></sitemapindex>`,
  );
  pages["/pages-sitemap.xml"] = urlset(
    [home, ...inner.slice(0, -1)].map((d) => ({
      loc: `${c.origin}${d.path}`,
      lastmod: day(c.now, 6),
    })),
  );
  pages["/blog-posts-sitemap.xml"] = urlset([
    { loc: `${c.origin}/post/monsoon-pool-care-checklist`, lastmod: day(c.now, 33) },
  ]);
  return { pages };
}

export const crystalPools: CorpusSite = {
  id: "blind-wix-pool",
  about:
    "Crystal Clear Pool Care, Scottsdale AZ, on Wix: images on Wix's CDN, Wix's business JSON-LD, a sitemap index; the phone only as header text (no tel: link anywhere), home title 'Home | …' and the bare name as h1",
  scheme: "https",
  build,
  fail: {
    "tel-link": "'Call (480) 555-0132' is plain text: a phone visitor cannot tap it",
    "local-keywords":
      "the home title 'Home | Crystal Clear Pool Care' and h1 'Crystal Clear Pool Care' name no town",
  },
};
