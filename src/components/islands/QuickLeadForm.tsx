import type { FormCopyWith } from "../../lib/requireFormCopy";
import { InPlaceLeadForm } from "../forms/InPlaceLeadForm";

interface Props {
  copy: FormCopyWith<"success" | "error">;
  idPrefix: string;
  next: string;
  titleLevel?: 2 | 3;
}

/**
 * The spec's backend lead form (section 7): name, email and phone, stored as a quick lead. The
 * error text clears as soon as the visitor types. Reusable wherever a short form serves.
 * Hydrate client:visible.
 */
export default function QuickLeadForm(props: Props) {
  return <InPlaceLeadForm form="quick" clearErrorOn="input" {...props} />;
}
