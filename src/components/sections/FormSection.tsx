import type { ReactNode } from "react";
import type { HeadingBlock, Reason } from "../../schemas/common";
import { ReasonList } from "../ui/ReasonList";
import { Section } from "../ui/Section";
import { SectionHeading } from "../ui/SectionHeading";

interface Props {
  id: string;
  heading: HeadingBlock;
  /** What the visitor gets (the free audit's three benefits). */
  reasons: Reason[];
  /** Slot: the form. */
  form?: ReactNode;
  tone?: "white" | "tint";
  children?: ReactNode;
}

/** A form beside what it brings: heading and reasons on the left, the form on the right. */
export function FormSection({ id, heading, reasons, form, tone = "tint" }: Props) {
  return (
    <Section id={id} tone={tone} labelledBy={`${id}-title`}>
      <div className="grid items-start gap-12 lg:grid-cols-2">
        <div>
          <SectionHeading block={heading} id={`${id}-title`} align="left" />
          <ReasonList items={reasons} className="mt-10" />
        </div>
        <div>{form}</div>
      </div>
    </Section>
  );
}
