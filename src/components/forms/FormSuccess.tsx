import { useEffect, useRef } from "react";
// A lucide icon imported directly: the Icon map would bring every drawing into the island.
import { Check } from "lucide-react";
import { buttonBase, buttonStyles } from "../ui/LinkButton";

interface Props {
  title: string;
  message: string;
  /** The 'Submit Another Request' button; it returns to the empty form. */
  again?: { label: string; onClick: () => void } | undefined;
  /** A link to what the visitor asked for (a guide's checklist PDF). */
  action?: { label: string; href: string } | undefined;
  titleLevel?: 2 | 3;
}

/** What a form that sends in place shows once the lead is stored. Takes focus when it appears. */
export function FormSuccess({ title, message, again, action, titleLevel = 2 }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Title = titleLevel === 2 ? "h2" : "h3";
  return (
    <div className="py-4 text-center" data-form-success>
      <span className="mx-auto grid size-16 place-items-center rounded-full bg-brand-100 text-brand-800">
        <Check className="size-8" aria-hidden="true" strokeWidth={1.75} />
      </span>
      <Title ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold focus:outline-none">
        {title}
      </Title>
      <p className="mt-3 text-pretty text-slate-700">{message}</p>
      {action && (
        <a href={action.href} download className={`${buttonBase} ${buttonStyles.primary} mt-6`}>
          {action.label}
        </a>
      )}
      {again && (
        <button
          type="button"
          onClick={again.onClick}
          className="mt-6 inline-flex min-h-11 items-center justify-center rounded-lg border-2 border-brand-700 px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50"
        >
          {again.label}
        </button>
      )}
    </div>
  );
}
