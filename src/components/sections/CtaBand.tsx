import type { ReactNode } from "react";
import type { HeadingBlock } from "../../schemas/common";
import { CallLine } from "../site/CallLine";
import { CheckList } from "../ui/CheckList";
import { LinkButton } from "../ui/LinkButton";
import { Section } from "../ui/Section";
import { SectionHeading } from "../ui/SectionHeading";

interface Props {
  id: string;
  heading: HeadingBlock;
  primary: { label: string; href: string };
  secondary?: { label: string; href: string } | undefined;
  /** Short promises under the buttons ("No long-term contracts"). */
  assurances?: string[] | undefined;
  /** A call line: the label and the E.164 number from the config, shown as a tel: link. */
  call?: { label: string; phone: string } | undefined;
  /** Slot: a short lead form under the links (the QuickLeadForm island). */
  form?: ReactNode;
}

/** The closing call to action: a heading, one or two real links, assurances, a call line. */
export function CtaBand({ id, heading, primary, secondary, assurances, call, form }: Props) {
  return (
    <Section
      id={id}
      tone="dark"
      labelledBy={`${id}-title`}
      className="bg-gradient-to-br from-brand-900 to-brand-800"
    >
      <SectionHeading block={heading} id={`${id}-title`} invert />
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <LinkButton href={primary.href}>{primary.label}</LinkButton>
        {secondary && (
          <LinkButton href={secondary.href} variant="outline">
            {secondary.label}
          </LinkButton>
        )}
      </div>
      {call && <CallLine {...call} tone="dark" className="mt-6 justify-center" />}
      {assurances && assurances.length > 0 && (
        <CheckList
          items={assurances}
          className="mt-8 flex flex-col items-center justify-center gap-x-8 gap-y-3 text-brand-100 sm:flex-row sm:flex-wrap"
          checkClassName="before:text-accent-300"
        />
      )}
      {form && <div className="mx-auto mt-12 max-w-md">{form}</div>}
    </Section>
  );
}
