/**
 * Oak & Ash Arborists (Madison, WI): a hand-coded PHP site from a local web shop (Bootstrap 5
 * from a CDN, includes for header and footer, .php addresses, an English/Spanish switch under
 * /en/ and /es/).
 * Planted: the home page is two redirects away (/ → 302 /index.php → 301 /en/); any unknown
 * address is sent to the home page (302 → 200) instead of a 404; the LocalBusiness JSON-LD has
 * a name, a logo and a URL but no address or telephone.
 */
import type { Route } from "../../auditSites.ts";
import type { BuildContext, CorpusSite, SiteRoutes } from "../sites.ts";
import { day, esc, photo, picture, text, textFile, urlset } from "./kit.ts";

const o = {
  name: "Oak & Ash Arborists",
  phone: "(608) 555-0187",
  tel: "+16085550187",
  street: "2340 Fish Hatchery Rd",
  city: "Madison",
  region: "WI",
  zip: "53713",
};

interface Def {
  path: string;
  title: string;
  description: string;
  h1: string;
  html: string;
}

function layout(c: BuildContext, d: Def, head = ""): string {
  const url = `${c.origin}${d.path}`;
  const nav = (path: string, label: string) =>
    `<li class="nav-item"><a class="nav-link" href="/en/${path}">${label}</a></li>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(d.title)}</title>
<meta name="description" content="${esc(d.description)}">
<link rel="canonical" href="${url}">
<link rel="alternate" hreflang="es" href="${c.origin}/es/">
<meta property="og:title" content="${esc(d.title)}">
<meta property="og:description" content="${esc(d.description)}">
<meta property="og:image" content="${c.origin}/assets/img/oak-ash-og.jpg">
<link href="https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/css/bootstrap.min.css" rel="stylesheet" integrity="sha384-QWTKZyjpPEjISv5WaRU9OFeRpok6YctnYmDr5pNlyT2bRjXh0JMhjY6hW+ALEwIH" crossorigin="anonymous">
<link href="/assets/css/site.css?v=14" rel="stylesheet">
${head}
</head>
<body>
<header class="site-header">
<nav class="navbar navbar-expand-lg bg-body-tertiary"><div class="container">
<a class="navbar-brand" href="/en/"><img src="/assets/img/oak-ash-logo.png" width="190" height="60" alt="Oak &amp; Ash Arborists"></a>
<button class="navbar-toggler" type="button" data-bs-toggle="collapse" data-bs-target="#nav" aria-controls="nav" aria-expanded="false" aria-label="Toggle navigation"><span class="navbar-toggler-icon"></span></button>
<div class="collapse navbar-collapse" id="nav"><ul class="navbar-nav ms-auto">
${nav("tree-removal.php", "Tree Removal")}${nav("tree-trimming.php", "Trimming")}${nav("emergency-tree-care.php", "Emergency")}${nav("stump-grinding.php", "Stumps")}${nav("about.php", "About")}${nav("contact.php", "Contact")}
<li class="nav-item"><a class="nav-link" href="/es/">Español</a></li>
</ul></div>
<a class="btn btn-success ms-lg-3" href="tel:${o.tel}"><i class="bi bi-telephone"></i> ${o.phone}</a>
</div></nav>
</header>
<main class="container py-4">
<h1 class="display-5">${esc(d.h1)}</h1>
${d.html}
</main>
<footer class="bg-dark text-light py-4"><div class="container">
<div class="row">
<div class="col-md-4"><strong>${esc(o.name)}</strong><br>${o.street}<br>${o.city}, ${o.region} ${o.zip}<br><a class="link-light" href="tel:${o.tel}">${o.phone}</a></div>
<div class="col-md-4">Mon–Fri 7:00 am – 5:00 pm<br>24/7 storm emergency line</div>
<div class="col-md-4"><a class="link-light" href="https://www.facebook.com/oakashmadison">Facebook</a> · <a class="link-light" href="https://www.google.com/maps/place/2340+Fish+Hatchery+Rd,+Madison,+WI+53713">Map</a></div>
</div>
<p class="small mt-3 mb-0">&copy; 2015-${c.now.getUTCFullYear()} ${esc(o.name)}. Website by Badger Web Works.</p>
</div></footer>
<script src="https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/js/bootstrap.bundle.min.js" integrity="sha384-YvpcrYf0tY3lHB60NNkmXc5s9fDVZLESaAA55NDzOxhy9GkcIdslK1eN7N6jIeHz" crossorigin="anonymous" defer></script>
</body>
</html>
`;
}

function build(c: BuildContext): SiteRoutes {
  const posted = day(c.now, 27);
  const jsonLd = `<script type="application/ld+json">
{
  "@context": "http://schema.org",
  "@type": "LocalBusiness",
  "name": "${o.name}",
  "url": "${c.origin}/en/",
  "logo": "${c.origin}/assets/img/oak-ash-logo.png",
  "sameAs": ["https://www.facebook.com/oakashmadison"]
}
</script>`;
  const quoteForm = `<form method="post" action="/en/contact.php" class="row g-3">
<div class="col-md-6"><label for="qname" class="form-label">Name</label><input type="text" class="form-control" id="qname" name="qname" required></div>
<div class="col-md-6"><label for="qphone" class="form-label">Phone</label><input type="tel" class="form-control" id="qphone" name="qphone" required></div>
<div class="col-12"><label for="qmsg" class="form-label">Tell us about the tree</label><textarea class="form-control" id="qmsg" name="qmsg" rows="3"></textarea></div>
<div class="col-12"><button type="submit" class="btn btn-success">Request a free estimate</button></div>
</form>`;
  const home: Def = {
    path: "/en/",
    title: "Tree Service & Arborists in Madison, WI | Oak & Ash Arborists",
    description:
      "Certified arborists in Madison, Middleton and Fitchburg: tree removal, trimming, stump grinding and 24/7 storm response. Fully insured, free estimates.",
    h1: "Tree service in Madison, Wisconsin",
    html: `<p class="lead">Oak &amp; Ash Arborists cares for the trees of Madison, Middleton, Fitchburg and Verona. Our
ISA certified arborists remove hazardous trees, prune for health and clearance, grind stumps and answer storm
calls around the clock. Fully insured, locally owned since 2015.</p>
<p><a class="btn btn-lg btn-success" href="/en/contact.php">Get a free estimate</a></p>
<img class="img-fluid rounded" src="/assets/img/crane-removal.jpg" width="1110" height="624" alt="Crane lifting a removed oak section over a Madison house">
<h2 class="mt-4">Services</h2>
<div class="row row-cols-1 row-cols-md-2 g-3">
<div class="col"><div class="card h-100"><div class="card-body"><h3 class="h5"><a href="/en/tree-removal.php">Tree removal</a></h3><p>Hazardous, dead and unwanted trees removed safely, even over houses and lines.</p></div></div></div>
<div class="col"><div class="card h-100"><div class="card-body"><h3 class="h5"><a href="/en/tree-trimming.php">Tree trimming</a></h3><p>Crown cleaning, thinning and clearance pruning done to ANSI standards.</p></div></div></div>
<div class="col"><div class="card h-100"><div class="card-body"><h3 class="h5"><a href="/en/emergency-tree-care.php">Emergency tree care</a></h3><p>Storm damage handled day or night, with insurance paperwork done for you.</p></div></div></div>
<div class="col"><div class="card h-100"><div class="card-body"><h3 class="h5"><a href="/en/stump-grinding.php">Stump grinding</a></h3><p>Stumps ground below grade and the chips cleaned up or left as mulch.</p></div></div></div>
</div>
<p class="mt-3">Emerald ash borer has killed thousands of ash trees across Dane County, and a dead ash gets brittle
fast. We treat ash trees worth saving, remove the ones that are not before they fall, and replant with oaks,
maples and other species that will shade your yard for the next century. Every estimate is free, written and
given by a certified arborist, and every job ends with the yard raked and the wood chipped or hauled away.</p>
<h2>What customers say</h2>
<p>★★★★★ “They removed three dead ash trees next to our garage in one morning, and you would never know they had been there.” – Ellen K., Middleton</p>
<p>★★★★★ “Honest, on time, and half the price of the first quote we got.” – Jorge R., Fitchburg</p>
<h2>Why Oak &amp; Ash</h2>
<ul><li>ISA certified arborists</li><li>Fully insured, with workers' compensation</li><li>Satisfaction guaranteed</li></ul>
<p>Proudly serving Madison, Middleton, Fitchburg, Verona and Sun Prairie.</p>
<h2>Free estimate</h2>
${quoteForm}
<p class="mt-3">News: <a href="/en/news/emerald-ash-borer-2026.php">Emerald ash borer: treat or remove?</a> <time datetime="${posted}">${posted}</time></p>`,
  };
  const svc = (slug: string, title: string, description: string, h1: string, p: string): Def => ({
    path: `/en/${slug}`,
    title,
    description,
    h1,
    html: `<p>${p}</p><p><a class="btn btn-success" href="/en/contact.php">Get a free estimate</a></p>`,
  });
  const inner: Def[] = [
    svc(
      "tree-removal.php",
      "Tree Removal in Madison, WI | Oak & Ash Arborists",
      "Safe tree removal in Madison and Middleton by certified arborists, with cranes and rigging near houses and lines.",
      "Tree removal in Madison",
      "We take down hazardous, dead and unwanted trees in sections, with rigging or a crane near houses, garages and power lines, and leave the yard clean.",
    ),
    svc(
      "tree-trimming.php",
      "Tree Trimming in Madison, WI | Oak & Ash Arborists",
      "Tree trimming and pruning in Madison to ANSI standards: crown cleaning, thinning and clearance from roofs and lines.",
      "Tree trimming in Madison",
      "We prune for health, safety and clearance: dead and crossing limbs out, crowns thinned to let wind through, branches lifted off roofs and driveways.",
    ),
    svc(
      "emergency-tree-care.php",
      "Emergency Tree Care in Madison | Oak & Ash Arborists",
      "24/7 emergency tree service in Madison for storm-damaged trees on houses, cars and fences.",
      "Emergency tree care",
      "A tree on your roof cannot wait until Monday. Our storm crew answers day and night, makes the house safe, removes the tree and helps with your insurance claim.",
    ),
    svc(
      "stump-grinding.php",
      "Stump Grinding in Madison & Verona | Oak & Ash Arborists",
      "Stump grinding in Madison and Verona below grade, chips cleaned up or left as mulch.",
      "Stump grinding",
      "We grind stumps six to ten inches below grade so you can seed, sod or plant, and clean up the chips or leave them for your beds.",
    ),
    {
      path: "/en/about.php",
      title: "About Oak & Ash Arborists | Madison Tree Service",
      description:
        "Oak & Ash Arborists is a locally owned Madison tree service with ISA certified arborists, founded in 2015.",
      h1: "About us",
      html: "<p>Founded in 2015 by arborists Kate Lindgren and Amir Haddad, Oak &amp; Ash is a team of nine climbers and ground crew based on Fish Hatchery Road.</p>",
    },
    {
      path: "/en/contact.php",
      title: "Contact Oak & Ash Arborists | Free Tree Estimate in Madison",
      description:
        "Ask for a free tree service estimate in Madison: call (608) 555-0187 or send the form.",
      h1: "Contact us",
      html: `<p>Call <a href="tel:${o.tel}">${o.phone}</a> or send the form, and an arborist will call you back within one business day.</p>${quoteForm}`,
    },
    {
      path: "/en/news/emerald-ash-borer-2026.php",
      title: "Emerald Ash Borer: Treat or Remove? | Oak & Ash Arborists",
      description:
        "How Madison homeowners can decide whether to treat or remove an ash tree as emerald ash borer spreads.",
      h1: "Emerald ash borer: treat or remove?",
      html: `<p><time datetime="${posted}">${posted}</time></p><p>A healthy ash with less than a third of its crown lost can be treated every two years; a tree past that point should come down before it turns brittle.</p>`,
    },
  ];
  const pages: Record<string, Route> = {};
  for (const d of [home, ...inner])
    pages[d.path] = { body: layout(c, d, d === home ? jsonLd : "") };
  pages["/"] = { status: 302, headers: { location: "/index.php" }, body: "" };
  pages["/index.php"] = { status: 301, headers: { location: `${c.origin}/en/` }, body: "" };
  pages["/en/index.php"] = pages["/en/"]!;
  pages["/es/"] = {
    body: layout(c, {
      ...home,
      path: "/es/",
      title: "Servicio de árboles en Madison, WI | Oak & Ash Arborists",
      description:
        "Arbolistas certificados en Madison, Middleton y Fitchburg: tala, poda, trituración de tocones y emergencias 24/7. Presupuestos gratis.",
      h1: "Servicio de árboles en Madison, Wisconsin",
    }),
  };
  pages["/robots.txt"] = text(
    `User-agent: *\nDisallow: /admin/\nDisallow: /includes/\n\nSitemap: ${c.origin}/sitemap.xml\n`,
  );
  pages["/sitemap.xml"] = urlset(
    [home, ...inner].map((d) => ({
      loc: `${c.origin}${d.path}`,
      lastmod: d.path.includes("/news/") ? posted : day(c.now, 70),
    })),
  );
  Object.assign(pages, {
    "/assets/css/site.css": textFile("text/css", "site", 11),
    "/assets/img/oak-ash-logo.png": picture(190, 60, 7),
    "/assets/img/crane-removal.jpg": photo(1110, 624, 158),
    "/assets/img/oak-ash-og.jpg": photo(1200, 630, 120),
  });
  return {
    pages,
    // PHP's catch-all: any address that is no page goes to the home page.
    notFound: { status: 302, headers: { location: "/index.php" }, body: "" },
  };
}

export const oakAsh: CorpusSite = {
  id: "blind-php-tree-redirects",
  about:
    "Oak & Ash Arborists, Madison WI, hand-coded PHP with Bootstrap: / → 302 /index.php → 301 /en/; unknown addresses redirect to the home page; LocalBusiness JSON-LD without address or telephone",
  scheme: "https",
  build,
  fail: {
    "redirect-chain": "/ goes through two redirects (302, then 301) before the home page answers",
    "soft-404": "a missing page redirects to the home page, which answers 200: Google sees no 404",
    "structured-data-errors": "the LocalBusiness block has no address and no telephone",
  },
};
