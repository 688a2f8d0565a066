import type { ReactNode } from "react";
import type { HeadingBlock } from "../../schemas/common";
import { CheckList } from "../ui/CheckList";
import { Section } from "../ui/Section";
import { SectionHeading } from "../ui/SectionHeading";

interface Props {
  id: string;
  /** The checklist's title and how to use it. */
  heading: HeadingBlock;
  /** "What's inside" and its sections with their step counts. */
  inside: string;
  outline: string[];
  /** Slot "form": the checklist form. */
  form?: ReactNode;
}

/** A guide's free checklist: what it holds beside the form that sends its download link. */
export function ChecklistOffer({ id, heading, inside, outline, form }: Props) {
  return (
    <Section id={id} tone="tint" labelledBy={`${id}-title`}>
      <div className="grid items-start gap-12 lg:grid-cols-2">
        <div>
          <SectionHeading block={heading} id={`${id}-title`} align="left" />
          <h3 className="mt-8 text-lg font-semibold">{inside}</h3>
          <CheckList items={outline} className="mt-4 grid gap-3 text-slate-800" />
        </div>
        <div>{form}</div>
      </div>
    </Section>
  );
}
