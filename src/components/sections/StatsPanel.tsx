import type { HeadingBlock, Statistic } from "../../schemas/common";
import { Icon } from "../ui/Icon";
import { Section } from "../ui/Section";
import { SectionHeading } from "../ui/SectionHeading";

interface Props {
  id: string;
  heading: HeadingBlock;
  stats: Statistic[];
  /** Dark brand band, or white (when the next section is the dark closing call to action). */
  tone?: "dark" | "white";
}

const columns: Record<number, string> = {
  1: "",
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
};

const styles = {
  dark: { card: "bg-white/5 ring-white/15", label: "text-brand-100", value: "text-accent-300" },
  white: { card: "bg-brand-50 ring-brand-100", label: "text-slate-700", value: "text-brand-800" },
} as const;

/** A results or stats panel: large figures with their labels. */
export function StatsPanel({ id, heading, stats, tone = "dark" }: Props) {
  const style = styles[tone];
  return (
    <Section id={id} tone={tone} labelledBy={`${id}-title`}>
      <SectionHeading block={heading} id={`${id}-title`} invert={tone === "dark"} />
      <dl
        className={`mx-auto mt-12 grid max-w-5xl gap-6 ${columns[stats.length] ?? columns[4]}`}
        data-stats
      >
        {stats.map((stat) => (
          <div
            key={stat.label}
            className={`flex flex-col-reverse items-center rounded-2xl p-6 text-center ring-1 ${style.card}`}
          >
            <dt className={`mt-2 ${style.label}`}>{stat.label}</dt>
            <dd
              className={`flex flex-col items-center gap-2 text-4xl font-extrabold ${stats.length < 4 ? "sm:text-5xl" : ""} ${style.value}`}
            >
              {stat.icon && <Icon name={stat.icon} className="size-8" />}
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
