import type { WebhookDeliveryRow } from "../../admin/webhooks";

interface Props {
  copy: {
    target: string;
    off: string;
    sendTest: string;
    recent: string;
    none: string;
    test: string;
    columns: Record<"created" | "what" | "status" | "attempts" | "lastError" | "sent", string>;
  };
  /** Where the webhook sends, or null when none is set up. */
  target: string | null;
  deliveries: readonly WebhookDeliveryRow[];
}

/**
 * The owner's Webhooks page: where the webhook sends, 'Send a test' (a plain post answered 303),
 * and the recent deliveries in a table that scrolls sideways inside its own region on a phone.
 */
export function WebhookDeliveries({ copy, target, deliveries }: Props) {
  const c = copy.columns;
  return (
    <>
      {target ? (
        <div className="mt-4 flex flex-wrap items-center gap-3" data-webhook-target>
          <p className="text-sm">
            <span className="font-semibold">{copy.target}</span>{" "}
            <code className="break-all">{target}</code>
          </p>
          <form method="post">
            <button
              type="submit"
              name="action"
              value="test"
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900"
            >
              {copy.sendTest}
            </button>
          </form>
        </div>
      ) : (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950" data-webhook-off>
          {copy.off}
        </p>
      )}
      <h2 className="mt-8 text-xl font-bold">{copy.recent}</h2>
      {deliveries.length === 0 ? (
        <p className="mt-2 text-slate-700">{copy.none}</p>
      ) : (
        <div
          role="region"
          aria-label={copy.recent}
          tabIndex={0}
          className="admin-scroll mt-2"
          data-table-scroll
        >
          <table className="w-full border-collapse text-left text-sm" data-webhook-deliveries>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="px-2 py-2">
                  {c.created}
                </th>
                <th scope="col" className="px-2 py-2">
                  {c.what}
                </th>
                <th scope="col" className="px-2 py-2">
                  {c.status}
                </th>
                <th scope="col" className="px-2 py-2">
                  {c.attempts}
                </th>
                <th scope="col" className="px-2 py-2">
                  {c.lastError}
                </th>
                <th scope="col" className="px-2 py-2">
                  {c.sent}
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <tr key={d.id} className="border-b border-slate-200 align-top" data-delivery={d.id}>
                  <td className="px-2 py-2 whitespace-nowrap">{d.created}</td>
                  <td className="px-2 py-2">
                    {d.leadId ? (
                      <a
                        href={`/admin/leads/${encodeURIComponent(d.leadId)}`}
                        className="font-mono text-brand-800 underline underline-offset-2"
                      >
                        {d.leadId.slice(0, 8)}
                      </a>
                    ) : (
                      copy.test
                    )}
                  </td>
                  <td className="px-2 py-2" data-delivery-status>
                    {d.status}
                  </td>
                  <td className="px-2 py-2">{d.attempts}</td>
                  <td className="px-2 py-2 break-words">{d.lastError}</td>
                  <td className="px-2 py-2 whitespace-nowrap">{d.sent}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
