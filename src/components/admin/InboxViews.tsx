interface View {
  href: string;
  label: string;
  current: boolean;
  /** A count beside the label ("3", "999+") and what it says in words. */
  badge?: string | undefined;
  badgeLabel?: string | undefined;
}

/** The inbox's views above its filters: all leads, and the follow-ups due today or overdue. */
export function InboxViews({ views, label }: { views: View[]; label: string }) {
  return (
    <nav aria-label={label} data-inbox-views>
      <ul className="flex flex-wrap gap-2">
        {views.map((v) => (
          <li key={v.href}>
            <a
              href={v.href}
              aria-current={v.current ? "page" : undefined}
              className={`inline-flex min-h-11 items-center gap-2 rounded-lg px-4 font-semibold ring-1 ${
                v.current
                  ? "bg-brand-800 text-white ring-brand-800"
                  : "bg-white text-brand-900 ring-slate-300 hover:bg-slate-100"
              }`}
            >
              {v.label}
              {v.badge !== undefined && (
                <span
                  className={`rounded-full px-2 text-sm ${
                    v.current ? "bg-white text-brand-900" : "bg-amber-100 text-amber-900"
                  }`}
                  data-due-count={v.badge}
                >
                  <span aria-hidden="true">{v.badge}</span>
                  <span className="sr-only">{v.badgeLabel ?? v.badge}</span>
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
