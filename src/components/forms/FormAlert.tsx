interface Props {
  /** The headline of the box ('Something went wrong. Please try again.'). */
  title: string;
  /** What the server said (store unavailable, too many tries, which fields to check). */
  detail?: string | undefined;
  /** The answer's HTTP status (0: the request never reached the server). */
  status?: number | undefined;
  /** Problems of fields the visitor cannot see right now (an earlier step). */
  problems?: { label: string; message: string }[] | undefined;
}

/**
 * Statuses whose message says it all: a rate limit (429) says when to try again, so the generic
 * "Something went wrong. Please try again." above it would only contradict it.
 */
const SELF_EXPLAINING = new Set([429]);

/** The red box above a form's button when sending failed. Announced as an alert. */
export function FormAlert({ title, detail, status, problems = [] }: Props) {
  const headline = detail && status !== undefined && SELF_EXPLAINING.has(status) ? detail : title;
  return (
    <div
      role="alert"
      className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800"
      data-form-error
    >
      <p className="font-semibold">{headline}</p>
      {detail && detail !== headline && <p className="mt-1 text-sm">{detail}</p>}
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
