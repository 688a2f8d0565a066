/** Props of the case-study components, built from a case-study entry. */
import type { CollectionEntry } from "astro:content";
import type { CaseStudyCardData, CaseStudyLabels } from "../components/sections/CaseStudyCards";
import type { PictureData } from "../components/ui/Picture";
import { caseStudyPath } from "../config/routes";
import { site } from "../config/site";
import type { Ui } from "../schemas/collections";
import type { CaseStudyCardLabels } from "../schemas/sections";
import { toPicture } from "./images";

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
