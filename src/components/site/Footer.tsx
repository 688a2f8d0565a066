import { formatHoursLong } from "../../lib/format";
import { Container } from "../ui/Container";
import { Icon } from "../ui/Icon";
import { PhoneLink } from "./PhoneLink";
import type { FooterProps, NavLink } from "../../lib/chrome";
import { Logo } from "../ui/Logo";

function LinkList({ heading, links, id }: { heading: string; links: NavLink[]; id: string }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold tracking-wide text-white uppercase">
        {heading}
      </h2>
      <ul className="mt-4 space-y-1">
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              className="inline-flex min-h-9 items-center text-brand-100 hover:text-white hover:underline"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer(props: FooterProps) {
  const { name, logo, phone, email, hours, serviceArea, social, copy, services, company, legal } =
    props;
  return (
    <footer className="bg-brand-950 text-brand-100">
      <Container className="grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <a href="/" className="inline-flex items-center gap-2 text-lg font-bold text-white">
            <Logo logo={logo} />
            <span>{name}</span>
          </a>
          <p className="mt-4 text-sm leading-6">{copy.blurb}</p>
          <a
            href={social.url}
            rel="noopener noreferrer"
            target="_blank"
            className="mt-4 inline-flex min-h-11 items-center gap-2 font-medium text-white hover:underline"
          >
            <Icon name="camera" className="size-5" />
            {copy.socialLabel}
          </a>
        </div>
        <LinkList heading={copy.servicesHeading} links={services} id="footer-services" />
        <LinkList heading={copy.companyHeading} links={company} id="footer-company" />
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
            {copy.contactHeading}
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <PhoneLink
                phone={phone}
                withIcon
                className="inline-flex min-h-9 items-center gap-2 text-white hover:underline"
              />
            </li>
            <li>
              <a
                href={`mailto:${email}`}
                className="inline-flex min-h-9 items-center gap-2 break-all text-white hover:underline"
              >
                <Icon name="mail" className="size-5 shrink-0" />
                {email}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Icon name="clock" className="size-5 shrink-0" />
              {formatHoursLong(hours)}
            </li>
            <li className="flex items-center gap-2">
              <Icon name="map-pin" className="size-5 shrink-0" />
              {serviceArea}
            </li>
          </ul>
        </div>
      </Container>
      <div className="border-t border-white/10">
        <Container className="flex flex-col gap-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>{copy.copyright}</p>
          <nav aria-label={copy.legalLabel}>
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {legal.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    className="inline-flex min-h-9 items-center hover:text-white hover:underline"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </Container>
      </div>
    </footer>
  );
}
