import type { HeadingBlock } from "../../schemas/common";

interface Props {
  block: HeadingBlock;
  id: string;
  /** Heading level: 2 for page sections, 1 only for a page's single top heading. */
  level?: 1 | 2;
  invert?: boolean;
  align?: "center" | "left";
}

export function SectionHeading({ block, id, level = 2, invert = false, align = "center" }: Props) {
  const Tag = level === 1 ? "h1" : "h2";
  return (
    <div className={`max-w-3xl ${align === "center" ? "mx-auto text-center" : ""}`}>
      {block.eyebrow && (
        <p
          className={`text-sm font-semibold tracking-wide uppercase ${invert ? "text-brand-200" : "text-brand-700"}`}
        >
          {block.eyebrow}
        </p>
      )}
      <Tag id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {block.heading}
      </Tag>
      {block.intro && (
        <p className={`mt-4 text-lg text-pretty ${invert ? "text-brand-100" : "text-slate-700"}`}>
          {block.intro}
        </p>
      )}
    </div>
  );
}
