import type { FieldDef } from "../../leads/fields";

interface Props {
  field: FieldDef;
  id: string;
  label: string;
  placeholder?: string | undefined;
  tone?: "light" | "dark";
  /** The visitor's own input, when a form is shown again with messages. */
  value?: string | undefined;
  error?: string | undefined;
}

const control =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-ink placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none aria-[invalid=true]:border-red-700";

/** A labelled form control. Required fields carry the native `required` and a visible asterisk. */
export function Field({ field, id, label, placeholder, tone = "light", value, error }: Props) {
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.name,
    required: field.required,
    maxLength: field.maxLength,
    placeholder,
    autoComplete: field.autoComplete,
    defaultValue: value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className: control,
  };
  if (field.type === "hidden") {
    return <input type="hidden" name={field.name} value={value ?? ""} />;
  }
  if (field.type === "checkbox") {
    return (
      <div>
        <div className="flex items-start gap-3">
          <input
            id={id}
            name={field.name}
            type="checkbox"
            value="yes"
            defaultChecked={value === "yes"}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700 focus:ring-2 focus:ring-brand-600 focus:outline-none"
          />
          <label
            htmlFor={id}
            className={`text-sm ${tone === "dark" ? "text-white" : "text-slate-800"}`}
          >
            {label}
          </label>
        </div>
        {error && (
          <p
            id={errorId}
            className={`mt-1 text-sm font-medium ${tone === "dark" ? "text-red-200" : "text-red-700"}`}
          >
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <div>
      <label
        htmlFor={id}
        className={`block text-sm font-semibold ${tone === "dark" ? "text-white" : "text-slate-800"}`}
      >
        {label}
        {field.required && (
          <span aria-hidden="true" className={tone === "dark" ? "text-accent-300" : "text-red-700"}>
            {" "}
            *
          </span>
        )}
      </label>
      {field.type === "textarea" ? (
        <textarea {...common} rows={field.rows ?? 4} />
      ) : field.type === "select" ? (
        <select {...common} defaultValue={value ?? ""}>
          <option value="">{placeholder ?? ""}</option>
          {field.options?.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          // A website is a text input with the URL keyboard: a native type=url would refuse
          // "example.com", which the server accepts and normalises to https://example.com.
          type={field.type === "url" ? "text" : field.type}
          inputMode={field.type === "tel" ? "tel" : field.type === "url" ? "url" : undefined}
        />
      )}
      {error && (
        <p
          id={errorId}
          className={`mt-1 text-sm font-medium ${tone === "dark" ? "text-red-200" : "text-red-700"}`}
        >
          {error}
        </p>
      )}
    </div>
  );
}
