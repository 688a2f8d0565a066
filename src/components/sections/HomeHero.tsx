import type { ReactNode } from "react";
import type { Statistic } from "../../schemas/common";
import { Container } from "../ui/Container";
import { LinkButton } from "../ui/LinkButton";

interface Props {
  eyebrow: string;
  headline: string;
  lead: string;
  primary: { label: string; href: string };
  proof: Statistic[];
  /** Slot: the background (poster and video) island. */
  backdrop?: ReactNode;
  /** Slot: the 'Watch Success Stories' dialog island. */
  video?: ReactNode;
  /** Slot: the inline audit request form. */
  form?: ReactNode;
  children?: ReactNode;
}

export function HomeHero({
  eyebrow,
  headline,
  lead,
  primary,
  proof,
  backdrop,
  video,
  form,
}: Props) {
  return (
    <section
      id="home"
      aria-labelledby="home-title"
      className="relative isolate overflow-hidden text-white"
    >
      {backdrop}
      {/* From 1280 px the middle column stays open: the background scene shows there. */}
      <Container className="grid items-center gap-10 py-16 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:py-24 xl:grid-cols-[34rem_minmax(0,1fr)_26rem]">
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">{eyebrow}</p>
          <h1
            id="home-title"
            className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            {headline}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-pretty text-brand-50 sm:text-xl">{lead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <LinkButton href={primary.href}>{primary.label}</LinkButton>
            {video}
          </div>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4">
            {proof.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse">
                <dt className="text-sm text-brand-100">{stat.label}</dt>
                <dd className="text-3xl font-extrabold text-accent-300">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="xl:col-start-3">{form}</div>
      </Container>
    </section>
  );
}
