import type { ReactNode } from "react";
import type { HeadingBlock } from "../../schemas/common";
import { CheckList } from "../ui/CheckList";
import { LinkButton } from "../ui/LinkButton";
import { SectionHeading } from "../ui/SectionHeading";

interface Props {
  id: string;
  heading: HeadingBlock;
  paragraphs?: string[] | undefined;
  checklist?: string[] | undefined;
  /** The yellow button (on the growth page: a link to the form at the top). */
  cta?: { label: string; href: string } | undefined;
  align?: "left" | "center";
  /** Extra content between the text and the button (cards, a grid). */
  children?: ReactNode;
}

/** A block of a sales page: heading, paragraphs, a checklist, optional content and one button. */
export function Pitch({
  id,
  heading,
  paragraphs = [],
  checklist = [],
  cta,
  align = "left",
  children,
}: Props) {
  const centered = align === "center";
  return (
    <div id={id}>
      <SectionHeading block={heading} id={`${id}-title`} align={align} />
      {paragraphs.length > 0 && (
        <div
          className={`mt-6 max-w-3xl space-y-4 text-lg text-pretty text-slate-700 ${centered ? "mx-auto text-center" : ""}`}
        >
          {paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      )}
      {checklist.length > 0 && (
        <CheckList
          items={checklist}
          className={`mt-6 grid max-w-3xl gap-3 text-lg ${centered ? "mx-auto justify-items-center sm:grid-cols-3" : ""}`}
        />
      )}
      {children}
      {cta && (
        <div className={`mt-8 ${centered ? "text-center" : ""}`}>
          <LinkButton href={cta.href} className="w-full sm:w-auto">
            {cta.label}
          </LinkButton>
        </div>
      )}
    </div>
  );
}
