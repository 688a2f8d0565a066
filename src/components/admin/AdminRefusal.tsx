import { AdminNotice } from "./AdminNotice";

/**
 * The page a refused staff post answers with its 4xx (a bulk action, a saved view): what was
 * asked, what was wrong, and the way back to where the form was.
 */
export function AdminRefusal({
  heading,
  message,
  back,
  backLabel,
}: {
  heading: string;
  message: string;
  back: string;
  backLabel: string;
}) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold text-brand-950">{heading}</h1>
      <AdminNotice text={message} error={true} />
      <p className="mt-6">
        <a href={back} className="font-semibold text-brand-800 underline">
          {backLabel}
        </a>
      </p>
    </main>
  );
}
