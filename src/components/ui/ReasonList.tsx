import type { Reason } from "../../schemas/common";
import { Icon } from "./Icon";

interface Props {
  items: Reason[];
  /** Heading level of each item's title. */
  level?: 3 | 4;
  className?: string;
}

/** Reasons or benefits as a vertical list: icon, title, description. */
export function ReasonList({ items, level = 3, className = "" }: Props) {
  const Title = level === 3 ? "h3" : "h4";
  return (
    <ul className={`space-y-6 ${className}`}>
      {items.map((item) => (
        <li key={item.title} className="flex gap-4">
          <Icon
            name={item.icon}
            className="size-12 shrink-0 rounded-xl bg-brand-100 p-3 text-brand-800"
          />
          <div>
            <Title className="text-lg font-bold">{item.title}</Title>
            <p className="mt-1 text-slate-700">{item.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
