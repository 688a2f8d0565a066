import type { ReactNode } from "react";
import { leadForms, LEADS_ENDPOINT, type FormId } from "../../leads/fields";
import type { FormCopy } from "../../schemas/collections";
import { buttonBase, buttonStyles } from "../ui/LinkButton";
import { LeadFields } from "./LeadFields";
import { LeadHiddenFields } from "./LeadHiddenFields";

export interface LeadFormProps {
  form: FormId;
  copy: FormCopy;
  /** Makes field ids unique when a page holds two forms. */
  idPrefix: string;
  /** Where the visitor lands after a successful post (a path on this site). */
  next: string;
  /** Heading level of the form title inside its section. */
  titleLevel?: 2 | 3;
  tone?: "light" | "dark";
  /** The visitor's own input and a message per field, when the form is shown again. */
  values?: Record<string, string> | undefined;
  errors?: Record<string, string> | undefined;
  /** Extra hidden inputs to send again (attribution carried over from the first post). */
  hidden?: Record<string, string> | undefined;
  children?: ReactNode;
}

/**
 * A native form that posts to the lead endpoint and works without JavaScript. Fields, required
 * marks and limits come from src/leads/fields.ts; labels and button text from the form's entry.
 */
export function LeadForm({
  form,
  copy,
  idPrefix,
  next,
  titleLevel = 2,
  tone = "light",
  values,
  errors,
  hidden,
  children,
}: LeadFormProps) {
  const def = leadForms[form];
  const Title = titleLevel === 2 ? "h2" : "h3";
  const titleId = `${idPrefix}-title`;
  return (
    <form
      method="post"
      action={LEADS_ENDPOINT}
      aria-labelledby={titleId}
      className={`rounded-2xl p-6 shadow-xl sm:p-8 ${tone === "dark" ? "bg-brand-900 text-white" : "bg-white text-ink ring-1 ring-slate-200"}`}
      data-lead-form={form}
    >
      <Title id={titleId} className="text-2xl font-bold">
        {copy.title}
      </Title>
      {copy.intro && (
        <p className={`mt-2 ${tone === "dark" ? "text-brand-100" : "text-slate-700"}`}>
          {copy.intro}
        </p>
      )}
      <p className={`mt-2 text-sm ${tone === "dark" ? "text-brand-100" : "text-slate-600"}`}>
        {copy.requiredNote}
      </p>
      <LeadHiddenFields form={form} next={next} idPrefix={idPrefix} />
      {hidden &&
        Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      <div className="mt-6 grid gap-4">
        <LeadFields
          fields={def.fields}
          copy={copy}
          idPrefix={idPrefix}
          values={values}
          errors={errors}
          tone={tone}
        />
      </div>
      {children}
      <button type="submit" className={`${buttonBase} ${buttonStyles.primary} mt-6 w-full`}>
        {copy.submit}
      </button>
    </form>
  );
}
