import type { Statistic } from "../../schemas/common";
import { Icon } from "../ui/Icon";
import type { PictureData } from "../../lib/images";
import { Picture } from "../ui/Picture";

export interface CaseStudyLink {
  id: string;
  client: string;
  category: string;
  description: string;
  results: Statistic[];
  href: string;
  image: PictureData;
}

interface Props {
  cards: CaseStudyLink[];
  linkLabel: string;
  /** Said to screen readers after the link text: "(opens in a new tab)". */
  newTabLabel: string;
}

/**
 * Compact case-study cards whose link opens the full case study in a new tab, so a visitor of a
 * landing page keeps their place (and their form) on it.
 */
export function CaseStudyLinks({ cards, linkLabel, newTabLabel }: Props) {
  return (
    <ul className="mt-12 grid gap-8 md:grid-cols-2">
      {cards.map((card) => (
        <li
          key={card.id}
          className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          <Picture image={card.image} className="aspect-[3/2] w-full object-cover" />
          <div className="flex flex-1 flex-col p-6">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {card.category}
            </p>
            <h3 className="mt-1 text-2xl font-bold">{card.client}</h3>
            <p className="mt-3 text-slate-700">{card.description}</p>
            <dl className="mt-6 grid grid-cols-2 gap-4">
              {card.results.slice(0, 2).map((r) => (
                <div key={r.label} className="flex flex-col-reverse rounded-xl bg-brand-50 p-4">
                  <dt className="text-sm text-slate-700">{r.label}</dt>
                  <dd className="text-2xl font-extrabold text-brand-800">{r.value}</dd>
                </div>
              ))}
            </dl>
            <a
              href={card.href}
              target="_blank"
              rel="noopener"
              className="mt-auto inline-flex min-h-11 items-center gap-2 pt-6 font-semibold text-brand-800 underline-offset-4 hover:underline"
            >
              {linkLabel}
              <span className="sr-only">
                : {card.client} {newTabLabel}
              </span>
              <Icon name="external-link" className="size-5" />
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}
