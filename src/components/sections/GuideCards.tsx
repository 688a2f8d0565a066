import type { GuideCardData } from "../../lib/guides";
import type { HeadingBlock } from "../../schemas/common";
import { Picture } from "../ui/Picture";
import { Section } from "../ui/Section";
import { SectionHeading } from "../ui/SectionHeading";
import { LinkButton } from "../ui/LinkButton";

interface Props {
  id: string;
  heading: HeadingBlock;
  guides: GuideCardData[];
  readLabel: string;
  /** Shown when there is no guide (a topic with none yet). */
  empty?: string | undefined;
  tone?: "white" | "tint";
  /** Links above the list (the topic filter). */
  filter?: React.ReactNode;
  /** A link under the list (the home page's "All free guides"). */
  viewAll?: { label: string; href: string } | undefined;
}

/** A list of guides as cards: picture, title, summary, date and reading time. */
export function GuideCards({
  id,
  heading,
  guides,
  readLabel,
  empty,
  tone = "white",
  filter,
  viewAll,
}: Props) {
  return (
    <Section id={id} tone={tone} labelledBy={`${id}-title`}>
      <SectionHeading block={heading} id={`${id}-title`} />
      {filter}
      {guides.length ? (
        <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {guides.map((g) => (
            <li key={g.id}>
              <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-brand-100">
                <Picture image={g.image} className="aspect-[16/10] w-full object-cover" />
                <div className="flex flex-1 flex-col p-6">
                  <h3 className="text-xl font-bold text-brand-950">
                    <a href={g.href} className="hover:underline">
                      {g.title}
                    </a>
                  </h3>
                  <p className="mt-3 flex-1 text-slate-700">{g.summary}</p>
                  <p className="mt-4 text-sm text-slate-700">
                    <time dateTime={g.isoDate}>{g.date}</time> · {g.readingTime}
                  </p>
                  <a
                    href={g.href}
                    aria-hidden="true"
                    tabIndex={-1}
                    className="mt-4 font-semibold text-brand-800 underline"
                  >
                    {readLabel}
                  </a>
                </div>
              </article>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-10 text-center text-slate-700">{empty}</p>
      )}
      {viewAll && (
        <div className="mt-12 text-center">
          <LinkButton href={viewAll.href} variant="secondary">
            {viewAll.label}
          </LinkButton>
        </div>
      )}
    </Section>
  );
}
