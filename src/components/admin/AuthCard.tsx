import type { ReactNode } from "react";

interface Props {
  title: string;
  intro?: string | undefined;
  /** A message for the whole form (wrong password, throttled, link gone). */
  alert?: string | undefined;
  /** A quieter note (signed out, session ended). */
  note?: string | undefined;
  children?: ReactNode;
}

/** The centred card of the sign-in and set-password pages. */
export function AuthCard({ title, intro, alert, note, children }: Props) {
  return (
    <main className="grid min-h-dvh place-items-center p-4">
      <div className="w-full min-w-0 max-w-sm rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-2xl font-bold text-brand-950">{title}</h1>
        {intro && <p className="mt-2 text-slate-700 wrap-anywhere">{intro}</p>}
        {note && (
          <p role="status" className="mt-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
            {note}
          </p>
        )}
        {alert && (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800"
          >
            {alert}
          </p>
        )}
        {children}
      </div>
    </main>
  );
}
