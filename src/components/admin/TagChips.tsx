/**
 * A lead's tags as chips: under its name in the inbox, each a link to the inbox filtered on it
 * (when `href` is given), else plain labels.
 */
export function TagChips({
  tags,
  href,
}: {
  tags: string[];
  href?: ((tag: string) => string) | undefined;
}) {
  const chip =
    "inline-flex items-center rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900";
  return (
    <ul className="mt-1 flex flex-wrap gap-1" data-tags>
      {tags.map((tag) => (
        <li key={tag} className={chip} data-tag={tag}>
          {href ? (
            <a href={href(tag)} className="underline">
              {tag}
            </a>
          ) : (
            tag
          )}
        </li>
      ))}
    </ul>
  );
}
