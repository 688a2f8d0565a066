/**
 * The website check's words: each check's title, the fix shown when it fails and why it matters
 * (shown when it passes), written for the owner of a landscaping business, and the sentences for
 * a site that could not be checked. Copy only: the logic that decides pass or fail lives in
 * ./checks/, the points in ./score.ts. `satisfies` makes a missing or unknown id a type error.
 */
import type { UnreachableReason } from "./report.ts";
import type { CheckId } from "./score.ts";

export interface CheckCopy {
  title: string;
  /** What to do when the check fails: one plain-English step. */
  fix: string;
  /** Why it matters: shown with a pass (and when the check does not apply). */
  why: string;
  /** Other fixes for other ways of failing (the check's outcome names one, e.g. `elsewhere`). */
  variants?: Record<string, string>;
}

export const checkCopy = {
  https: {
    title: "Secure connection (https)",
    fix: "Ask your web host to switch on a free SSL certificate (Let's Encrypt) so your address starts with https:// and browsers stop calling your site 'Not secure'.",
    why: "Browsers mark sites without https as 'Not secure', and homeowners leave before they call.",
  },
  "http-redirect": {
    title: "Old http:// links land on the secure site",
    fix: "Ask your web host to redirect every http:// address to the same https:// address, so old links and printed flyers land on the secure site.",
    why: "Visitors and Google who follow an old http:// link still reach the secure version.",
  },
  viewport: {
    title: "Fits a phone screen",
    fix: "Have your web designer add the mobile viewport tag and a mobile layout: most people looking for lawn care search on their phone.",
    why: "Most homeowners look for a landscaper on a phone; your pages are set up to fit the screen.",
  },
  title: {
    title: "Page title for Google",
    fix: "Give your home page a title of 10 to 65 characters that says what you do and where, e.g. 'Lawn Care & Landscaping in Austin, TX | Your Company'.",
    why: "The title is the blue headline people click in Google's results.",
  },
  "meta-description": {
    title: "Description under your Google listing",
    fix: "Write a 50 to 160 character description for the home page that names your services, your town and a reason to call (free estimates, years in business).",
    why: "The description is the text under your headline in Google: a good one earns the click.",
  },
  h1: {
    title: "One clear main heading",
    fix: "Give the home page one main heading (H1) that says what you do and where, e.g. 'Lawn care and landscaping in Round Rock'.",
    why: "One clear main heading tells visitors and Google what the page is about in a second.",
  },
  canonical: {
    title: "Canonical address",
    fix: "Ask your web designer to add a canonical link to each page, so Google knows which address is the real one and does not split your ranking.",
    why: "Google knows which address of each page to rank.",
    variants: {
      elsewhere:
        "Your home page's canonical link points to another website, which tells Google to list that site instead of yours: have your web designer change it to your own address.",
    },
  },
  indexable: {
    title: "Google is allowed to list your pages",
    fix: "Remove the 'noindex' setting (often a 'discourage search engines' box left ticked after launch, or an X-Robots-Tag header on the server) so Google can list your pages.",
    why: "Nothing tells Google to keep your pages out of its results.",
  },
  "search-engines-allowed": {
    title: "Search engines may read your site",
    fix: "Every search engine, Google included, is told not to read your site: a robots.txt line (often left from a staging copy) says 'Disallow: /'. Ask your web designer to remove it today; nothing else on this list matters until Google can read the site.",
    why: "robots.txt lets Google and other search engines read your pages.",
  },
  "robots-txt": {
    title: "robots.txt file",
    fix: "Add a robots.txt file that allows search engines in and names your sitemap; most website builders have a setting for it.",
    why: "A robots.txt file tells search engines what to read and where your sitemap is.",
  },
  sitemap: {
    title: "Sitemap for search engines",
    fix: "Publish a sitemap.xml listing every page (website builders and SEO plugins make one for you) and submit it in Google Search Console.",
    why: "A sitemap helps Google find every service and area page you publish.",
  },
  "page-weight": {
    title: "Light home page",
    fix: "Ask your web designer to trim the home page to under 3 MB: compress and resize the photos, remove unused plugins and scripts. Heavy pages load slowly on a phone in a customer's yard.",
    why: "A light page loads fast on a phone, even on a weak signal.",
  },
  "image-size": {
    title: "Photos sized for the web",
    fix: "Resize your photos to the width they are shown at (about 1600 pixels at most) and save them compressed (JPEG quality 75-80 or WebP), under 300 KB each: a free tool such as Squoosh does it in seconds.",
    why: "Your photos are light enough to load quickly on a phone.",
  },
  "render-blocking": {
    title: "Nothing holds up the first screen",
    fix: "Ask your web designer to load scripts with 'defer' or 'async' and to combine and trim stylesheets, so the phone can show your page before every file has arrived.",
    why: "Your page can start showing before every script has loaded.",
  },
  "mixed-content": {
    title: "Everything on the page is secure",
    fix: "Some files on your secure pages still load over plain http://: ask your web designer to change those addresses to https:// so browsers stop blocking them or warning visitors.",
    why: "Every file on your secure pages comes over https, so browsers show the padlock.",
  },
  "redirect-chain": {
    title: "No chains of redirects",
    fix: "Point your address and your links straight at the final page: each extra redirect makes phones wait and wastes Google's visits.",
    why: "Your address and links reach their page in at most one step.",
  },
  "response-time": {
    title: "Quick to answer",
    fix: "Your server is slow to send the home page: ask your host about caching or a faster plan. Every extra second loses visitors.",
    why: "Your server answers quickly, so visitors are not kept waiting.",
  },
  "image-alt": {
    title: "Photos described for Google and screen readers",
    fix: "Add a short description (alt text) to each photo, e.g. 'New paver patio with fire pit in Cedar Park'. It helps Google Images and visitors who use screen readers.",
    why: "Described photos show up in Google Images and work for visitors who cannot see them.",
  },
  "broken-links": {
    title: "No broken links",
    fix: "Fix or remove the links that lead to missing pages: a dead link looks like a business that is not paying attention.",
    why: "Every page linked from your home page opens.",
  },
  "broken-images": {
    title: "No broken images",
    fix: "Re-upload or remove the pictures that do not load: a broken image where your work should be looks like a business that has closed.",
    why: "Every picture of your work that we opened loads.",
  },
  "soft-404": {
    title: "Missing pages say so",
    fix: "Ask your web designer to make addresses that do not exist answer 'not found' (404) instead of showing a normal page, so Google does not fill its results with empty copies of your site.",
    why: "An address that does not exist says so, so Google lists only your real pages.",
  },
  "duplicate-titles": {
    title: "Each page has its own title",
    fix: "Give every page its own title naming that page's service and town (e.g. 'Paver Patios in Round Rock | Your Company'), so each can rank for its own search.",
    why: "Each page's own title lets it rank for its own search.",
  },
  "duplicate-descriptions": {
    title: "Each page has its own description",
    fix: "Write a different description for each page, about what that page offers: copies make Google pick one page and hide the rest.",
    why: "Each page's own description earns its own click in Google.",
  },
  "javascript-content": {
    title: "Content without JavaScript",
    fix: "Your pages are built by JavaScript in the visitor's browser, so Google, Facebook and text-message previews may see an empty page: ask your web designer to pre-render them (server-side rendering or a static export).",
    why: "Your text is in the page itself, so every search engine and link preview can read it.",
  },
  "local-business-schema": {
    title: "Business details Google can read",
    fix: "Add LocalBusiness structured data (JSON-LD) with your business name, phone and address or service area; SEO plugins and most builders can do it for you.",
    why: "Google reads your name, phone and area directly, which helps your local listing and the map pack.",
  },
  "structured-data-errors": {
    title: "Structured data without errors",
    fix: "Your business details for Google (JSON-LD) have an error, so Google ignores them: have your web designer fix it and run the page through Google's Rich Results Test, with your name, address and phone filled in.",
    why: "Google can read all of your structured data.",
  },
  "tel-link": {
    title: "Phone number you can tap",
    fix: "Make your phone number a tap-to-call link (tel:) so a homeowner on a phone can call you with one tap.",
    why: "Visitors on a phone can call you with one tap.",
  },
  "nap-visible": {
    title: "Name, phone and area on the home page",
    fix: "Show your business name, phone number and your address or the towns you serve on the home page, written out as text (not only in a picture).",
    why: "Visitors and Google see at once who you are, how to call and where you work.",
  },
  "nap-consistent": {
    title: "Same name, phone and address everywhere",
    fix: "Use one business name, phone number and address on every page and in your structured data, exactly as on your Google Business Profile: mismatches make Google unsure which is right.",
    why: "Your name, phone and address match across your pages, which Google uses to trust your listing.",
  },
  "local-keywords": {
    title: "Title and heading say what and where",
    fix: "Make your home page's title and main heading say what you do and where, e.g. 'Lawn Care & Hardscaping in Austin, TX', not 'Home' or 'Welcome'.",
    why: "Your title and heading tell Google your trade and your town, the words people search for.",
  },
  "service-area": {
    title: "Towns you serve",
    fix: "Say plainly which towns and neighborhoods you serve ('Serving Austin, Round Rock and Cedar Park'), ideally with a page for each main area.",
    why: "Naming the towns you serve helps you show up when people search 'landscaper near me' there.",
  },
  "map-link": {
    title: "Map or directions",
    fix: "Link to your Google Business Profile or a map (or embed one on your contact page) so people and Google connect your site with your local listing.",
    why: "Your site points to your map listing, which ties it to your Google Business Profile.",
  },
  "opening-hours": {
    title: "Opening hours",
    fix: "List your opening hours (for the office and for estimates) on the site and in your structured data.",
    why: "Visitors know when they can reach you.",
  },
  "phone-first-screen": {
    title: "Phone number in the first screen",
    fix: "Put your phone number at the top of every page, in the header, so nobody has to scroll to find it.",
    why: "Your number is right at the top, where someone ready to hire looks first.",
  },
  cta: {
    title: "A clear next step (free quote)",
    fix: "Add a clear button on the home page such as 'Get a free estimate' or 'Request a quote' that leads to your contact form or phone.",
    why: "Visitors see straight away how to ask you for a quote.",
  },
  "contact-form": {
    title: "Quote or contact form",
    fix: "Add a short quote request form (name, phone, email, what they need) so visitors can reach you at 10 pm when they will not call.",
    why: "Visitors who will not call can still ask for a quote, any time of day.",
  },
  reviews: {
    title: "Reviews and testimonials",
    fix: "Show a few recent customer reviews with first names and towns (or your Google rating) on the home page: people hire who their neighbors trust.",
    why: "Reviews on the site reassure homeowners who are comparing you with others.",
  },
  "trust-signals": {
    title: "Licensed, insured, experienced",
    fix: "Say that you are licensed and insured, how many years you have been in business and what you guarantee: these settle a homeowner's doubts before they call.",
    why: "Licensing, insurance, experience or a guarantee answer a homeowner's first doubts.",
  },
  "service-pages": {
    title: "A page for each service",
    fix: "Give each main service its own page (lawn care, landscape design, hardscaping, irrigation…): each page can rank for its own searches.",
    why: "A page per service lets each one rank for its own searches.",
  },
  "fresh-content": {
    title: "Recently updated",
    fix: "Post something new every month or two, such as a finished project with photos or a seasonal tip, and keep dates on it: it shows you are active.",
    why: "Recent updates show visitors and Google that the business is active.",
  },
  "word-count": {
    title: "Enough words on the home page",
    fix: "Write at least 300 words on the home page about your services, the areas you serve and why customers choose you.",
    why: "The home page says enough for Google to understand what you do and where.",
  },
  "og-tags": {
    title: "Looks good when shared",
    fix: "Add Open Graph tags (og:title, og:description, og:image with a project photo) so your link shows a picture and a summary on Facebook and in text messages.",
    why: "Shared links to your site show a title, a summary and a photo.",
  },
  "copyright-year": {
    title: "Up-to-date footer",
    fix: "Update the year in your footer's copyright notice (or have it set automatically): an old year makes visitors wonder whether you are still in business.",
    why: "The current year in your footer shows the site is looked after.",
  },
  "social-links": {
    title: "Links to your social profiles",
    fix: "Link to your Facebook, Instagram or Nextdoor page from the site, and post your before-and-after photos there.",
    why: "Visitors can see your recent work and reviews on your social profiles.",
  },
} as const satisfies Record<CheckId, CheckCopy>;

/** What the report says when the site could not be checked; `{site}` is the host. */
export const unreachableCopy = {
  dns: "We could not find {site}: the address does not exist on the internet. Check the spelling, or ask your web host whether the domain has expired.",
  refused: "{site} did not accept our connection. The site may be down, or blocking visitors.",
  timeout:
    "{site} took too long to answer, so we could not check it. A site this slow loses visitors too.",
  tls: "{site}'s security certificate is broken or expired, so browsers warn visitors away. Ask your web host to renew it.",
  "not-html": "{site} did not answer with a web page, so there was nothing to check.",
  robots:
    "{site}'s robots.txt asks our website-check robot by name not to read the home page, so we did not check it.",
  redirects:
    "{site} sends visitors round more than 5 redirects, so we stopped following it. Ask your web host to point the address straight at your home page.",
  blocked: "We do not check {site}: it is not a public website address.",
  "invalid-url":
    "“{site}” does not look like a website address. Try it as it appears in the browser, e.g. lawnpros.com.",
  "http-error": "{site}'s home page answered with an error, so there was nothing to check.",
  "too-slow":
    "{site} took too long to read, so we stopped before we could check it. We'll look at it ourselves.",
} as const satisfies Record<UnreachableReason, string>;

/**
 * Each check said of a site that passes it, for the side-by-side with competitors
 * (./competitors.ts): `it` of a competitor ('Green Acres shows reviews on its site; you do
 * not'), `you` of the prospect ('You show reviews on your site; Green Acres does not'). Each is
 * what the site does well, in the owner's words; `satisfies` makes a missing id a type error.
 */
export const competitorPhrases = {
  https: { it: "has a secure (https) website", you: "have a secure (https) website" },
  "http-redirect": {
    it: "sends old http:// links to its secure site",
    you: "send old http:// links to your secure site",
  },
  "search-engines-allowed": { it: "lets Google read its site", you: "let Google read your site" },
  indexable: { it: "lets Google list its pages", you: "let Google list your pages" },
  canonical: {
    it: "tells Google the real address of its home page",
    you: "tell Google the real address of your home page",
  },
  viewport: { it: "has pages that fit a phone screen", you: "have pages that fit a phone screen" },
  title: {
    it: "gives its pages clear titles for Google",
    you: "give your pages clear titles for Google",
  },
  "meta-description": {
    it: "writes the description under its Google listing",
    you: "write the description under your Google listing",
  },
  h1: {
    it: "gives each page one clear main heading",
    you: "give each page one clear main heading",
  },
  "robots-txt": { it: "has a robots.txt file", you: "have a robots.txt file" },
  sitemap: { it: "has a sitemap for search engines", you: "have a sitemap for search engines" },
  "page-weight": {
    it: "has a home page light enough for a phone",
    you: "have a home page light enough for a phone",
  },
  "response-time": {
    it: "has a home page that answers quickly",
    you: "have a home page that answers quickly",
  },
  "image-size": { it: "sizes its photos for the web", you: "size your photos for the web" },
  "render-blocking": {
    it: "shows its first screen without waiting for scripts",
    you: "show your first screen without waiting for scripts",
  },
  "mixed-content": {
    it: "loads everything on its pages securely",
    you: "load everything on your pages securely",
  },
  "redirect-chain": {
    it: "sends visitors straight to its pages, without chains of redirects",
    you: "send visitors straight to your pages, without chains of redirects",
  },
  "image-alt": {
    it: "describes its photos for Google and screen readers",
    you: "describe your photos for Google and screen readers",
  },
  "broken-links": {
    it: "keeps every link on its home page working",
    you: "keep every link on your home page working",
  },
  "broken-images": {
    it: "keeps every photo on its pages loading",
    you: "keep every photo on your pages loading",
  },
  "soft-404": {
    it: "answers a missing address with a proper 'not found' page",
    you: "answer a missing address with a proper 'not found' page",
  },
  "duplicate-titles": {
    it: "gives every page its own title",
    you: "give every page its own title",
  },
  "duplicate-descriptions": {
    it: "gives every page its own description",
    you: "give every page its own description",
  },
  "javascript-content": {
    it: "shows its words without needing JavaScript",
    you: "show your words without needing JavaScript",
  },
  "local-business-schema": {
    it: "gives Google its business details (name, address, phone)",
    you: "give Google your business details (name, address, phone)",
  },
  "structured-data-errors": {
    it: "has business details for Google without errors",
    you: "have business details for Google without errors",
  },
  "tel-link": {
    it: "has a phone number people can tap",
    you: "have a phone number people can tap",
  },
  "nap-visible": {
    it: "shows its name, phone and area on its home page",
    you: "show your name, phone and area on your home page",
  },
  "nap-consistent": {
    it: "shows the same name, phone and address on every page",
    you: "show the same name, phone and address on every page",
  },
  "service-area": { it: "names the towns it serves", you: "name the towns you serve" },
  "local-keywords": {
    it: "names its trade and town in its home page's title and heading",
    you: "name your trade and town in your home page's title and heading",
  },
  "map-link": { it: "shows where it is on a map", you: "show where you are on a map" },
  "opening-hours": { it: "shows its opening hours", you: "show your opening hours" },
  "phone-first-screen": {
    it: "shows its phone number on the first screen",
    you: "show your phone number on the first screen",
  },
  cta: {
    it: "asks visitors for a quote or a call on its home page",
    you: "ask visitors for a quote or a call on your home page",
  },
  "contact-form": {
    it: "has a form for quote requests",
    you: "have a form for quote requests",
  },
  reviews: { it: "shows reviews on its site", you: "show reviews on your site" },
  "trust-signals": {
    it: "says why homeowners can trust it (licensed, insured, years in business)",
    you: "say why homeowners can trust you (licensed, insured, years in business)",
  },
  "service-pages": {
    it: "has a page for each of its services",
    you: "have a page for each of your services",
  },
  "fresh-content": {
    it: "has put up something new in the last three months",
    you: "have put up something new in the last three months",
  },
  "word-count": {
    it: "explains its work in enough words for Google",
    you: "explain your work in enough words for Google",
  },
  "og-tags": {
    it: "has share previews for Facebook and texts",
    you: "have share previews for Facebook and texts",
  },
  "social-links": { it: "links to its social media", you: "link to your social media" },
  "copyright-year": {
    it: "keeps its copyright year current",
    you: "keep your copyright year current",
  },
} as const satisfies Record<CheckId, { it: string; you: string }>;
