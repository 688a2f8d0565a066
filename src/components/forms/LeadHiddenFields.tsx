import { hiddenFields, leadForms, type FormId } from "../../leads/fields";

interface Props {
  form: FormId;
  /** Where a native (no-JavaScript) post lands once stored: a path on this site. */
  next: string;
  /** Makes the honeypot's id unique on the page. */
  idPrefix: string;
}

/**
 * The hidden inputs every lead form carries for a native post: which form it is, where to land,
 * the subject and the honeypot. Fill time and attribution (`_t`, `_page`, utm_*) are added by
 * src/scripts/attribution.ts on a native submit, and by `submitLead()` on a JSON one.
 */
export function LeadHiddenFields({ form, next, idPrefix }: Props) {
  const subject = leadForms[form].subject;
  const honeypotId = `${idPrefix}-${hiddenFields.honeypot}`;
  return (
    <>
      <input type="hidden" name={hiddenFields.form} value={form} />
      <input type="hidden" name={hiddenFields.next} value={next} />
      {subject && <input type="hidden" name={hiddenFields.subject} value={subject} />}
      {/* Honeypot: out of sight and out of the tab order; people leave it empty, bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={honeypotId}>Fax</label>
        <input
          id={honeypotId}
          type="text"
          name={hiddenFields.honeypot}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </>
  );
}
