import type { ReactNode } from "react";
import { Container } from "../ui/Container";

interface Props {
  id: string;
  headline: string;
  /** The small print the headline's asterisk points to. */
  footnote: string;
  lead: string;
  /** Id of the form's cell: the target of every button that brings the visitor to the form. */
  formAnchor: string;
  /** Slot: the form (one island). */
  form?: ReactNode;
  /** Slot: the video beside (large screens) or under (small screens) the form. */
  video?: ReactNode;
  /** Blocks that run beside the sticky form on large screens. */
  children?: ReactNode;
}

/**
 * The top of a landing page with one form in two placements: on small screens the form follows
 * the headline, with the video under it; on large screens the form sits in its own column and
 * stays in view (sticky) beside the headline, the video and the blocks that follow. It is the
 * same element in both, so its state is one.
 */
export function OfferWithForm({
  id,
  headline,
  footnote,
  lead,
  formAnchor,
  form,
  video,
  children,
}: Props) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="bg-gradient-to-b from-brand-50 via-white to-white"
    >
      <Container className="grid gap-10 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:gap-x-12">
        <div className="lg:col-start-1 lg:row-start-1">
          <h1
            id={`${id}-title`}
            className="text-4xl font-extrabold tracking-tight text-balance text-brand-950 sm:text-5xl"
          >
            {headline}
          </h1>
          <p className="mt-3 text-sm text-slate-600" data-footnote>
            {footnote}
          </p>
          <p className="mt-6 text-lg text-pretty text-slate-700 sm:text-xl">{lead}</p>
        </div>
        <div id={formAnchor} className="lg:col-start-2 lg:row-span-3 lg:row-start-1">
          <div className="lg:sticky lg:top-24" data-form-placement>
            {form}
          </div>
        </div>
        <div className="lg:col-start-1" data-video-placement>
          {video}
        </div>
        <div className="space-y-16 lg:col-start-1">{children}</div>
      </Container>
    </section>
  );
}
