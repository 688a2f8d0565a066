import type { HeadingBlock } from "../../schemas/common";
import type { IconName } from "../../schemas/icons";
import { PhoneLink } from "../site/PhoneLink";
import { Icon } from "../ui/Icon";
import { LinkButton, buttonBase, buttonStyles } from "../ui/LinkButton";
import { Section } from "../ui/Section";
import { SectionHeading } from "../ui/SectionHeading";

/** A card's one action: call the agency (E.164 number from the config) or follow a link. */
export type CardAction = { phone: string } | { label: string; href: string };

export interface ActionCard {
  icon: IconName;
  title: string;
  text: string;
  action: CardAction;
}

interface Props {
  id: string;
  heading: HeadingBlock;
  cards: ActionCard[];
  tone?: "white" | "tint";
}

/** A few ways to act, side by side ('Other Ways to Connect'): icon, title, text and one action. */
export function ActionCards({ id, heading, cards, tone = "white" }: Props) {
  return (
    <Section id={id} tone={tone} labelledBy={`${id}-title`}>
      <SectionHeading block={heading} id={`${id}-title`} />
      <ul className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
        {cards.map((card) => (
          <li
            key={card.title}
            className="flex flex-col items-center rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200"
          >
            <Icon
              name={card.icon}
              className="block size-14 shrink-0 rounded-full bg-brand-700 p-3.5 text-white"
            />
            <h3 className="mt-4 text-xl font-bold">{card.title}</h3>
            <p className="mt-2 text-pretty text-slate-700">{card.text}</p>
            <div className="mt-auto pt-6">
              {"phone" in card.action ? (
                <PhoneLink
                  phone={card.action.phone}
                  withIcon
                  className={`${buttonBase} ${buttonStyles.secondary}`}
                />
              ) : (
                <LinkButton href={card.action.href}>{card.action.label}</LinkButton>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
