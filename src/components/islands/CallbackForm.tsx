import { useRef, useState, type FormEvent } from "react";
import type { CallbackFormState } from "../../audit/callback";
import { FormAlert } from "../forms/FormAlert";
import { SubmitButton } from "../forms/SubmitButton";

/** Its words, plain strings (src/audit/messages.ts `callback`): island props are serialised. */
export interface CallbackCopy {
  heading: string;
  intro: string;
  phone: string;
  phoneHint: string;
  time: string;
  times: Record<string, string>;
  submit: string;
  submitting: string;
  saved: string;
  savedNumber: string;
  failed: string;
}

interface Props {
  /** The page itself: a plain form post without JavaScript (answered 303 back, or 4xx). */
  action: string;
  /** POST /api/audit/<token>: the same, as JSON, with JavaScript. */
  apiUrl: string;
  copy: CallbackCopy;
  /** As the server rendered it: after a plain post, saved or with the problem and the values. */
  initial: CallbackFormState;
}

const control =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-ink focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none aria-[invalid=true]:border-red-700";

/**
 * 'Want us to walk you through it?' beside the score (issue 39 §1): a phone number and a good
 * time of day, posted with the report's signed link (src/audit/callback.ts). A plain form that
 * works without JavaScript; with it, sent in place and the answer announced.
 */
export function CallbackForm({ action, apiUrl, copy, initial }: Props) {
  const [state, setState] = useState(initial);
  const [shownPhone, setShownPhone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const phoneRef = useRef<HTMLInputElement>(null);
  const timeRef = useRef<HTMLSelectElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const phone = String(data.get("phone") ?? "");
    const time = String(data.get("time") ?? "any");
    setBusy(true);
    try {
      const response = await fetch(apiUrl, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ phone, time }),
      });
      const answer = (await response.json().catch(() => ({}))) as {
        phone?: string;
        message?: string;
        field?: "phone" | "time";
      };
      if (response.ok) {
        setShownPhone(answer.phone ?? phone);
        setState({ saved: true, error: null, field: null, phone, time });
      } else {
        setState({
          saved: false,
          error: answer.message ?? copy.failed,
          field: answer.field ?? null,
          phone,
          time,
        });
        (answer.field === "time" ? timeRef : phoneRef).current?.focus();
      }
    } catch {
      setState({ saved: false, error: copy.failed, field: null, phone, time });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      id="callback"
      aria-labelledby="callback-title"
      className="mt-6 rounded-2xl bg-brand-50 p-5 text-ink ring-1 ring-brand-200"
      data-callback
    >
      <h2 id="callback-title" className="text-lg font-bold">
        {copy.heading}
      </h2>
      {state.saved ? (
        <div role="status" className="mt-2" data-callback-saved>
          <p className="font-semibold">{copy.saved}</p>
          {shownPhone && (
            <p className="mt-1">
              {copy.savedNumber}: {shownPhone}
            </p>
          )}
        </div>
      ) : (
        <form method="post" action={action} onSubmit={submit} noValidate className="mt-2">
          <p className="text-slate-700">{copy.intro}</p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <div>
              <label
                htmlFor="callback-phone"
                className="block text-sm font-semibold text-slate-800"
              >
                {copy.phone}
              </label>
              <input
                ref={phoneRef}
                id="callback-phone"
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={40}
                defaultValue={state.phone}
                aria-invalid={state.field === "phone" ? true : undefined}
                aria-describedby={
                  state.field === "phone"
                    ? "callback-phone-hint callback-error"
                    : "callback-phone-hint"
                }
                className={control}
              />
              <p id="callback-phone-hint" className="mt-1 text-sm text-slate-600">
                {copy.phoneHint}
              </p>
            </div>
            <div>
              <label htmlFor="callback-time" className="block text-sm font-semibold text-slate-800">
                {copy.time}
              </label>
              <select
                ref={timeRef}
                id="callback-time"
                name="time"
                defaultValue={state.time}
                aria-invalid={state.field === "time" ? true : undefined}
                aria-describedby={state.field === "time" ? "callback-error" : undefined}
                className={control}
              >
                {Object.entries(copy.times).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {state.error && (
            <div id="callback-error">
              <FormAlert title={state.error} />
            </div>
          )}
          <SubmitButton
            label={copy.submit}
            busyLabel={copy.submitting}
            busy={busy}
            className="mt-4 sm:w-60"
          />
        </form>
      )}
    </section>
  );
}

export default CallbackForm;
