/** Props of the case-study components, built from a case-study entry. */
import type { CollectionEntry } from "astro:content";
import { caseStudyPath } from "../config/routes";
import { site } from "../config/site";
import type { Ui } from "../schemas/collections";
import type { Statistic } from "../schemas/common";
import type { CaseStudyCardLabels } from "../schemas/sections";
import { toPicture, type PictureData } from "./images";

/** A case study as its card shows it (components/sections/CaseStudyCards). */
export interface CaseStudyCardData {
  id: string;
  client: string;
  category: string;
  description: string;
  results: Statistic[];
  details: { challenge: string; solution: string; outcome: string };
  href: string;
  image: PictureData;
}

/** The labels of a case-study card, from the ui entry. */
export interface CaseStudyLabels {
  view: string;
  results: string;
  challenge: string;
  solution: string;
  outcome: string;
}

type CaseStudy = CollectionEntry<"caseStudies">["data"];

/** The labels of a case-study card, from its content. */
export function caseStudyLabels(block: CaseStudyCardLabels): CaseStudyLabels {
  return {
    view: block.viewLabel,
    results: block.resultsLabel,
    challenge: block.challengeLabel,
    solution: block.solutionLabel,
    outcome: block.outcomeLabel,
  };
}

/** The card of a case study (home, /case-studies), linking to its page. */
export function caseStudyCard(id: string, data: CaseStudy, image: PictureData): CaseStudyCardData {
  return {
    id,
    client: data.client,
    category: data.category,
    description: data.description,
    results: data.results,
    details: data.details,
    href: caseStudyPath(id),
    image,
  };
}

/** The props of the case study's VideoDialog island: its video, title, blurb and poster. */
export async function caseStudyVideo(
  dialogId: string,
  data: CaseStudy,
  triggerLabel: string,
  copy: Ui["video"],
) {
  return {
    id: dialogId,
    triggerLabel,
    triggerVariant: "primary" as const,
    videoId: site.videos[data.video.key],
    title: data.video.title,
    blurb: data.video.blurb,
    poster: await toPicture(data.video.poster, "", {
      widths: [640, 960, 1280],
      sizes: "(min-width: 1024px) 64rem, 100vw",
    }),
    copy,
  };
}
