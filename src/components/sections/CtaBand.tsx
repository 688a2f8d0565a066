import type { HeadingBlock } from "../../schemas/common";
import { LinkButton } from "../ui/LinkButton";
import { Section } from "../ui/Section";
import { SectionHeading } from "../ui/SectionHeading";

interface Props {
  id: string;
  heading: HeadingBlock;
  primary: { label: string; href: string };
  secondary?: { label: string; href: string } | undefined;
}

/** The closing call to action: a heading and one or two real links. */
export function CtaBand({ id, heading, primary, secondary }: Props) {
  return (
    <Section id={id} tone="dark" labelledBy={`${id}-title`}>
      <SectionHeading block={heading} id={`${id}-title`} invert />
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <LinkButton href={primary.href}>{primary.label}</LinkButton>
        {secondary && (
          <LinkButton href={secondary.href} variant="outline">
            {secondary.label}
          </LinkButton>
        )}
      </div>
    </Section>
  );
}
