interface Props {
  id: string;
  name: string;
  label: string;
  type: "email" | "password" | "text";
  autoComplete: string;
  defaultValue?: string | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  autoFocus?: boolean | undefined;
  /** Left empty on purpose sometimes (a passkey's name). Default: required. */
  optional?: boolean | undefined;
  /** The keyboard a phone shows (a code: "numeric"). */
  inputMode?: "numeric" | "text" | undefined;
  maxLength?: number | undefined;
}

/** A labelled input of the staff forms, its hint and error tied to it for screen readers. */
export function AdminField({
  id,
  name,
  label,
  type,
  autoComplete,
  defaultValue,
  hint,
  error,
  autoFocus,
  optional,
  inputMode,
  maxLength,
}: Props) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className="mt-5">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required={!optional}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        autoFocus={autoFocus}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 text-base focus:border-brand-700 focus:ring-2 focus:ring-brand-700 focus:outline-none"
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
