import { input, label } from "./InboxFilters";

interface Props {
  values: { action: string; person: string };
  /** The actions the log holds, by their labels (src/admin/auditLog.ts `auditActionLabel`). */
  actions: { value: string; label: string }[];
  copy: { filterAction: string; filterPerson: string; anyAction: string; filter: string };
}

/** The audit log's filters: a plain GET form, so the URL holds them. */
export function AuditFilters({ values, actions, copy }: Props) {
  return (
    <form
      method="get"
      action="/admin/audit"
      className="mt-4 flex flex-wrap items-end gap-3"
      data-audit-filters
    >
      <div>
        <label htmlFor="audit-action" className={label}>
          {copy.filterAction}
        </label>
        <select id="audit-action" name="action" defaultValue={values.action} className={input}>
          <option value="">{copy.anyAction}</option>
          {actions.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      </div>
      <div className="grow">
        <label htmlFor="audit-person" className={label}>
          {copy.filterPerson}
        </label>
        <input
          id="audit-person"
          name="person"
          type="search"
          defaultValue={values.person}
          maxLength={254}
          autoComplete="off"
          className={input}
        />
      </div>
      <button
        type="submit"
        className="min-h-11 rounded-lg bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900"
      >
        {copy.filter}
      </button>
    </form>
  );
}
