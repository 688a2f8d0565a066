import { useEffect, useState } from "react";
import { leadForms, LEADS_ENDPOINT, type FormId } from "../../leads/fields";
import type { FormCopyWith } from "../../lib/requireFormCopy";
import { FormAlert } from "./FormAlert";
import { FormSuccess } from "./FormSuccess";
import { LeadFields } from "./LeadFields";
import { LeadHiddenFields } from "./LeadHiddenFields";
import { SubmitButton } from "./SubmitButton";
import { useLeadSubmission } from "./useLeadSubmission";

export interface InPlaceLeadFormProps {
  form: FormId;
  copy: FormCopyWith<"success" | "error">;
  /** Makes field ids unique when a page holds two forms. */
  idPrefix: string;
  /** Where a native post (before or without JavaScript) lands once stored. */
  next: string;
  titleLevel?: 2 | 3;
  /** When the error clears: on the next submit (testimonial form), or as soon as the visitor types. */
  clearErrorOn?: "submit" | "input";
  /** Values the page sets (a hidden field's id, such as which checklist). */
  values?: Record<string, string> | undefined;
  /**
   * A guide's checklist: the success view offers the download link the answer carried, and says
   * when the link was also emailed.
   */
  download?: { label: string; emailed: string } | undefined;
}

const card = "rounded-2xl bg-white p-6 text-ink shadow-xl ring-1 ring-slate-200 sm:p-8";

/**
 * A lead form that sends in place (spec section 4): editing → submitting ('Submitting...' with a
 * spinner, button disabled, no second submit) → success (a thank-you view; 'again' returns to an
 * empty form) or error (a red box above the button, the input kept). Without JavaScript it is a
 * native post to the lead endpoint, so it works before and without hydration.
 */
export function InPlaceLeadForm({
  form,
  copy,
  idPrefix,
  next,
  titleLevel = 2,
  clearErrorOn = "submit",
  values,
  download,
}: InPlaceLeadFormProps) {
  const { status, error, submit, reset, clearError } = useLeadSubmission();
  /** The stored lead's checklist link, and whether it was emailed too. */
  const [delivered, setDelivered] = useState<{ href: string; emailed: boolean } | null>(null);
  /** The HTTP status of the last failed send: FormAlert words a rate limit differently. */
  const [failedWith, setFailedWith] = useState<number | undefined>(undefined);
  const [round, setRound] = useState(0);
  const Title = titleLevel === 2 ? "h2" : "h3";
  const titleId = `${idPrefix}-title`;
  const fields = leadForms[form].fields;

  // 'Submit Another Request': the fresh form takes focus at its first field.
  useEffect(() => {
    if (round > 0) document.getElementById(`${idPrefix}-${fields[0]?.name}`)?.focus();
  }, [round, idPrefix, fields]);

  if (status === "success") {
    return (
      <div className={card}>
        <FormSuccess
          title={copy.success.title}
          message={
            download && delivered?.emailed
              ? `${copy.success.message} ${download.emailed}`
              : copy.success.message
          }
          titleLevel={titleLevel}
          action={
            download && delivered ? { label: download.label, href: delivered.href } : undefined
          }
          again={
            copy.success.again
              ? {
                  label: copy.success.again,
                  onClick: () => {
                    reset();
                    setRound((r) => r + 1);
                  },
                }
              : undefined
          }
        />
      </div>
    );
  }

  const busy = status === "submitting";
  return (
    <form
      method="post"
      action={LEADS_ENDPOINT}
      aria-labelledby={titleId}
      aria-busy={busy}
      className={card}
      data-lead-form={form}
      onInput={clearErrorOn === "input" ? clearError : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        void submit(event.currentTarget, form).then((result) => {
          if (!result) return;
          setFailedWith(result.ok ? undefined : result.status);
          if (result.ok && result.download) {
            setDelivered({ href: result.download, emailed: result.emailed === true });
          }
        });
      }}
    >
      <Title id={titleId} className="text-2xl font-bold">
        {copy.title}
      </Title>
      {copy.intro && <p className="mt-2 text-slate-700">{copy.intro}</p>}
      <p className="mt-2 text-sm text-slate-600">{copy.requiredNote}</p>
      <LeadHiddenFields form={form} next={next} idPrefix={idPrefix} />
      <div className="mt-6 grid gap-4">
        <LeadFields
          fields={fields}
          copy={copy}
          idPrefix={idPrefix}
          errors={error?.fields}
          values={values}
        />
      </div>
      {status === "error" && (
        <FormAlert title={copy.error} detail={error?.message} status={failedWith} />
      )}
      <SubmitButton label={copy.submit} busyLabel={copy.submitting} busy={busy} className="mt-6" />
    </form>
  );
}
