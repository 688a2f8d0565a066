interface Props {
  /** In the spam folder now. */
  spam: boolean;
  /** Owners may erase. */
  canErase: boolean;
  /** Who it can be assigned to, and who has it now ('' for nobody). */
  staff: { value: string; label: string }[];
  assignee: string;
  copy: {
    note: string;
    saveNote: string;
    spam: string;
    notSpam: string;
    erase: string;
    eraseHint: string;
    eraseConfirm: string;
    assignHeading: string;
    nobody: string;
    saveAssign: string;
  };
}

const box = "rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6";
const control =
  "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base focus:border-brand-700 focus:ring-2 focus:ring-brand-700 focus:outline-none";
const button =
  "mt-4 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900";

/**
 * The forms beside a lead: its assignee, a new note, the spam folder and (owners) erasing. Plain
 * posts. Its status has its own form at the top of the page (./LeadStatusForm.tsx).
 */
export function LeadActions({ spam, canErase, staff, assignee, copy }: Props) {
  return (
    <>
      <form method="post" className={box} data-assign-form>
        <input type="hidden" name="action" value="assign" />
        <label htmlFor="assignee" className="block text-lg font-bold">
          {copy.assignHeading}
        </label>
        <select
          id="assignee"
          name="assignee"
          defaultValue={assignee}
          className={`${control} min-h-11`}
        >
          <option value="">{copy.nobody}</option>
          {staff.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        <button type="submit" className={button}>
          {copy.saveAssign}
        </button>
      </form>
      <form method="post" className={box} data-note-form>
        <input type="hidden" name="action" value="note" />
        <label htmlFor="note" className="block text-lg font-bold">
          {copy.note}
        </label>
        <textarea id="note" name="note" rows={4} required maxLength={5000} className={control} />
        <button type="submit" className={button}>
          {copy.saveNote}
        </button>
      </form>
      <form method="post" className={box} data-spam-form>
        <input type="hidden" name="action" value="spam" />
        <input type="hidden" name="spam" value={spam ? "0" : "1"} />
        <button
          type="submit"
          className="inline-flex min-h-11 w-full items-center justify-center rounded-lg px-4 font-semibold text-brand-900 ring-1 ring-slate-300 hover:bg-slate-100"
        >
          {spam ? copy.notSpam : copy.spam}
        </button>
      </form>
      {canErase && (
        <form method="post" className={`${box} ring-red-200`} data-erase-form>
          <input type="hidden" name="action" value="erase" />
          <p id="erase-hint" className="text-sm text-slate-700">
            {copy.eraseHint}
          </p>
          <label htmlFor="confirm" className="mt-3 block text-sm font-semibold">
            {copy.eraseConfirm}
          </label>
          <input
            id="confirm"
            name="confirm"
            type="text"
            required
            autoComplete="off"
            aria-describedby="erase-hint"
            className={`${control} min-h-11`}
          />
          <button
            type="submit"
            className="mt-4 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-red-700 px-4 font-semibold text-white hover:bg-red-800"
          >
            {copy.erase}
          </button>
        </form>
      )}
    </>
  );
}
