/** Builds the header and footer props, shared by every layout, from the ui entry and the config. */
import { routes, industryPath } from "../config/routes";
import { site, type SiteConfig } from "../config/site";
import type { Cta } from "../schemas/common";
import { loadCollection, requireEntry } from "./content";
import { publicSvg } from "./publicSvg";

/** The agency's logo as components/ui/Logo draws it. */
export interface LogoData {
  /** Path of the logo under public/ (site.logo). */
  src: string;
  /** Its SVG markup, read at build time (src/lib/chrome.ts); absent for a raster logo. */
  markup: string | undefined;
}

export interface NavLink {
  label: string;
  href: string;
}

/** The props of the site header (components/site/Header). */
export interface HeaderProps {
  name: string;
  logo: LogoData;
  phone: string;
  currentPath: string;
  copy: {
    homeLabel: string;
    navLabel: string;
    menuLabel: string;
    callLabel: string;
  };
  nav: (NavLink & { menu?: NavLink[] | undefined })[];
  services: NavLink[];
  mobileExtras: NavLink[];
  cta: NavLink;
}

/** The props of the site footer (components/site/Footer). */
export interface FooterProps {
  name: string;
  logo: LogoData;
  phone: string;
  email: string;
  hours: SiteConfig["hours"];
  serviceArea: string;
  social: { label: string; url: string };
  copy: {
    blurb: string;
    socialLabel: string;
    servicesHeading: string;
    companyHeading: string;
    contactHeading: string;
    copyright: string;
    legalLabel: string;
  };
  services: NavLink[];
  company: NavLink[];
  legal: NavLink[];
}

/** An SVG logo is drawn inline (components/ui/Logo). */
const logo: LogoData = { src: site.logo, markup: publicSvg(site.logo) };

export const toLink = (cta: Cta): NavLink => ({ label: cta.label, href: routes[cta.to] });

export async function loadChrome(currentPath: string) {
  const ui = await requireEntry("ui", "site");
  const industries = await loadCollection("industries");
  const services = ui.header.services.map(toLink);
  const industryLinks = industries.map((i) => ({
    label: i.data.navLabel,
    href: industryPath(i.id),
  }));

  const header: HeaderProps = {
    name: site.name,
    logo,
    phone: site.phone,
    currentPath,
    copy: {
      homeLabel: ui.homeLabel,
      navLabel: ui.header.navLabel,
      menuLabel: ui.header.menuLabel,
      callLabel: ui.header.callLabel,
    },
    nav: ui.header.nav.map((item) => ({
      ...toLink(item),
      menu:
        item.menu === "services"
          ? services
          : item.menu === "industries"
            ? industryLinks
            : undefined,
    })),
    services,
    mobileExtras: ui.header.mobileExtras.map(toLink),
    cta: toLink(ui.header.cta),
  };

  const footer: FooterProps = {
    name: site.name,
    logo,
    phone: site.phone,
    email: site.email,
    hours: site.hours,
    serviceArea: site.serviceArea,
    social: site.social,
    copy: {
      blurb: ui.footer.blurb,
      socialLabel: ui.footer.socialLabel,
      servicesHeading: ui.footer.servicesHeading,
      companyHeading: ui.footer.companyHeading,
      contactHeading: ui.footer.contactHeading,
      copyright: ui.footer.copyright,
      legalLabel: ui.footer.legalLabel,
    },
    services: ui.footer.services.map(toLink),
    company: ui.footer.company.map(toLink),
    legal: ui.footer.legal.map(toLink),
  };

  return { ui, header, footer };
}
