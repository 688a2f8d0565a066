/**
 * The free guides for pages: newest first, with their reading time, their topics named as the
 * site names them (an industry's title, a service's menu label), and the guides related to one.
 */
import { getCollection, render, type CollectionEntry } from "astro:content";
import { guidePath, guideTopicPath, industryPath, routes } from "../config/routes";
import { loadCollection, requireEntry } from "./content";
import { toPicture, type PictureData } from "./images";
import { requireFormCopy } from "./requireFormCopy";

/** A guide as its card shows it (components/sections/GuideCards). */
export interface GuideCardData {
  id: string;
  href: string;
  title: string;
  summary: string;
  /** "November 10, 2026" */
  date: string;
  /** The machine-readable date (YYYY-MM-DD). */
  isoDate: string;
  readingTime: string;
  image: PictureData;
}

/** A link of the topic filter (components/sections/TopicFilter). */
export interface TopicLink {
  label: string;
  href: string;
  current: boolean;
}

export type GuideEntry = CollectionEntry<"guides">;

/** Words a minute for the reading time. */
const WORDS_PER_MINUTE = 200;

export const readingMinutes = (markdown: string): number =>
  Math.max(1, Math.round(markdown.split(/\s+/).filter(Boolean).length / WORDS_PER_MINUTE));

/** Every guide, newest first (by published date, then id). */
export async function loadGuides(): Promise<GuideEntry[]> {
  return (await getCollection("guides")).sort(
    (a, b) => b.data.published.getTime() - a.data.published.getTime() || a.id.localeCompare(b.id),
  );
}

export interface Topic {
  id: string;
  name: string;
  /** The industry's or service's own page. */
  href: string;
  /** Its list of guides. */
  guidesHref: string;
}

/** Every topic a guide may have: industries first (in their order), then services. */
export async function loadTopics(): Promise<Topic[]> {
  const industries = (await loadCollection("industries")).map(({ id, data }) => ({
    id,
    name: data.title,
    href: industryPath(id),
    guidesHref: guideTopicPath(id),
  }));
  const ui = await requireEntry("ui", "site");
  const services = (await loadCollection("services")).map(({ id }) => {
    const item = ui.header.services.find((s) => routes[s.to] === `/${id}`);
    if (!item) throw new Error(`src/content/ui/site.yaml: no header link to the service "${id}"`);
    return { id, name: item.label, href: `/${id}`, guidesHref: guideTopicPath(id) };
  });
  return [...industries, ...services];
}

/** The guides sharing most topics with `guide`, newest first among equals. */
export function relatedGuides(guide: GuideEntry, all: GuideEntry[], count = 3): GuideEntry[] {
  const shared = (other: GuideEntry) =>
    other.data.topics.filter((t) => guide.data.topics.includes(t)).length;
  return all
    .filter((other) => other.id !== guide.id)
    .map((other, index) => ({ other, score: shared(other), index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .map(({ other }) => other);
}

/** "November 10, 2026" and "2026-11-10". */
export const dayText = (date: Date) =>
  date.toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** "7 min read", from the page copy's `[minutes] min read`. */
export const readingLabel = (template: string, guide: GuideEntry) =>
  template.replace("[minutes]", String(readingMinutes(guide.body ?? "")));

/** A guide's card: what the lists show. */
export async function guideCard(guide: GuideEntry, readingTime: string): Promise<GuideCardData> {
  return {
    id: guide.id,
    href: guidePath(guide.id),
    title: guide.data.title,
    summary: guide.data.description,
    date: dayText(guide.data.published),
    isoDate: isoDay(guide.data.published),
    readingTime: readingLabel(readingTime, guide),
    image: await toPicture(guide.data.hero, guide.data.heroAlt, {
      widths: [480, 720, 960],
      sizes: "(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw",
    }),
  };
}

/** The topic filter's links: all guides, then every topic that has a guide. */
export function topicLinks(
  topics: Topic[],
  guides: GuideEntry[],
  allLabel: string,
  current: string | null,
): TopicLink[] {
  const used = new Set(guides.flatMap((g) => g.data.topics));
  return [
    { label: allLabel, href: routes.guides, current: current === null },
    ...topics
      .filter((t) => used.has(t.id))
      .map((t) => ({ label: t.name, href: t.guidesHref, current: t.id === current })),
  ];
}

/** A guide's rendered body and its second-level headings (the table of contents). */
export async function renderGuide(guide: GuideEntry) {
  const { Content, headings } = await render(guide);
  return { Content, contents: headings.filter((h) => h.depth === 2) };
}

/**
 * The guides section of an industry's or service's page: its newest guides (three at most) and a
 * link to all of them; null when no guide is on that topic yet.
 */
export async function topicGuidesSection(topicId: string) {
  const page = (await loadCollection("pages")).find((p) => p.id === "guides")?.data;
  if (!page || page.template !== "guides")
    throw new Error("src/content/pages/guides.yaml is missing");
  const topic = (await loadTopics()).find((t) => t.id === topicId);
  const guides = (await loadGuides()).filter((g) => g.data.topics.includes(topicId));
  if (!topic || !guides.length) return null;
  const fill = (text: string) => text.replaceAll("[topic]", topic.name);
  return {
    heading: { heading: fill(page.topicHeadline) },
    guides: await Promise.all(guides.slice(0, 3).map((g) => guideCard(g, page.readingTime))),
    readLabel: page.list.readLabel,
    viewAll: { label: fill(page.topicAll), href: topic.guidesHref },
  };
}

/** Pictures beside a guides list's hero: the first four guides' pictures. */
export function heroGallery(guides: GuideEntry[]) {
  return Promise.all(
    guides.slice(0, 4).map((g) =>
      toPicture(g.data.hero, g.data.heroAlt, {
        widths: [400, 600],
        sizes: "(min-width: 1280px) 17rem, (min-width: 1024px) 22vw, 50vw",
      }),
    ),
  );
}

/** A checklist's sections with their item counts ("Set up", 6), read from its Markdown. */
export function checklistOutline(body: string): { heading: string; items: number }[] {
  const outline: { heading: string; items: number }[] = [];
  for (const line of body.split("\n")) {
    const heading = /^## (.+)$/.exec(line.trim());
    if (heading) outline.push({ heading: heading[1]!, items: 0 });
    else if (/^- \[ \] /.test(line.trim()) && outline.length) outline.at(-1)!.items++;
  }
  return outline;
}

/**
 * What a guide's page needs to offer its checklist (section #checklist): the checklist's title,
 * intro and outline, and the form's copy; null when the guide offers none.
 */
export async function checklistOffer(guide: GuideEntry) {
  if (!guide.data.checklist) return null;
  const page = (await loadCollection("pages")).find((p) => p.id === "guides")?.data;
  if (!page || page.template !== "guides")
    throw new Error("src/content/pages/guides.yaml is missing");
  const entry = (await getCollection("checklists")).find((c) => c.id === guide.data.checklist!.id);
  if (!entry) throw new Error(`checklist ${guide.data.checklist.id} is missing`);
  const copy = await requireFormCopy("guide", ["success", "error"]);
  const { download, emailed } = copy.success;
  if (!download || !emailed) {
    throw new Error("src/content/forms/guide.yaml needs success.download and success.emailed");
  }
  return {
    id: entry.id,
    heading: {
      eyebrow: page.checklist.eyebrow,
      heading: entry.data.title,
      intro: entry.data.intro,
    },
    inside: page.checklist.inside,
    outline: checklistOutline(entry.body ?? "").map(
      (s) => `${s.heading}: ${page.checklist.steps.replaceAll("[count]", String(s.items))}`,
    ),
    copy,
    download: { label: download, emailed },
  };
}

/** The first guide (newest first) that offers checklist `id`, or null. */
export async function guideOfferingChecklist(id: string): Promise<GuideEntry | null> {
  return (await loadGuides()).find((g) => g.data.checklist?.id === id) ?? null;
}
