import type { HeadingBlock, Statistic } from "../../schemas/common";
import { Section } from "../ui/Section";
import { SectionHeading } from "../ui/SectionHeading";

interface Props {
  id: string;
  heading: HeadingBlock;
  text: string;
  beforeLabel: string;
  /** Where the client stood before the campaign. */
  before: Statistic[];
}

/** A case study's challenge: what was wrong, and the figures from before the campaign. */
export function ChallengeBlock({ id, heading, text, beforeLabel, before }: Props) {
  return (
    <Section id={id} tone="tint" labelledBy={`${id}-title`}>
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div>
          <SectionHeading block={heading} id={`${id}-title`} align="left" />
          <p className="mt-6 text-lg text-slate-800">{text}</p>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h3 className="text-lg font-bold">{beforeLabel}</h3>
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            {before.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse rounded-xl bg-slate-100 p-4">
                <dt className="text-sm text-slate-700">{stat.label}</dt>
                <dd className="text-3xl font-extrabold text-slate-900">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </Section>
  );
}
