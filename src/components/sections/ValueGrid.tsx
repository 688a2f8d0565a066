import type { ReactNode } from "react";
import type { HeadingBlock, Reason } from "../../schemas/common";
import { Icon } from "../ui/Icon";
import { Section } from "../ui/Section";
import { SectionHeading } from "../ui/SectionHeading";

interface Props {
  id: string;
  heading: HeadingBlock;
  paragraphs?: string[];
  items: Reason[];
  tone?: "white" | "tint";
  /** Content under the grid (a call to action). */
  children?: ReactNode;
}

/** A heading, optional paragraphs (the mission) and a grid of reasons or values. */
export function ValueGrid({
  id,
  heading,
  paragraphs = [],
  items,
  tone = "white",
  children,
}: Props) {
  const card = tone === "tint" ? "bg-white ring-slate-200" : "bg-brand-50 ring-brand-100";
  return (
    <Section id={id} tone={tone} labelledBy={`${id}-title`}>
      <SectionHeading block={heading} id={`${id}-title`} />
      {paragraphs.length > 0 && (
        <div className="mx-auto mt-6 max-w-3xl space-y-4 text-center text-lg text-slate-700">
          {paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      )}
      {/* Three items sit in one row; four and eight, four to a row. */}
      <ul
        className={`mt-12 grid gap-6 ${items.length === 3 ? "md:grid-cols-3" : "sm:grid-cols-2 lg:grid-cols-4"}`}
      >
        {items.map((item) => (
          <li key={item.title} className={`rounded-2xl p-6 text-center ring-1 ${card}`}>
            <Icon
              name={item.icon}
              className="mx-auto block size-14 rounded-full bg-brand-700 p-3.5 text-white"
            />
            <h3 className="mt-4 text-lg font-bold">{item.title}</h3>
            <p className="mt-2 text-slate-700">{item.description}</p>
          </li>
        ))}
      </ul>
      {children}
    </Section>
  );
}
