import { LoaderCircle } from "lucide-react";
import { buttonBase, buttonStyles } from "../ui/LinkButton";

interface Props {
  label: string;
  /** Shown with a spinner while the form is sending; the button is disabled meanwhile. */
  busyLabel: string;
  busy: boolean;
  /** Hidden in a step that does not use it (a class, so a <noscript> style can show it again). */
  hidden?: boolean;
  className?: string;
  /** Marks the button for styles that work without JavaScript (multi-step forms). */
  role?: "next" | "submit";
}

/** The submit button of a form that sends in place: 'Submitting...' with a spinner while busy. */
export function SubmitButton({ label, busyLabel, busy, hidden, className = "", role }: Props) {
  return (
    <div className={`${hidden ? "hidden" : ""} ${className}`} data-form-button={role}>
      <button
        type="submit"
        disabled={busy}
        className={`${buttonBase} ${buttonStyles.primary} w-full disabled:cursor-wait disabled:opacity-80`}
      >
        {busy && <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />}
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
