interface Props {
  title: string;
  close: string;
  note: string;
  /** Key and what it does, in order. */
  shortcuts: readonly (readonly [string, string])[];
}

/**
 * The inbox's list of keyboard shortcuts: a modal <dialog> the inbox's script opens on `?` or
 * its button (src/admin/client/keys.ts), which keeps focus inside it, closes on Escape and gives
 * focus back to where it was.
 */
export function ShortcutsDialog({ title, close, note, shortcuts }: Props) {
  return (
    <dialog
      aria-labelledby="shortcuts-title"
      className="admin-dialog m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-6 text-ink shadow-xl ring-1 ring-slate-300"
      data-shortcuts
    >
      <h2 id="shortcuts-title" className="text-xl font-bold text-brand-950">
        {title}
      </h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {shortcuts.map(([key, what]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded border border-slate-400 bg-slate-100 px-2 py-0.5 font-mono text-sm">
                {key}
              </kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-slate-700">{note}</p>
      <form method="dialog" className="mt-6">
        <button
          type="submit"
          className="min-h-11 rounded-lg bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900"
        >
          {close}
        </button>
      </form>
    </dialog>
  );
}
