import type { FormCopyWith } from "../../lib/requireFormCopy";
import { InPlaceLeadForm } from "../forms/InPlaceLeadForm";

interface Props {
  copy: FormCopyWith<"success" | "error">;
  /** The checklist this guide offers (its id in src/content/checklists). */
  checklist: string;
  /** The download button and the line saying the link was emailed too. */
  download: { label: string; emailed: string };
  idPrefix: string;
  next: string;
  titleLevel?: 2 | 3;
}

/**
 * A guide's checklist offer: name, email, business type and an unticked box for further emails,
 * stored as a guide lead. Once stored it shows the download link signed for that lead; without
 * JavaScript the post lands on /checklists/ready with the same link. Hydrate client:interaction (guide pages load no JavaScript until the visitor
 * touches the form).
 */
export default function ChecklistForm({ checklist, ...props }: Props) {
  return <InPlaceLeadForm form="guide" clearErrorOn="input" values={{ checklist }} {...props} />;
}
