/**
 * Bob's Tree Service (Springfield, IL): a hand-written site from the early 2000s, still up:
 * table layout, <font> and <center>, upper-case tags, a hit counter, plain http only (no
 * certificate). The kind of site that loses most of the leads it gets: it does not fit a phone,
 * the number cannot be tapped and sits at the bottom, there is no form (a mailto: link), and
 * nothing tells Google where or what beyond the name.
 */
import type { Route } from "../../auditSites.ts";
import type { BuildContext, CorpusSite, SiteRoutes } from "../sites.ts";
import { photo, picture } from "./kit.ts";

const shell = (title: string, body: string) => `<HTML>
<HEAD>
<TITLE>${title}</TITLE>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=iso-8859-1">
<META NAME="keywords" CONTENT="tree service, tree removal, stump grinding, springfield illinois, bob">
</HEAD>
<BODY BGCOLOR="#FFFFFF" TEXT="#000000" LINK="#006600" VLINK="#003300">
<CENTER>
<TABLE WIDTH="760" BORDER="0" CELLPADDING="0" CELLSPACING="0">
<TR><TD COLSPAN="2"><IMG SRC="images/bobs_logo.gif" WIDTH="760" HEIGHT="120"></TD></TR>
<TR>
<TD WIDTH="150" VALIGN="top" BGCOLOR="#E8F0E0">
<FONT FACE="Arial" SIZE="2">
<A HREF="index.html">Home</A><BR>
<A HREF="services.html">Services</A><BR>
<A HREF="gallery.html">Photo Gallery</A><BR>
<A HREF="contact.html">Contact Bob</A><BR>
<A HREF="guestbook.html">Sign our Guestbook!</A><BR>
</FONT>
</TD>
<TD WIDTH="610" VALIGN="top">
${body}
</TD>
</TR>
<TR><TD COLSPAN="2"><CENTER><FONT FACE="Arial" SIZE="1">Copyright &copy; 2013 Bob's Tree Service. All rights reserved.<BR>
You are visitor number <IMG SRC="http://counter.digits.net/?counter={8a2c1f}&template=simple" WIDTH="60" HEIGHT="15"></FONT></CENTER></TD></TR>
</TABLE>
</CENTER>
</BODY>
</HTML>
`;

function build(_c: BuildContext): SiteRoutes {
  const home = shell(
    "Welcome to Bob's Tree Service",
    `<FONT FACE="Arial" SIZE="5" COLOR="#006600"><B>Welcome to Bob's Tree Service</B></FONT><BR><BR>
<FONT FACE="Arial" SIZE="2">
Bob's Tree Service has been taking care of trees for families and businesses for many years. We do tree
removal, tree trimming, stump grinding and storm clean up. No job is too big or too small. We have a bucket
truck and a chipper and we always clean up when we are done. We are a small family business and Bob does the
estimate himself on every job.<BR><BR>
<IMG SRC="images/truck.jpg" WIDTH="400" HEIGHT="300"><BR><BR>
We serve Springfield, Chatham, Rochester and Sherman. Fully insured.<BR><BR>
<B>Call Bob for a FREE estimate!</B><BR>
Bob's Tree Service<BR>
1420 Old Route 66<BR>
Springfield, IL 62703<BR>
Phone: 217-555-0109<BR>
<A HREF="mailto:bobstreeservice@example.net">bobstreeservice@example.net</A>
</FONT>`,
  );
  const services = shell(
    "Bob's Tree Service",
    `<FONT FACE="Arial" SIZE="4"><B>Our Services</B></FONT><BR>
<FONT FACE="Arial" SIZE="2"><UL><LI>Tree Removal<LI>Tree Trimming<LI>Stump Grinding<LI>Storm Clean Up<LI>Firewood for sale</UL>
Call 217-555-0109 for a free estimate.</FONT>`,
  );
  const gallery = shell(
    "Bob's Tree Service",
    `<FONT FACE="Arial" SIZE="4"><B>Photo Gallery</B></FONT><BR>
<IMG SRC="images/oak1.jpg" WIDTH="300" HEIGHT="225"> <IMG SRC="images/oak2.jpg" WIDTH="300" HEIGHT="225"><BR>
<FONT FACE="Arial" SIZE="2">Big oak removal on Lincoln Ave.</FONT>`,
  );
  const contact = shell(
    "Bob's Tree Service",
    `<FONT FACE="Arial" SIZE="4"><B>Contact Bob</B></FONT><BR>
<FONT FACE="Arial" SIZE="2">Bob's Tree Service<BR>1420 Old Route 66<BR>Springfield, IL 62703<BR>Phone: 217-555-0109<BR>
Email: <A HREF="mailto:bobstreeservice@example.net">bobstreeservice@example.net</A></FONT>`,
  );
  const pages: Record<string, Route> = {
    "/": { type: "text/html", body: home },
    "/index.html": { type: "text/html", body: home },
    "/services.html": { type: "text/html", body: services },
    "/gallery.html": { type: "text/html", body: gallery },
    "/contact.html": { type: "text/html", body: contact },
    "/images/bobs_logo.gif": picture(760, 120, 18),
    "/images/truck.jpg": photo(400, 300, 38),
    "/images/oak1.jpg": photo(300, 225, 22),
    "/images/oak2.jpg": photo(300, 225, 24),
  };
  return {
    pages,
    notFound: {
      status: 404,
      body: '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN"><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>The requested URL was not found on this server.</p><hr><address>Apache/2.2.15 (CentOS) Server</address></body></html>',
    },
  };
}

export const bobsTree: CorpusSite = {
  id: "blind-oldhtml-tree-weak",
  about:
    "Bob's Tree Service, Springfield IL, hand-written 2000s HTML on plain http only (typed without a scheme): tables and <font>, no viewport, phone as text at the bottom, a mailto: link for a form, © 2013, a dead guestbook link, one title on three pages, no robots.txt, sitemap, description, h1, JSON-LD, hours, reviews or social links",
  scheme: "http",
  build,
  fail: {
    https: "no https: the browser says 'Not secure'",
    viewport: "no viewport: the 760 px table is shown zoomed out on a phone",
    "tel-link": "217-555-0109 is plain text: it cannot be tapped",
    "phone-first-screen": "the number is at the bottom of the text, below the photo",
    "contact-form": "no form, only a mailto: link",
    "meta-description": "no description on any page",
    h1: "the headings are <font size=5>, no h1 anywhere",
    canonical: "no canonical link",
    "robots-txt": "robots.txt answers 404",
    sitemap: "no sitemap",
    "image-alt": "no image has alt text",
    "broken-links": "'Sign our Guestbook!' leads to a 404",
    "duplicate-titles": "services, gallery and contact share the title 'Bob's Tree Service'",
    "local-business-schema": "no structured data at all",
    "local-keywords":
      "the title 'Welcome to Bob's Tree Service' names the trade but no town; there is no h1",
    "opening-hours": "no hours anywhere",
    "map-link": "no map or directions link",
    reviews: "no testimonials or ratings",
    "trust-signals": "only 'Fully insured': no years, guarantee or certification",
    "service-pages": "one services list page, no page per service",
    "fresh-content": "nothing is dated",
    "word-count": "the home page has about 150 words",
    "og-tags": "no Open Graph tags",
    "social-links": "no social profile linked",
    "copyright-year": "© 2013",
  },
  maxGrade: "C",
  maxScore: 50,
};
