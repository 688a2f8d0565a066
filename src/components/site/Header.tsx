import { ChevronDown, Menu, X } from "lucide-react";
import { buttonStyles } from "../ui/LinkButton";
import { Container } from "../ui/Container";
import { PhoneLink } from "./PhoneLink";
import type { HeaderProps } from "../../lib/chrome";
import { Logo } from "../ui/Logo";

const isCurrent = (href: string, currentPath: string) =>
  href === currentPath ? "page" : undefined;

/**
 * Rendered on the server only. From xl up the nav sits in the bar and its dropdowns open on hover
 * and keyboard focus through CSS; below xl it lives in the menu, a native <details>. The phone
 * number and the audit button stay in the bar at every width. src/scripts/nav.ts adds arrow keys,
 * Escape, aria-expanded, tap-to-open dropdowns on touch screens and closing the menu on a tap
 * outside it.
 */
export function Header(props: HeaderProps) {
  const { name, logo, phone, currentPath, copy, nav, services, mobileExtras, cta } = props;
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <Container className="flex h-16 items-center justify-between gap-1.5 sm:gap-4">
        <a
          href="/"
          className="flex min-h-11 shrink-0 items-center gap-2 text-lg font-bold text-brand-900 max-[359px]:hidden"
          aria-label={copy.homeLabel}
        >
          <Logo logo={logo} />
          <span className="hidden md:inline">{name}</span>
        </a>

        <nav aria-label={copy.navLabel} className="hidden xl:block">
          <ul className="flex items-center gap-1">
            {nav.map((item) =>
              item.menu ? (
                <li key={item.href} className="dropdown relative" data-dropdown>
                  <a
                    href={item.href}
                    aria-expanded="false"
                    aria-controls={`menu-${item.label.toLowerCase()}`}
                    className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 py-2 font-medium whitespace-nowrap text-slate-800 hover:bg-brand-50 hover:text-brand-800"
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
                            className="flex min-h-11 items-center rounded-lg px-3 py-2 text-slate-800 hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:font-semibold"
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
                    className="inline-flex min-h-11 items-center rounded-md px-3 py-2 font-medium whitespace-nowrap text-slate-800 hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:text-brand-700"
                  >
                    {item.label}
                  </a>
                </li>
              ),
            )}
          </ul>
        </nav>

        {/*
          The number and the audit stay in the bar at every width; below xl the nav moves into the
          menu, below md the name leaves (the logo still links home), below 380 px the phone icon
          and below 360 px the logo.
        */}
        <div className="ml-auto flex items-center gap-1.5 sm:gap-3">
          <PhoneLink
            phone={phone}
            label={copy.callLabel}
            withIcon
            iconClassName="max-[379px]:hidden"
            className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold whitespace-nowrap text-brand-800 hover:text-brand-600 sm:gap-2 sm:text-base"
          />
          <a
            href={cta.href}
            className={`inline-flex min-h-11 items-center justify-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4 sm:text-base ${buttonStyles.primary}`}
          >
            {cta.label}
          </a>

          <details className="mobile-menu group xl:hidden" data-mobile-menu>
            <summary className="flex size-11 cursor-pointer list-none items-center justify-center gap-2 rounded-md font-semibold text-brand-900 ring-1 ring-slate-300 md:w-auto md:px-3 [&::-webkit-details-marker]:hidden">
              <Menu className="size-5 shrink-0 group-open:hidden" aria-hidden="true" />
              <X className="hidden size-5 shrink-0 group-open:block" aria-hidden="true" />
              <span className="sr-only md:not-sr-only">{copy.menuLabel}</span>
            </summary>
            <div className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white shadow-lg md:right-6 md:left-auto md:w-80 md:rounded-b-xl md:border-x lg:right-8">
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
                                  aria-current={isCurrent(link.href, currentPath)}
                                  className="flex min-h-11 items-center rounded-md px-3 py-2 text-slate-700 hover:bg-brand-50 aria-[current=page]:font-semibold"
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
                          className="flex min-h-11 items-center rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-brand-50 aria-[current=page]:text-brand-700"
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
              </nav>
            </div>
          </details>
        </div>
      </Container>
    </header>
  );
}
