import type { ReactNode } from "react";
import type { CaseStudyCardData, CaseStudyLabels } from "../../lib/caseStudyProps";
import type { HeadingBlock, Statistic } from "../../schemas/common";
import { LinkButton } from "../ui/LinkButton";
import { Picture } from "../ui/Picture";
import { Section } from "../ui/Section";
import { SectionHeading } from "../ui/SectionHeading";

interface ListProps {
  id: string;
  heading: HeadingBlock;
  /** Two cards side by side (home), or one wide card a row (the case-studies page). */
  columns?: 1 | 2;
  /** The CaseStudyCard elements. */
  children: ReactNode;
}

/** The case-study section: heading and a list of cards. */
export function CaseStudyCards({ id, heading, columns = 2, children }: ListProps) {
  return (
    <Section id={id} tone="tint" labelledBy={`${id}-title`}>
      <SectionHeading block={heading} id={`${id}-title`} />
      <div className={`mt-12 grid gap-10 ${columns === 2 ? "lg:grid-cols-2" : ""}`}>{children}</div>
    </Section>
  );
}

/**
 * One case study: category, description, results, challenge, solution, outcome and two actions.
 * `split` puts the picture beside the text on wide screens, on the right when `reverse`.
 */
export function CaseStudyCard({
  card,
  labels,
  video,
  layout = "stacked",
  reverse = false,
  facts,
}: {
  card: CaseStudyCardData;
  labels: CaseStudyLabels;
  video?: ReactNode;
  layout?: "stacked" | "split";
  reverse?: boolean;
  /** Key facts under the description (campaign length, monthly investment). */
  facts?: Statistic[] | undefined;
}) {
  const split = layout === "split";
  return (
    <article
      aria-labelledby={`${card.id}-card-title`}
      className={`flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 ${split ? "lg:grid lg:grid-cols-2" : ""}`}
      data-layout={split ? (reverse ? "image-right" : "image-left") : "stacked"}
    >
      <Picture
        image={card.image}
        className={`aspect-[3/2] w-full object-cover ${split ? "lg:aspect-auto lg:h-full" : ""}`}
      />
      <div
        className={`flex flex-1 flex-col p-6 sm:p-8 ${split && reverse ? "lg:order-first" : ""}`}
      >
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {card.category}
        </p>
        <h3 id={`${card.id}-card-title`} className="mt-1 text-2xl font-bold">
          {card.client}
        </h3>
        <p className="mt-3 text-slate-700">{card.description}</p>
        {facts && facts.length > 0 && (
          <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2 text-sm">
            {facts.map((fact) => (
              <div key={fact.label} className="flex gap-1">
                <dt className="font-semibold">{fact.label}:</dt>
                <dd className="text-slate-700">{fact.value}</dd>
              </div>
            ))}
          </dl>
        )}
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
