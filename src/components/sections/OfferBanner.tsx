import type { OfferBanner as OfferBannerContent } from "../../schemas/sections";
import { Container } from "../ui/Container";
import { Icon } from "../ui/Icon";
import { LinkButton } from "../ui/LinkButton";

interface Props {
  id: string;
  offer: Omit<OfferBannerContent, "cta">;
  cta: { label: string; href: string };
}

/** The limited-time free-audit offer, a yellow band right under the hero. */
export function OfferBanner({ id, offer, cta }: Props) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="bg-accent-300 text-brand-950">
      <Container className="flex flex-col gap-6 py-8 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex gap-4">
          <Icon name="clock" className="mt-1 size-8 shrink-0" />
          <div>
            <p className="text-sm font-extrabold tracking-widest uppercase">{offer.badge}</p>
            <h2 id={`${id}-title`} className="mt-1 text-2xl font-bold text-balance">
              {offer.heading}
            </h2>
            <p className="mt-1 text-pretty">{offer.text}</p>
          </div>
        </div>
        <LinkButton href={cta.href} variant="secondary" className="shrink-0">
          {cta.label}
        </LinkButton>
      </Container>
    </section>
  );
}
