/** schema.org JSON-LD for the agency, built from the site config only. */
import { site } from "../config/site";

export type JsonLd = Record<string, unknown>;

export function organizationJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    "@id": `${site.url}/#organization`,
    name: site.name,
    url: `${site.url}/`,
    logo: `${site.url}${site.logo}`,
    image: `${site.url}${site.logo}`,
    telephone: site.phone,
    email: site.email,
    areaServed: { "@type": "Country", name: "United States" },
    sameAs: [site.social.url],
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: site.hours.opens,
        closes: site.hours.closes,
      },
    ],
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "sales",
        telephone: site.phone,
        email: site.email,
        areaServed: "US",
        availableLanguage: "en",
      },
    ],
  };
}

/** BreadcrumbList for a nested page: [name, path] pairs from the home page down. */
export function breadcrumbJsonLd(trail: [name: string, path: string][]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map(([name, path], i) => ({
      "@type": "ListItem",
      position: i + 1,
      name,
      item: new URL(path, `${site.url}/`).href,
    })),
  };
}

/** Serialises JSON-LD for a <script type="application/ld+json"> element; `<` is escaped. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/** A service the agency offers (service pages). */
export function serviceJsonLd(name: string, description: string, path: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name,
    description,
    url: new URL(path, `${site.url}/`).href,
    serviceType: name,
    provider: { "@id": `${site.url}/#organization` },
    areaServed: { "@type": "Country", name: "United States" },
  };
}

/** A case study, as an article published by the agency. */
export function articleJsonLd(input: {
  headline: string;
  description: string;
  path: string;
  image: string;
  datePublished: string;
}): JsonLd {
  const url = new URL(input.path, `${site.url}/`).href;
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: input.headline,
    description: input.description,
    url,
    mainEntityOfPage: url,
    image: new URL(input.image, `${site.url}/`).href,
    datePublished: input.datePublished,
    author: { "@id": `${site.url}/#organization` },
    publisher: { "@id": `${site.url}/#organization` },
  };
}
