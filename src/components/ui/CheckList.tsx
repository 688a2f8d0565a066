import { Icon } from "./Icon";

interface Props {
  items: string[];
  className?: string;
  /** Colour of the check marks. */
  checkClassName?: string;
}

/** A list of short statements, each with a check mark (features, results, assurances). */
export function CheckList({ items, className = "", checkClassName = "text-brand-700" }: Props) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Icon name="check" className={`size-5 shrink-0 ${checkClassName}`} />
          {item}
        </li>
      ))}
    </ul>
  );
}
