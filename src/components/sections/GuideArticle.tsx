import type { ReactNode } from "react";
import { Container } from "../ui/Container";
import type { PictureData } from "../../lib/images";
import { Picture } from "../ui/Picture";

interface Props {
  title: string;
  description: string;
  topics: { name: string; href: string }[];
  topicsLabel: string;
  /** "Published November 10, 2026", with the machine date. */
  published: { label: string; iso: string; text: string };
  updated?: { label: string; iso: string; text: string } | undefined;
  byline: string;
  readingTime: string;
  /** The guide's picture, above the fold. */
  image: PictureData;
  contents: { heading: string; items: { slug: string; text: string }[] };
  /** The guide's rendered Markdown. */
  children: ReactNode;
}

/**
 * A guide: its heading, dates, reading time and author; a table of contents of its sections;
 * then the text. The Markdown's own HTML is styled by `.guide-body` (global.css).
 */
export function GuideArticle(p: Props) {
  return (
    // Pagefind (integrations/guideSearch.ts) indexes the article alone, not the page's chrome.
    <article className="bg-white py-12 sm:py-16" data-pagefind-body>
      <Container>
        <div className="mx-auto max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
            {p.topicsLabel}:{" "}
            {p.topics.map((t, i) => (
              <span key={t.href}>
                {i > 0 && ", "}
                <a href={t.href} className="underline">
                  {t.name}
                </a>
              </span>
            ))}
          </p>
          <h1 className="mt-3 text-3xl font-extrabold text-brand-950 sm:text-4xl">{p.title}</h1>
          <p className="mt-4 text-lg text-slate-700">{p.description}</p>
          <p className="mt-4 text-sm text-slate-700">
            {p.byline} · {p.published.label}{" "}
            <time dateTime={p.published.iso}>{p.published.text}</time>
            {p.updated && (
              <>
                {" "}
                · {p.updated.label} <time dateTime={p.updated.iso}>{p.updated.text}</time>
              </>
            )}{" "}
            · {p.readingTime}
          </p>
          <Picture
            image={p.image}
            priority
            className="mt-8 aspect-[16/9] w-full rounded-2xl object-cover"
          />
          <nav
            data-pagefind-ignore
            aria-labelledby="contents-title"
            className="mt-8 rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100"
          >
            <h2 id="contents-title" className="text-lg font-bold text-brand-950">
              {p.contents.heading}
            </h2>
            <ol className="mt-3 list-decimal space-y-1 pl-5">
              {p.contents.items.map((item) => (
                <li key={item.slug}>
                  <a href={`#${item.slug}`} className="inline-block py-1 text-brand-900 underline">
                    {item.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="guide-body mt-10">{p.children}</div>
        </div>
      </Container>
    </article>
  );
}
