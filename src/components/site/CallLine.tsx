import { PhoneLink } from "./PhoneLink";

interface Props {
  /** Text before the number: "Prefer to talk? Call us:". */
  label: string;
  /** The E.164 number from the site config. */
  phone: string;
  /** Colours for a dark or a light background. */
  tone?: "dark" | "light";
  className?: string;
}

/** A sentence with the agency's phone number as a tel: link. */
export function CallLine({ label, phone, tone = "light", className = "" }: Props) {
  return (
    <p
      className={`flex flex-wrap items-center gap-x-2 text-lg ${tone === "dark" ? "text-brand-100" : ""} ${className}`}
    >
      {label}
      <PhoneLink
        phone={phone}
        withIcon
        className={`inline-flex min-h-11 items-center gap-2 font-bold underline underline-offset-4 ${tone === "dark" ? "text-accent-300" : "text-brand-800"}`}
      />
    </p>
  );
}
