import type { FormCopyWith } from "../../lib/requireFormCopy";
import { InPlaceLeadForm } from "../forms/InPlaceLeadForm";
import { Icon } from "../ui/Icon";

interface Props {
  copy: FormCopyWith<"success" | "error">;
  idPrefix: string;
  next: string;
  /** 'Your information is secure…', under the button. */
  privacyNote: string;
}

/**
 * The /testimonial form card: stored as a testimonial lead (source testimonial_landing_page).
 * The error box stays until the next submit (spec section 8). Hydrate client:visible.
 */
export default function TestimonialForm({ copy, idPrefix, next, privacyNote }: Props) {
  return (
    <InPlaceLeadForm
      form="testimonial"
      copy={copy}
      idPrefix={idPrefix}
      next={next}
      clearErrorOn="submit"
      note={
        <p className="mt-4 flex items-center justify-center gap-2 text-sm text-slate-600">
          <Icon name="lock" className="size-4 shrink-0" />
          {privacyNote}
        </p>
      }
    />
  );
}
