import type { ReactNode } from "react";

/**
 * The line a staff page shows after a post: what was saved (a polite status) or what was wrong
 * (an alert), with anything more the page adds below (an invite link).
 */
export function AdminNotice({
  text,
  error,
  children,
}: {
  text: string;
  error: boolean;
  children?: ReactNode;
}) {
  return (
    <div
      role={error ? "alert" : "status"}
      className={`mt-4 rounded-lg p-3 text-sm ${error ? "border border-red-300 bg-red-50 text-red-800" : "bg-brand-50 text-brand-900"}`}
    >
      <p>{text}</p>
      {children}
    </div>
  );
}
