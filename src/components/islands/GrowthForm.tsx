import { useEffect, useRef, useState, type FormEvent } from "react";
import { leadForms, LEADS_ENDPOINT, type FieldDef } from "../../leads/fields";
import { PARTIAL_FIELD } from "../../leads/store/partials";
import type { FormCopyWith } from "../../lib/requireFormCopy";
import { readLeadValues } from "../../leads/readLeadValues";
import { FormAlert } from "../forms/FormAlert";
import { LeadFields } from "../forms/LeadFields";
import { LeadHiddenFields } from "../forms/LeadHiddenFields";
import { SubmitButton } from "../forms/SubmitButton";
import { useLeadSubmission } from "../forms/useLeadSubmission";

interface Props {
  copy: FormCopyWith<"error" | "steps">;
  idPrefix: string;
  /** Where the visitor goes once the whole lead is stored (/thank-you). */
  next: string;
}

/** Step 1 holds what the partial lead sends; step 2 the company; step 3 the rest (spec §2). */
const step1 = new Set<string>(leadForms.growthPartial.fields.map((f) => f.name));
const step2 = new Set(["company", "website", "location"]);
const steps: FieldDef[][] = [
  leadForms.growth.fields.filter((f) => step1.has(f.name)),
  leadForms.growth.fields.filter((f) => step2.has(f.name)),
  leadForms.growth.fields.filter((f) => !step1.has(f.name) && !step2.has(f.name)),
];

/**
 * The growth page's 3-step form (spec sections 2, 4, 8). 'Next' on step 1 with an empty field
 * shows the alert and stays; otherwise the partial lead is stored, then step 2 shows. Step 2 goes
 * on without checks. 'Submit' stores the whole lead, naming the partial it completes (the id the
 * partial was answered with, as `_partial`: the agency then sees one lead, not two), then loads
 * the thank-you page. A failed request shows what happened above the button and keeps the input,
 * so the visitor can retry.
 *
 * One form, one state: the page places this single island (in the flow on small screens, sticky
 * on large ones), so the two placements can never drift apart. Without JavaScript the three steps
 * show as one native form that posts the whole lead (the <noscript> styles below).
 * Hydrate client:visible.
 */
export default function GrowthForm({ copy, idPrefix, next }: Props) {
  const [step, setStep] = useState(1);
  const [leaving, setLeaving] = useState(false);
  /** The id the step-1 partial lead was stored under. */
  const partialId = useRef<string | null>(null);
  const { status, error, submit } = useLeadSubmission();
  const formRef = useRef<HTMLFormElement>(null);
  const shownStep = useRef(step);
  const formId = `${idPrefix}-form`;
  const total = steps.length;
  const percent = Math.round((step / total) * 100);
  const busy = status === "submitting" || leaving;

  // With JavaScript the step checks are ours (the alert of spec section 8), not the browser's.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  // A new step takes focus at its first field.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    formRef.current
      ?.querySelector<HTMLElement>(
        `[data-growth-step="${step}"] input, [data-growth-step="${step}"] select`,
      )
      ?.focus();
  }, [step]);

  const controlsOf = (n: number) =>
    Array.from(
      formRef.current?.querySelectorAll<HTMLInputElement>(
        `[data-growth-step="${n}"] input, [data-growth-step="${n}"] select`,
      ) ?? [],
    );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (step === 1) {
      const values = readLeadValues(form, "growthPartial");
      if ([...step1].some((name) => !values[name]?.trim())) {
        window.alert(copy.steps.incomplete);
        return;
      }
      const invalid = controlsOf(1).find((control) => !control.checkValidity());
      if (invalid) {
        invalid.reportValidity();
        return;
      }
      const result = await submit(form, "growthPartial");
      if (result?.ok) {
        partialId.current = result.id;
        setStep(2);
      }
      return;
    }
    if (step === 2) {
      setStep(3);
      return;
    }
    const completes: Record<string, string> = partialId.current
      ? { [PARTIAL_FIELD]: partialId.current }
      : {};
    const result = await submit(form, "growth", completes);
    if (result?.ok) {
      setLeaving(true);
      window.location.assign(next);
    }
  }

  const label = (name: string) => copy.labels[name] ?? name;
  // Problems of fields on another step than the one shown are listed in the box.
  const visible = new Set(steps[step - 1]?.map((f) => f.name));
  const elsewhere = Object.entries(error?.fields ?? {})
    .filter(([name]) => !visible.has(name))
    .map(([name, message]) => ({ label: label(name), message }));

  return (
    <form
      ref={formRef}
      id={formId}
      method="post"
      action={LEADS_ENDPOINT}
      aria-labelledby={`${idPrefix}-title`}
      aria-busy={busy}
      className="rounded-2xl bg-white p-6 text-ink shadow-xl ring-1 ring-slate-200 sm:p-8"
      data-lead-form="growth"
      data-step={step}
      onSubmit={onSubmit}
    >
      <noscript>
        <style>{`#${formId} [data-growth-step]{display:grid!important}#${formId} [data-growth-progress],#${formId} [data-form-button=next]{display:none!important}#${formId} [data-form-button=submit]{display:block!important}`}</style>
      </noscript>
      <h2 id={`${idPrefix}-title`} className="text-2xl font-bold">
        {copy.title}
      </h2>
      {copy.intro && <p className="mt-2 text-slate-700">{copy.intro}</p>}
      <div className="mt-5" data-growth-progress>
        <div className="flex items-center justify-between text-sm font-semibold text-slate-700">
          <span data-growth-step-label>
            {copy.steps.step} {step} {copy.steps.of} {total}
          </span>
          <span data-growth-percent>{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label={copy.steps.progressLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${copy.steps.step} ${step} ${copy.steps.of} ${total}: ${copy.steps.titles[step - 1] ?? ""}`}
          className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-400 ease-out motion-reduce:transition-none"
            style={{ width: `${percent}%` }}
            data-growth-bar
          />
        </div>
      </div>
      {step === 1 && <p className="mt-4 text-sm text-slate-600">{copy.requiredNote}</p>}
      <LeadHiddenFields form="growth" next={next} idPrefix={idPrefix} />
      {steps.map((fields, index) => (
        <fieldset
          key={copy.steps.titles[index]}
          className={`mt-4 gap-4 ${step === index + 1 ? "grid" : "hidden"}`}
          data-growth-step={index + 1}
        >
          <legend className="mb-2 text-lg font-bold text-brand-900">
            {copy.steps.titles[index]}
          </legend>
          <LeadFields fields={fields} copy={copy} idPrefix={idPrefix} errors={error?.fields} />
        </fieldset>
      ))}
      {status === "error" && (
        <FormAlert title={copy.error} detail={error?.message} problems={elsewhere} />
      )}
      <SubmitButton
        label={copy.steps.next}
        busyLabel={copy.submitting}
        busy={busy}
        hidden={step === total}
        role="next"
        className="mt-6"
      />
      <SubmitButton
        label={copy.submit}
        busyLabel={copy.submitting}
        busy={busy}
        hidden={step !== total}
        role="submit"
        className="mt-6"
      />
    </form>
  );
}
