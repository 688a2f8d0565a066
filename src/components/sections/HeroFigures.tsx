import type { Statistic } from "../../schemas/common";
import { Icon } from "../ui/Icon";

/** A figure of the hero's proof card; `note` names whose figure it is (a client). */
export interface HeroFigure extends Statistic {
  note?: string | undefined;
}

interface Props {
  figures: HeroFigure[];
  /** A short line over the figures (the page's results heading). */
  heading?: string | undefined;
}

/**
 * Proof figures beside a hero's text, on the dark hero: one figure large, three stacked (a card as
 * tall as the text beside it), two or four in a grid.
 * A description list (value, label), the same shape as the stats rows further down the pages.
 */
export function HeroFigures({ figures, heading }: Props) {
  const single = figures.length === 1;
  return (
    <div className="rounded-2xl bg-white/10 p-6 ring-1 ring-white/20 sm:p-8" data-hero-figures>
      {heading && (
        <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">{heading}</p>
      )}
      <dl
        className={`grid gap-x-6 gap-y-8 ${heading ? "mt-6" : ""} ${single ? "" : figures.length === 3 ? "grid-cols-1" : "grid-cols-2"}`}
        data-stats
      >
        {figures.map((figure) => (
          <div key={`${figure.value} ${figure.label}`} className="flex flex-col-reverse">
            <dt
              className={`mt-2 text-pretty text-brand-50 ${single ? "text-xl font-semibold" : ""}`}
            >
              {figure.label}
              {figure.note && (
                <span className="mt-1 block text-sm text-brand-100">{figure.note}</span>
              )}
            </dt>
            <dd
              className={`flex items-center gap-3 font-extrabold text-accent-300 ${single ? "text-6xl sm:text-7xl" : "text-3xl sm:text-4xl"}`}
            >
              {figure.icon && !single && (
                <Icon
                  name={figure.icon}
                  className="hidden size-7 shrink-0 text-accent-300/80 sm:block"
                />
              )}
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
