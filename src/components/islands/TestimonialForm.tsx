import type { FormCopyWith } from "../../lib/requireFormCopy";
import { InPlaceLeadForm } from "../forms/InPlaceLeadForm";

interface Props {
  copy: FormCopyWith<"success" | "error">;
  idPrefix: string;
  next: string;
}

/**
 * The /testimonial form card: stored as a testimonial lead (source testimonial_landing_page).
 * The error box stays until the next submit (spec section 8). Hydrate client:interaction.
 */
export default function TestimonialForm(props: Props) {
  return <InPlaceLeadForm form="testimonial" clearErrorOn="submit" {...props} />;
}
