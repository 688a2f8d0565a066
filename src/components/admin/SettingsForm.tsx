import type { settingsMessages } from "../../admin/settingsMessages";

interface Props {
  copy: typeof settingsMessages;
  zones: readonly string[];
  values: {
    timeZone: string;
    defaultZone: string;
    noticeTo: readonly string[];
    smtp: boolean;
    confirmationEmails: boolean;
    assignment: "none" | "round-robin";
    assignTo: readonly string[];
    requireSecondFactor: boolean;
  };
  staff: readonly { id: string; email: string }[];
}

const section = "mt-6 rounded-xl bg-white p-4 ring-1 ring-slate-200";
const check = "size-5 accent-brand-800";

/** The owner's settings as one plain form (works without JavaScript): /admin/settings. */
export function SettingsForm({ copy, zones, values, staff }: Props) {
  return (
    <form method="post" data-settings-form>
      <section className={section} aria-labelledby="settings-zone">
        <h2 id="settings-zone" className="text-lg font-bold">
          {copy.zone.heading}
        </h2>
        <label htmlFor="time-zone" className="mt-3 block text-sm font-semibold">
          {copy.zone.label}
        </label>
        <select
          id="time-zone"
          name="timeZone"
          defaultValue={values.timeZone}
          aria-describedby="time-zone-hint"
          className="mt-1 min-h-11 w-full max-w-md rounded-lg border border-slate-400 px-3"
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
        <p id="time-zone-hint" className="mt-2 text-sm text-slate-700">
          {copy.zone.hint} {copy.zone.fromEnv(values.defaultZone)}
        </p>
      </section>

      <section className={section} aria-labelledby="settings-notices">
        <h2 id="settings-notices" className="text-lg font-bold">
          {copy.notices.heading}
        </h2>
        <label htmlFor="notice-to" className="mt-3 block text-sm font-semibold">
          {copy.notices.label}
        </label>
        <textarea
          id="notice-to"
          name="noticeTo"
          rows={3}
          defaultValue={values.noticeTo.join("\n")}
          aria-describedby="notice-to-hint"
          className="mt-1 block w-full max-w-md rounded-lg border border-slate-400 px-3 py-2"
        />
        <p id="notice-to-hint" className="mt-2 text-sm text-slate-700">
          {copy.notices.hint} {values.smtp ? "" : copy.notices.noSmtp}
        </p>
      </section>

      <section className={section} aria-labelledby="settings-confirmations">
        <h2 id="settings-confirmations" className="text-lg font-bold">
          {copy.confirmations.heading}
        </h2>
        <label className="mt-3 flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            name="confirmationEmails"
            defaultChecked={values.confirmationEmails}
            className={check}
          />
          {copy.confirmations.label}
        </label>
      </section>

      <section className={section} aria-labelledby="settings-assignment">
        <h2 id="settings-assignment" className="text-lg font-bold">
          {copy.assignment.heading}
        </h2>
        <fieldset className="mt-3 min-w-0">
          <legend className="text-sm font-semibold">{copy.assignment.legend}</legend>
          <label className="mt-2 flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name="assignment"
              value="none"
              defaultChecked={values.assignment === "none"}
              className={check}
            />
            {copy.assignment.none}
          </label>
          <label className="flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name="assignment"
              value="round-robin"
              defaultChecked={values.assignment === "round-robin"}
              className={check}
            />
            {copy.assignment.roundRobin}
          </label>
        </fieldset>
        <fieldset className="mt-3 ml-8 min-w-0">
          <legend className="text-sm font-semibold">{copy.assignment.staffLegend}</legend>
          {staff.map((s) => (
            <label key={s.id} className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                name="assignTo"
                value={s.id}
                defaultChecked={values.assignTo.includes(s.id)}
                className={check}
              />
              <span className="min-w-0 wrap-anywhere">{s.email}</span>
            </label>
          ))}
        </fieldset>
      </section>

      <section className={section} aria-labelledby="settings-second-factor">
        <h2 id="settings-second-factor" className="text-lg font-bold">
          {copy.secondFactor.heading}
        </h2>
        <label className="mt-3 flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            name="requireSecondFactor"
            defaultChecked={values.requireSecondFactor}
            aria-describedby="second-factor-hint"
            className={check}
          />
          {copy.secondFactor.label}
        </label>
        <p id="second-factor-hint" className="mt-2 text-sm text-slate-700">
          {copy.secondFactor.hint}
        </p>
      </section>

      <button
        type="submit"
        className="mt-6 min-h-11 rounded-lg bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900"
      >
        {copy.save}
      </button>
    </form>
  );
}
