/**
 * Mike's Plowing & Lawn (Buffalo, NY) on a hosted website builder (GoDaddy-style data-ux
 * markup, https and a viewport from the builder, a generated robots.txt and sitemap). The kind
 * of site that loses most of the leads it gets: the phone number exists only inside the banner
 * picture, there is no form (visitors are sent to Facebook Messenger), no button asks for a
 * quote or a call, and almost nothing is written: no town, no hours, no reviews.
 */
import type { Route } from "../../auditSites.ts";
import type { BuildContext, CorpusSite, SiteRoutes } from "../sites.ts";
import { esc, photo, picture, text, urlset } from "./kit.ts";

interface Def {
  path: string;
  title: string;
  html: string;
}

function layout(c: BuildContext, d: Def): string {
  return `<!DOCTYPE html><html lang="en-US"><head><meta charSet="utf-8"/><meta http-equiv="X-UA-Compatible" content="IE=edge"/><meta name="viewport" content="width=device-width, initial-scale=1"/><title>${esc(d.title)}</title><meta name="author" content="Mike&#39;s Plowing &amp; Lawn"/><meta name="generator" content="Starfield Technologies; Go Daddy Website Builder 8.0.0000"/><link rel="manifest" href="/manifest.webmanifest"/><link rel="canonical" href="${c.origin}${d.path}"/><meta property="og:url" content="${c.origin}${d.path}"/><meta property="og:site_name" content="Mike&#39;s Plowing &amp; Lawn"/><meta property="og:title" content="Mike&#39;s Plowing &amp; Lawn"/><meta property="og:type" content="website"/><meta property="og:image" content="${c.origin}/img/banner-call-mike.jpg"/><meta property="og:locale" content="en_US"/><script type="text/javascript" src="https://img1.wsimg.com/poly/v3/polyfill.min.js?unknown=polyfill&amp;flags=gated&amp;features=default" async=""></script><style data-inline-fonts>/* fonts */</style></head>
<body><div id="layout-4f2a"><div class="x"><div class="x-el x-el-div c1-1 c1-2" data-ux="Page">
<div data-ux="Block" class="widget widget-header widget-header-header-9"><div data-ux="Header" role="main" data-aid="HEADER_WIDGET" class="x-el x-el-div">
<nav data-ux="Block"><a data-ux="Link" data-aid="HEADER_LOGO_IMAGE_RENDERED" href="/"><img src="/img/mikes-logo.png" alt="Mike&#39;s Plowing &amp; Lawn" width="200" height="80" data-ux="ImageLogo"/></a>
<ul data-ux="List"><li><a data-ux="NavLink" href="/">Home</a></li><li><a data-ux="NavLink" href="/snow-plowing">Snow Plowing</a></li><li><a data-ux="NavLink" href="/lawn-mowing">Lawn Mowing</a></li></ul></nav>
</div></div>
${d.html}
<div data-ux="Block" class="widget widget-footer widget-footer-footer-2"><div data-ux="Footer" role="contentinfo">
<p data-ux="FooterText">Mike&#39;s Plowing &amp; Lawn</p>
<a data-ux="SocialLink" href="https://www.facebook.com/mikesplowingbuffalo" target="_blank" aria-label="Facebook Social Link">Facebook</a>
<p data-ux="FooterText" data-aid="FOOTER_COPYRIGHT_RENDERED">Copyright © 2019 Mike&#39;s Plowing &amp; Lawn - All Rights Reserved.</p>
<p data-ux="FooterText"><a href="https://www.godaddy.com/websites/website-builder?cvosrc=assets.wsb_badge.wsb_badge" target="_blank" rel="nofollow noopener">Powered by GoDaddy</a></p>
</div></div>
</div></div></div>
<script type="text/javascript">window.wsb={};</script>
</body></html>
`;
}

function build(c: BuildContext): SiteRoutes {
  const home: Def = {
    path: "/",
    title: "Home",
    html: `<div data-ux="Block" class="widget widget-header-hero"><div data-ux="Container">
<img src="/img/banner-call-mike.jpg" alt="Mike&#39;s Plowing &amp; Lawn" width="1600" height="900" data-ux="HeroImage"/>
<h2 data-ux="HeroHeading">Welcome</h2>
</div></div>
<div data-ux="Block" class="widget widget-about"><div data-ux="Container">
<h3 data-ux="SectionHeading">About Us</h3>
<p data-ux="Text">Snow plowing in the winter and lawn mowing in the summer. Residential and commercial. We have been
doing this a long time and we show up when we say we will. Driveways, parking lots, walks. Weekly mowing, spring and
fall clean ups, hedge trimming. Message us on Facebook for pricing.</p>
<p data-ux="Text"><a href="https://m.me/mikesplowingbuffalo" target="_blank">Message us on Facebook</a></p>
<img src="/img/truck-plow.jpg" alt="Plow truck" width="800" height="600" data-ux="Image"/>
</div></div>`,
  };
  const inner: Def[] = [
    {
      path: "/snow-plowing",
      title: "Snow Plowing",
      html: `<div data-ux="Block"><div data-ux="Container"><h3 data-ux="SectionHeading">Snow Plowing</h3><p data-ux="Text">Residential driveways and commercial lots plowed all winter long. Seasonal contracts or per push. Salting available for walks and lots. Message us on Facebook for a price.</p></div></div>`,
    },
    {
      path: "/lawn-mowing",
      title: "Lawn Mowing",
      html: `<div data-ux="Block"><div data-ux="Container"><h3 data-ux="SectionHeading">Lawn Mowing</h3><p data-ux="Text">Weekly and every other week mowing, trimming and blowing off hard surfaces. Spring and fall clean ups and hedge trimming too. Message us on Facebook for a price.</p></div></div>`,
    },
  ];
  const pages: Record<string, Route> = {};
  for (const d of [home, ...inner]) pages[d.path] = { body: layout(c, d) };
  pages["/robots.txt"] = text(`User-agent: *\nAllow: /\n\nSitemap: ${c.origin}/sitemap.xml\n`);
  pages["/sitemap.xml"] = urlset(
    [home, ...inner].map((d) => ({ loc: `${c.origin}${d.path}`, lastmod: "2019-03-14" })),
  );
  pages["/img/mikes-logo.png"] = picture(200, 80, 9);
  // The phone number is painted into the banner: 'CALL MIKE 716-555-0155'.
  pages["/img/banner-call-mike.jpg"] = photo(1600, 900, 214);
  pages["/img/truck-plow.jpg"] = photo(800, 600, 88);
  pages["/manifest.webmanifest"] = {
    type: "application/manifest+json",
    body: '{"name":"Mike\'s Plowing & Lawn"}',
  };
  return { pages };
}

export const mikesPlowing: CorpusSite = {
  id: "blind-builder-snow-weak",
  about:
    "Mike's Plowing & Lawn, Buffalo NY, on a hosted website builder: the phone only inside the banner picture, 'Message us on Facebook' instead of a form or a quote button, about 60 words on the home page, title 'Home', no h1, description, JSON-LD, town, hours, reviews or trust signals; © 2019; sitemap dates from 2019",
  scheme: "https",
  build,
  fail: {
    "tel-link": "no tap-to-call link anywhere",
    "phone-first-screen": "the number is only painted into the banner picture",
    "nap-visible": "no phone number or address as text on the home page",
    "contact-form": "no form: visitors are sent to Facebook Messenger",
    cta: "no button or line asking for a quote or a call",
    reviews: "no testimonials, rating or review link",
    "trust-signals": "nothing about licence, insurance, years or guarantees",
    "word-count": "about 60 words on the home page",
    "local-keywords": "title 'Home', no h1: neither a trade nor a town",
    "meta-description": "no description on any page",
    h1: "no h1 on any page",
    "local-business-schema": "no structured data",
    "service-area": "no town named anywhere",
    "map-link": "no map or directions",
    "opening-hours": "no hours",
    "copyright-year": "© 2019",
    "fresh-content": "the newest date (sitemap) is from 2019",
    "og-tags": "no og:description",
    "service-pages": "two thin service pages, not three",
  },
  maxScore: 50,
};
