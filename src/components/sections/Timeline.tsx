import type { HeadingBlock } from "../../schemas/common";
import { CheckList } from "../ui/CheckList";
import { Section } from "../ui/Section";
import { SectionHeading } from "../ui/SectionHeading";

export interface TimelineEntry {
  /** The formatted month range: "Months 1-2". */
  period: string;
  title: string;
  description: string;
  achievements: string[];
}

interface Props {
  id: string;
  heading: HeadingBlock;
  achievementsLabel: string;
  steps: TimelineEntry[];
}

/** A month-by-month campaign timeline: one phase per item, with what it achieved. */
export function Timeline({ id, heading, achievementsLabel, steps }: Props) {
  return (
    <Section id={id} labelledBy={`${id}-title`}>
      <SectionHeading block={heading} id={`${id}-title`} />
      <ol className="mx-auto mt-12 max-w-3xl space-y-8 border-l-2 border-brand-200 pl-6 sm:pl-10">
        {steps.map((step) => (
          <li key={step.period} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1 -left-[2.2rem] size-5 rounded-full border-4 border-white bg-brand-700 sm:-left-[3.2rem]"
            />
            <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">
              {step.period}
            </p>
            <h3 className="mt-1 text-xl font-bold">{step.title}</h3>
            <p className="mt-2 text-slate-700">{step.description}</p>
            <h4 className="mt-4 text-sm font-semibold text-slate-800">{achievementsLabel}</h4>
            <CheckList items={step.achievements} className="mt-2 space-y-2 text-slate-800" />
          </li>
        ))}
      </ol>
    </Section>
  );
}
