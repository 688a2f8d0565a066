interface Props {
  items: string[];
  className?: string;
  /** Colour of the check marks: a `before:` text colour class. */
  checkClassName?: string;
}

/**
 * A list of short statements, each with a check mark (features, results, assurances). The mark
 * is drawn by CSS (`.check-item` in global.css: two borders of a turned box, in the
 * marker's colour), not an element per item: decoration costs no DOM and no image
 * (docs/lighthouse/mainthread.md).
 */
export function CheckList({
  items,
  className = "",
  checkClassName = "before:text-brand-700",
}: Props) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={`check-item ${checkClassName}`}>
          {item}
        </li>
      ))}
    </ul>
  );
}
