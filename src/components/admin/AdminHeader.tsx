interface Props {
  product: string;
  signedInAs: string;
  signOutLabel: string;
  navLabel: string;
  /** The sections this person's role opens; `current` marks the one shown. */
  nav: { href: string; label: string; current: boolean }[];
}

/** The inbox's top bar: the tool's name, its sections, who is signed in, and signing out (a POST). */
export function AdminHeader({ product, signedInAs, signOutLabel, navLabel, nav }: Props) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <div className="flex max-w-full min-w-0 flex-wrap items-center gap-x-6 gap-y-2">
          <a href="/admin" className="text-lg font-bold text-brand-900">
            {product}
          </a>
          {nav.length > 1 && (
            <nav aria-label={navLabel} className="max-w-full min-w-0">
              {/* One row that scrolls sideways on a phone, so the page starts on the first screen. */}
              <ul className="flex gap-1 overflow-x-auto sm:flex-wrap sm:overflow-visible">
                {nav.map((item) => (
                  <li key={item.href} className="shrink-0">
                    <a
                      href={item.href}
                      aria-current={item.current ? "page" : undefined}
                      className={`inline-flex min-h-11 items-center rounded-lg px-3 font-semibold whitespace-nowrap ${item.current ? "bg-brand-50 text-brand-900" : "text-slate-700 hover:bg-slate-100"}`}
                    >
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
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
