import type { HeadingBlock, ServiceCard } from "../../schemas/common";
import { CheckList } from "../ui/CheckList";
import { Icon } from "../ui/Icon";
import type { PictureData } from "../../lib/images";
import { Picture } from "../ui/Picture";
import { Section } from "../ui/Section";
import { SectionHeading } from "../ui/SectionHeading";

/** A card: icon, title, description, a list; optionally a picture and a link to its own page. */
export type GridCard = ServiceCard & { image?: PictureData; href?: string };

interface Props {
  id: string;
  heading: HeadingBlock;
  cards: GridCard[];
  tone?: "white" | "tint";
  /** Visible text of each card's link (cards with `href`); the card title is added for screen readers. */
  linkLabel?: string;
  /** A small heading above each card's list (a solution card's "Results"). */
  listLabel?: string;
}

/** Four cards sit in one row on wide screens; three, six (and other counts) three to a row. */
const columnsFor = (count: number) =>
  count % 4 === 0 ? "sm:grid-cols-2 xl:grid-cols-4" : "sm:grid-cols-2 lg:grid-cols-3";

/** A grid of service cards (or industry and solution cards), each with title, description and list. */
export function ServiceGrid({ id, heading, cards, tone = "white", linkLabel, listLabel }: Props) {
  return (
    <Section id={id} tone={tone} labelledBy={`${id}-title`}>
      <SectionHeading block={heading} id={`${id}-title`} />
      <ul className={`mt-12 grid gap-6 ${columnsFor(cards.length)}`}>
        {cards.map((card) => (
          <li
            key={card.title}
            className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          >
            {card.image && (
              <Picture image={card.image} className="aspect-[3/2] w-full object-cover" />
            )}
            <div className="flex flex-1 flex-col p-6">
              {/* The badge is the icon's own box (padding around a 24 px drawing): no wrapper. */}
              <Icon
                name={card.icon}
                className="size-12 shrink-0 rounded-xl bg-brand-100 p-3 text-brand-800"
              />
              <h3 className="mt-4 text-xl font-bold">{card.title}</h3>
              <p className="mt-2 text-slate-700">{card.description}</p>
              {listLabel && (
                <h4 className="mt-4 text-sm font-semibold tracking-wide text-brand-800 uppercase">
                  {listLabel}
                </h4>
              )}
              <CheckList
                items={card.features}
                className={`${listLabel ? "mt-2" : "mt-4"} space-y-2 text-sm text-slate-800`}
              />
              {card.href && linkLabel && (
                <a
                  href={card.href}
                  className="mt-auto inline-flex min-h-11 items-center gap-2 pt-6 font-semibold text-brand-800 underline-offset-4 hover:underline"
                >
                  {linkLabel}
                  <span className="sr-only">: {card.title}</span>
                  <Icon name="arrow-right" className="size-5" />
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
