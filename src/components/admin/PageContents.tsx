/**
 * A short contents list at the top of a long staff page (the Performance report, issue 39 §4):
 * a link to each section's heading, wrapping on a phone, so a section is one tap away.
 */
export function PageContents({
  label,
  links,
}: {
  label: string;
  links: { href: string; label: string }[];
}) {
  return (
    <nav aria-label={label} className="mt-3" data-page-contents>
      <ul className="-mx-2 flex flex-wrap text-sm">
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              className="inline-flex min-h-11 items-center px-2 font-semibold text-brand-800 underline"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
