import { ChevronDown, Menu, X } from "lucide-react";
import { LinkButton } from "../ui/LinkButton";
import { Container } from "../ui/Container";
import { PhoneLink } from "./PhoneLink";

export interface NavLink {
  label: string;
  href: string;
}

export interface HeaderProps {
  name: string;
  logo: string;
  phone: string;
  currentPath: string;
  copy: {
    homeLabel: string;
    navLabel: string;
    menuLabel: string;
    closeMenuLabel: string;
    callLabel: string;
  };
  nav: (NavLink & { menu?: NavLink[] | undefined })[];
  services: NavLink[];
  mobileExtras: NavLink[];
  cta: NavLink;
}

const isCurrent = (href: string, currentPath: string) =>
  href === currentPath ? "page" : undefined;

/**
 * Rendered on the server only: dropdowns open on hover and keyboard focus through CSS, the mobile
 * menu is a native <details>. src/scripts/nav.ts adds arrow keys, Escape and aria-expanded.
 */
export function Header(props: HeaderProps) {
  const { name, logo, phone, currentPath, copy, nav, services, mobileExtras, cta } = props;
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <Container className="flex h-16 items-center justify-between gap-4">
        <a
          href="/"
          className="flex shrink-0 items-center gap-2 text-lg font-bold text-brand-900"
          aria-label={copy.homeLabel}
        >
          <img src={logo} alt="" width={36} height={36} className="size-9" />
          <span>{name}</span>
        </a>

        <nav aria-label={copy.navLabel} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {nav.map((item) =>
              item.menu ? (
                <li key={item.href} className="dropdown relative" data-dropdown>
                  <a
                    href={item.href}
                    aria-expanded="false"
                    aria-controls={`menu-${item.label.toLowerCase()}`}
                    className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-800"
                  >
                    {item.label}
                    <ChevronDown className="size-4" aria-hidden="true" />
                  </a>
                  <div
                    id={`menu-${item.label.toLowerCase()}`}
                    className="dropdown-panel absolute top-full left-0 pt-2"
                  >
                    <ul className="w-72 rounded-xl bg-white p-2 shadow-xl ring-1 ring-slate-900/10">
                      {item.menu.map((link) => (
                        <li key={link.href}>
                          <a
                            href={link.href}
                            aria-current={isCurrent(link.href, currentPath)}
                            className="block rounded-lg px-3 py-2 text-slate-800 hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:font-semibold"
                          >
                            {link.label}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </div>
                </li>
              ) : (
                <li key={item.href}>
                  <a
                    href={item.href}
                    aria-current={isCurrent(item.href, currentPath)}
                    className="inline-flex min-h-11 items-center rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:text-brand-700"
                  >
                    {item.label}
                  </a>
                </li>
              ),
            )}
          </ul>
        </nav>

        <div className="hidden items-center gap-3 lg:flex">
          <PhoneLink
            phone={phone}
            label={copy.callLabel}
            withIcon
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 hover:text-brand-600"
          />
          <LinkButton href={cta.href} className="px-4 py-2">
            {cta.label}
          </LinkButton>
        </div>

        <details className="mobile-menu group md:hidden" data-mobile-menu>
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 font-semibold text-brand-900 ring-1 ring-slate-300 [&::-webkit-details-marker]:hidden">
            <Menu className="size-5 group-open:hidden" aria-hidden="true" />
            <X className="hidden size-5 group-open:block" aria-hidden="true" />
            <span className="group-open:hidden">{copy.menuLabel}</span>
            <span className="hidden group-open:inline">{copy.closeMenuLabel}</span>
          </summary>
          <div className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white shadow-lg">
            <nav aria-label={copy.menuLabel} className="px-4 py-4">
              <ul className="space-y-1">
                {nav.map((item) =>
                  item.menu && item.href.startsWith("/#") ? (
                    <li key={item.href}>
                      <details className="group/services">
                        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
                          {item.label}
                          <ChevronDown
                            className="size-4 transition-transform group-open/services:rotate-180"
                            aria-hidden="true"
                          />
                        </summary>
                        <ul className="ml-3 border-l border-brand-200 pl-3">
                          {services.map((link) => (
                            <li key={link.href}>
                              <a
                                href={link.href}
                                className="flex min-h-11 items-center rounded-md px-3 py-2 text-slate-700 hover:bg-brand-50"
                              >
                                {link.label}
                              </a>
                            </li>
                          ))}
                        </ul>
                      </details>
                    </li>
                  ) : (
                    <li key={item.href}>
                      <a
                        href={item.href}
                        aria-current={isCurrent(item.href, currentPath)}
                        className="flex min-h-11 items-center rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-brand-50"
                      >
                        {item.label}
                      </a>
                    </li>
                  ),
                )}
                {mobileExtras.map((link) => (
                  <li key={link.href}>
                    <a
                      href={link.href}
                      className="flex min-h-11 items-center rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-brand-50"
                    >
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
              <div className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4">
                <PhoneLink
                  phone={phone}
                  label={copy.callLabel}
                  withIcon
                  className="inline-flex min-h-11 items-center gap-2 px-3 font-semibold text-brand-800"
                />
                <LinkButton href={cta.href}>{cta.label}</LinkButton>
              </div>
            </nav>
          </div>
        </details>
      </Container>
    </header>
  );
}
