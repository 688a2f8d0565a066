import type { ReactNode } from "react";

/** The primary submit button of the staff forms. */
export function AdminButton({ children }: { children: ReactNode }) {
  return (
    <button
      type="submit"
      className="mt-6 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900"
    >
      {children}
    </button>
  );
}
