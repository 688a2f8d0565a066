import type { HeadingBlock, ServiceCard } from "../../schemas/common";
import { Icon } from "../ui/Icon";
import { Section } from "../ui/Section";
import { SectionHeading } from "../ui/SectionHeading";

interface Props {
  id: string;
  heading: HeadingBlock;
  cards: ServiceCard[];
  tone?: "white" | "tint";
}

/** A grid of service cards, each with title, description and feature list. */
export function ServiceGrid({ id, heading, cards, tone = "white" }: Props) {
  return (
    <Section id={id} tone={tone} labelledBy={`${id}-title`}>
      <SectionHeading block={heading} id={`${id}-title`} />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li
            key={card.title}
            className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <span className="grid size-12 place-items-center rounded-xl bg-brand-100 text-brand-800">
              <Icon name={card.icon} />
            </span>
            <h3 className="mt-4 text-xl font-bold">{card.title}</h3>
            <p className="mt-2 text-slate-700">{card.description}</p>
            <ul className="mt-4 space-y-2 text-sm text-slate-800">
              {card.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Icon name="check" className="size-5 shrink-0 text-brand-700" />
                  {feature}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Section>
  );
}
