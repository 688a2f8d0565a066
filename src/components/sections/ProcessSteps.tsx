import type { HeadingBlock, Step } from "../../schemas/common";
import { Section } from "../ui/Section";
import { SectionHeading } from "../ui/SectionHeading";

interface Props {
  id: string;
  heading: HeadingBlock;
  steps: Step[];
  tone?: "white" | "tint";
}

/** A numbered process: the number is the step's position in the ordered list. */
export function ProcessSteps({ id, heading, steps, tone = "tint" }: Props) {
  return (
    <Section id={id} tone={tone} labelledBy={`${id}-title`}>
      <SectionHeading block={heading} id={`${id}-title`} />
      <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <span
              aria-hidden="true"
              className="grid size-12 place-items-center rounded-full bg-brand-700 text-xl font-extrabold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-bold">{step.title}</h3>
            <p className="mt-2 text-slate-700">{step.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
