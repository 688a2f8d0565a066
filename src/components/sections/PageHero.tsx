import type { ReactNode } from "react";
import type { Statistic } from "../../schemas/common";
import type { Quote } from "../../schemas/sections";
import { Container } from "../ui/Container";
import { Icon } from "../ui/Icon";
import { LinkButton } from "../ui/LinkButton";
import type { PictureData } from "../../lib/images";
import { Picture } from "../ui/Picture";
import { HeroFigures, type HeroFigure } from "./HeroFigures";

interface Link {
  label: string;
  href: string;
}

interface Props {
  id: string;
  badge?: string | undefined;
  headline: string;
  lead: string;
  primary?: Link | undefined;
  secondary?: Link | undefined;
  /** Key facts under the lead (a campaign's length and monthly investment). */
  facts?: Statistic[] | undefined;
  /** A picture beside the text, loaded with high priority (it is above the fold). */
  image?: PictureData | undefined;
  /** A headline figure beside the text. */
  statement?: Statistic | undefined;
  /** A client quote beside the text. */
  quote?: Quote | undefined;
  /** Proof figures beside the text (a service's results, the agency's track record). */
  figures?: { heading?: string | undefined; items: HeroFigure[] } | undefined;
  /** Pictures beside the text, two to a row (the trades of the industries overview). */
  gallery?: PictureData[] | undefined;
  /** Slot: further actions after the links (a video dialog, an external link). */
  actions?: ReactNode;
  /** Slot: what stands beside the text instead (the page's own form). */
  aside?: ReactNode;
  children?: ReactNode;
}

/**
 * The top of a content page: badge, the page's only h1, lead, actions and, beside them from 1024
 * px (under them on smaller screens), something that serves the page: a picture, pictures, proof
 * figures, a client quote or the page's form.
 */
export function PageHero({
  id,
  badge,
  headline,
  lead,
  primary,
  secondary,
  facts,
  image,
  statement,
  quote,
  figures,
  gallery,
  actions,
  aside,
  children,
}: Props) {
  const hasAside = Boolean(
    image || statement || quote || figures || (gallery && gallery.length > 0) || aside,
  );
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white"
    >
      <Container
        className={`grid items-center gap-10 py-14 sm:py-20 ${hasAside ? "lg:grid-cols-[1.1fr_1fr]" : ""}`}
      >
        <div className={hasAside ? "" : "max-w-3xl"}>
          {badge && (
            <p
              data-hero="badge"
              className="inline-flex rounded-full bg-white/10 px-3 py-1 text-sm font-semibold tracking-wide text-accent-300 uppercase ring-1 ring-accent-300/40"
            >
              {badge}
            </p>
          )}
          <h1
            id={`${id}-title`}
            className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
          >
            {headline}
          </h1>
          <p
            data-hero="lead"
            className="mt-6 max-w-2xl text-lg text-pretty text-brand-50 sm:text-xl"
          >
            {lead}
          </p>
          {facts && facts.length > 0 && (
            <dl className="mt-8 flex flex-wrap gap-x-10 gap-y-4">
              {facts.map((fact) => (
                <div key={fact.label} className="flex flex-col-reverse">
                  <dt className="text-sm text-brand-100">{fact.label}</dt>
                  <dd className="text-2xl font-extrabold text-accent-300">{fact.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {(primary || secondary || actions) && (
            <div className="mt-8 flex flex-col flex-wrap gap-3 sm:flex-row">
              {primary && <LinkButton href={primary.href}>{primary.label}</LinkButton>}
              {secondary && (
                <LinkButton href={secondary.href} variant="outline">
                  {secondary.label}
                </LinkButton>
              )}
              {actions}
            </div>
          )}
          {children}
        </div>
        {hasAside && (
          <div className="space-y-6" data-hero-aside>
            {image && (
              <Picture
                image={image}
                priority
                className="aspect-[3/2] w-full rounded-2xl object-cover shadow-2xl ring-1 ring-white/20"
              />
            )}
            {gallery && gallery.length > 0 && (
              <ul className="grid grid-cols-2 gap-4" data-hero-gallery>
                {gallery.map((picture) => (
                  <li key={picture.src}>
                    <Picture
                      image={picture}
                      priority
                      className="aspect-[4/3] w-full rounded-xl object-cover shadow-xl ring-1 ring-white/20"
                    />
                  </li>
                ))}
              </ul>
            )}
            {figures && <HeroFigures heading={figures.heading} figures={figures.items} />}
            {statement && (
              <div className="rounded-2xl bg-white/10 p-8 ring-1 ring-white/20">
                <p className="text-6xl font-extrabold text-accent-300 sm:text-7xl">
                  {statement.value}
                </p>
                <p className="mt-3 text-xl font-semibold text-pretty">{statement.label}</p>
              </div>
            )}
            {quote && (
              <figure className="rounded-2xl bg-white p-8 text-ink shadow-2xl">
                <Icon name="quote" className="size-10 text-brand-700" />
                <blockquote className="mt-4 text-xl font-semibold text-pretty">
                  <p>{quote.text}</p>
                </blockquote>
                <figcaption className="mt-6 text-slate-700">
                  <span className="block font-bold text-ink">{quote.person}</span>
                  {quote.role}, {quote.company}
                </figcaption>
              </figure>
            )}
            {aside}
          </div>
        )}
      </Container>
    </section>
  );
}
