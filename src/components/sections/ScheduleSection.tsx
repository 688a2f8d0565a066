import type { ReactNode } from "react";
import type { HeadingBlock } from "../../schemas/common";
import { Section } from "../ui/Section";
import { SectionHeading } from "../ui/SectionHeading";

interface Props {
  id: string;
  heading: HeadingBlock;
  /** Slot: the scheduling widget (the BookingEmbed island). */
  widget?: ReactNode;
  /** A framed, narrower widget (the thank-you page) or the container's full width (/book-call). */
  width?: "full" | "narrow";
  children?: ReactNode;
}

/** A heading over the scheduling widget for the strategy call. */
export function ScheduleSection({ id, heading, widget, width = "full" }: Props) {
  return (
    <Section id={id} tone="tint" labelledBy={`${id}-title`}>
      <SectionHeading block={heading} id={`${id}-title`} />
      <div className={`mx-auto mt-10 ${width === "narrow" ? "max-w-5xl" : ""}`}>{widget}</div>
    </Section>
  );
}
