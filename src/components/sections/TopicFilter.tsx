import type { TopicLink } from "../../lib/guides";

/**
 * The guides' topic filter: plain links to a page per topic, so it works without JavaScript and
 * every filtered view has its own address.
 */
export function TopicFilter({ label, links }: { label: string; links: TopicLink[] }) {
  return (
    <nav aria-label={label} className="mt-8">
      <ul className="flex flex-wrap justify-center gap-2">
        {links.map((l) => (
          <li key={l.href}>
            <a
              href={l.href}
              aria-current={l.current ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ring-1 ${l.current ? "bg-brand-800 text-white ring-brand-800" : "bg-white text-brand-900 ring-brand-200 hover:bg-brand-50"}`}
            >
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
