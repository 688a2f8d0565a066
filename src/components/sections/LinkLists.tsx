import type { HeadingBlock } from "../../schemas/common";
import { CallLine } from "../site/CallLine";
import { Icon } from "../ui/Icon";
import { Section } from "../ui/Section";

interface LinkList {
  id: string;
  heading: HeadingBlock;
  links: { label: string; href: string }[];
}

interface Props {
  id: string;
  lists: LinkList[];
  /** A call line: the label and the E.164 number from the config, shown as a tel: link. */
  call?: { label: string; phone: string } | undefined;
}

/** Columns of headed link lists (the 404 page's way back), with an optional call line. */
export function LinkLists({ id, lists, call }: Props) {
  return (
    <Section id={id}>
      <div className="grid gap-10 sm:grid-cols-2">
        {lists.map((list) => (
          <nav key={list.id} aria-labelledby={`${list.id}-title`}>
            <h2 id={`${list.id}-title`} className="text-2xl font-bold">
              {list.heading.heading}
            </h2>
            <ul className="mt-4 space-y-1">
              {list.links.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    className="inline-flex min-h-11 items-center gap-2 text-lg font-semibold text-brand-800 underline-offset-4 hover:underline"
                  >
                    <Icon name="arrow-right" className="size-5" />
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      {call && <CallLine {...call} className="mt-10" />}
    </Section>
  );
}
