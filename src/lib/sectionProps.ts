/** Maps section content (schemas/sections.ts) to the props of its component, links resolved. */
import type { CtaBandContent, PageHero } from "../schemas/sections";
import { toLink } from "./chrome";

/** A page hero's copy and its one or two links. */
export function heroProps(hero: PageHero) {
  return {
    badge: hero.badge,
    headline: hero.headline,
    lead: hero.lead,
    primary: toLink(hero.primaryCta),
    secondary: hero.secondaryCta && toLink(hero.secondaryCta),
  };
}

/** A closing call to action: heading block, links and assurances. */
export function ctaBandProps(cta: CtaBandContent) {
  return {
    heading: cta,
    primary: toLink(cta.primary),
    secondary: cta.secondary && toLink(cta.secondary),
    assurances: cta.assurances,
  };
}
