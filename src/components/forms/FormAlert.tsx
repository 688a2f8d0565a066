interface Props {
  /** The headline of the box ('Something went wrong. Please try again.'). */
  title: string;
  /** What the server said (store unavailable, too many tries, which fields to check). */
  detail?: string | undefined;
  /** Problems of fields the visitor cannot see right now (an earlier step). */
  problems?: { label: string; message: string }[] | undefined;
}

/** The red box above a form's button when sending failed. Announced as an alert. */
export function FormAlert({ title, detail, problems = [] }: Props) {
  return (
    <div
      role="alert"
      className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800"
      data-form-error
    >
      <p className="font-semibold">{title}</p>
      {detail && detail !== title && <p className="mt-1 text-sm">{detail}</p>}
      {problems.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-sm">
          {problems.map((p) => (
            <li key={p.label}>
              {p.label}: {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
