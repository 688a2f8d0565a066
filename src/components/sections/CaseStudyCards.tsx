import type { ReactNode } from "react";
import type { HeadingBlock, Statistic } from "../../schemas/common";
import { LinkButton } from "../ui/LinkButton";
import { Picture, type PictureData } from "../ui/Picture";
import { Section } from "../ui/Section";
import { SectionHeading } from "../ui/SectionHeading";

export interface CaseStudyCardData {
  id: string;
  client: string;
  category: string;
  description: string;
  results: Statistic[];
  details: { challenge: string; solution: string; outcome: string };
  href: string;
  image: PictureData;
}

export interface CaseStudyLabels {
  view: string;
  results: string;
  challenge: string;
  solution: string;
  outcome: string;
}

interface ListProps {
  id: string;
  heading: HeadingBlock;
  /** The CaseStudyCard elements. */
  children: ReactNode;
}

/** The case-study section: heading and a two-column list of cards. */
export function CaseStudyCards({ id, heading, children }: ListProps) {
  return (
    <Section id={id} tone="tint" labelledBy={`${id}-title`}>
      <SectionHeading block={heading} id={`${id}-title`} />
      <div className="mt-12 grid gap-10 lg:grid-cols-2">{children}</div>
    </Section>
  );
}

/** One case study: category, description, results, challenge, solution, outcome and two actions. */
export function CaseStudyCard({
  card,
  labels,
  video,
}: {
  card: CaseStudyCardData;
  labels: CaseStudyLabels;
  video?: ReactNode;
}) {
  return (
    <article
      aria-labelledby={`${card.id}-card-title`}
      className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <Picture image={card.image} className="aspect-[3/2] w-full object-cover" />
      <div className="flex flex-1 flex-col p-6 sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {card.category}
        </p>
        <h3 id={`${card.id}-card-title`} className="mt-1 text-2xl font-bold">
          {card.client}
        </h3>
        <p className="mt-3 text-slate-700">{card.description}</p>
        <h4 className="sr-only">{labels.results}</h4>
        <dl className="mt-6 grid grid-cols-2 gap-4">
          {card.results.map((r) => (
            <div key={r.label} className="flex flex-col-reverse rounded-xl bg-brand-50 p-4">
              <dt className="text-sm text-slate-700">{r.label}</dt>
              <dd className="text-2xl font-extrabold text-brand-800">{r.value}</dd>
            </div>
          ))}
        </dl>
        <dl className="mt-6 space-y-3 text-sm">
          <div>
            <dt className="font-bold">{labels.challenge}</dt>
            <dd className="text-slate-700">{card.details.challenge}</dd>
          </div>
          <div>
            <dt className="font-bold">{labels.solution}</dt>
            <dd className="text-slate-700">{card.details.solution}</dd>
          </div>
          <div>
            <dt className="font-bold">{labels.outcome}</dt>
            <dd className="text-slate-700">{card.details.outcome}</dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-col gap-3 pt-8 text-brand-900 sm:flex-row">
          <LinkButton href={card.href} variant="secondary">
            {labels.view}
            <span className="sr-only">: {card.client}</span>
          </LinkButton>
          {video}
        </div>
      </div>
    </article>
  );
}
