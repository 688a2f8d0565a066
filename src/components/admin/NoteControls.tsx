interface Props {
  eventId: string;
  note: string;
  copy: { editNote: string; editNoteLabel: string; saveNote: string; deleteNote: string };
}

const button =
  "inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-brand-900 ring-1 ring-slate-300 hover:bg-slate-100";

/**
 * Its author's controls under a note on the timeline: 'Edit note' opens the note in a box
 * (details/summary, so without JavaScript too) and 'Delete note'; both plain posts to the page.
 */
export function NoteControls({ eventId, note, copy }: Props) {
  const id = `note-edit-${eventId}`;
  return (
    <div className="mt-2 flex flex-wrap items-start gap-2" data-note-controls={eventId}>
      <details className="group w-full sm:w-auto sm:flex-1">
        <summary className={`${button} cursor-pointer`}>{copy.editNote}</summary>
        <form method="post" className="mt-2 grid gap-2">
          <input type="hidden" name="action" value="note-edit" />
          <input type="hidden" name="event" value={eventId} />
          <label htmlFor={id} className="text-sm font-semibold">
            {copy.editNoteLabel}
          </label>
          <textarea
            id={id}
            name="note"
            rows={3}
            maxLength={5000}
            defaultValue={note}
            className="block w-full rounded-lg border border-slate-400 px-3 py-2 text-base focus:border-brand-700 focus:ring-2 focus:ring-brand-700 focus:outline-none"
          />
          <button
            type="submit"
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900"
          >
            {copy.saveNote}
          </button>
        </form>
      </details>
      <form method="post">
        <input type="hidden" name="action" value="note-delete" />
        <input type="hidden" name="event" value={eventId} />
        <button type="submit" className={button}>
          {copy.deleteNote}
        </button>
      </form>
    </div>
  );
}
