import { useCallback, useRef, useState } from "react";
import type { FormId } from "../../leads/fields";
import { submitLead, type SubmitLeadResult } from "../../leads/client";
import { readLeadValues } from "../../leads/readLeadValues";

export type SubmissionStatus = "editing" | "submitting" | "success" | "error";

export interface SubmissionError {
  /** What the server said; the box's own headline comes from the form's copy. */
  message: string;
  /** A message per field name (a 422 answer). */
  fields: Record<string, string>;
}

/**
 * The states of a lead form that sends in place (spec section 4): editing → submitting →
 * success | error. A second submit while one is in flight is ignored; the error clears when the
 * next submit starts or when `clearError` is called (the visitor types).
 */
export function useLeadSubmission() {
  const [status, setStatus] = useState<SubmissionStatus>("editing");
  const [error, setError] = useState<SubmissionError | null>(null);
  const inFlight = useRef(false);

  /** Sends `form`'s values for `formId`, plus `extra` (the growth form's `_partial`). */
  const submit = useCallback(
    async (
      form: HTMLFormElement,
      formId: FormId,
      extra: Record<string, string> = {},
    ): Promise<SubmitLeadResult | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      setStatus("submitting");
      setError(null);
      const values = { ...readLeadValues(form, formId), ...extra };
      const result = await submitLead(formId, values, form);
      inFlight.current = false;
      if (result.ok) {
        setStatus("success");
      } else {
        // The status only: never the visitor's details.
        console.error(`The ${formId} form could not be sent (${result.status}).`);
        setError({ message: result.message, fields: result.fields ?? {} });
        setStatus("error");
      }
      return result;
    },
    [],
  );

  const reset = useCallback(() => {
    setError(null);
    setStatus("editing");
  }, []);

  const clearError = useCallback(() => {
    setError(null);
    setStatus((current) => (current === "error" ? "editing" : current));
  }, []);

  return { status, error, submit, reset, clearError };
}
