interface Props {
  product: string;
  signedInAs: string;
  signOutLabel: string;
  navLabel: string;
  /** The sections this person's role opens; `current` marks the one shown. */
  nav: { href: string; label: string; current: boolean }[];
}

/**
 * The inbox's top bar: the tool's name, its sections, who is signed in, and signing out (a POST).
 * On a phone the sections wrap onto two short rows, every one on the screen (no link out of
 * sight at the right edge, issue 39 §4); from the `sm` width they sit in one row.
 */
export function AdminHeader({ product, signedInAs, signOutLabel, navLabel, nav }: Props) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2 sm:py-3">
        <div className="flex max-w-full min-w-0 flex-wrap items-center gap-x-6 gap-y-1">
          <a href="/admin" className="text-lg font-bold text-brand-900">
            {product}
          </a>
          {nav.length > 1 && (
            <nav aria-label={navLabel} className="max-w-full min-w-0" data-admin-nav>
              <ul className="-mx-2 flex flex-wrap sm:mx-0 sm:gap-1">
                {nav.map((item) => (
                  <li key={item.href}>
                    <a
                      href={item.href}
                      aria-current={item.current ? "page" : undefined}
                      className={`inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold whitespace-nowrap sm:px-3 sm:text-base ${item.current ? "bg-brand-50 text-brand-900" : "text-slate-700 hover:bg-slate-100"}`}
                    >
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <span className="wrap-anywhere">{signedInAs}</span>
          <form method="post" action="/admin/sign-out">
            <button
              type="submit"
              className="min-h-11 rounded-lg px-3 font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-100"
            >
              {signOutLabel}
            </button>
          </form>
        </div>
      </div>
    </header>
  );
}
