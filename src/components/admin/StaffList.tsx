export interface StaffRow {
  id: string;
  email: string;
  role: string;
  roleLabel: string;
  state: string;
  sessions: string;
  /** False once deactivated. */
  active: boolean;
  /** The signed-in owner's own account (not deactivated from here). */
  self: boolean;
  /** Its authenticator app (TOTP) is on: said, and an owner can turn it off (a lost phone). */
  totp: boolean;
}

interface Props {
  rows: StaffRow[];
  roles: { value: string; label: string }[];
  copy: {
    email: string;
    role: string;
    state: string;
    changeRole: string;
    endSessions: string;
    reset: string;
    deactivate: string;
    deactivateAsk: (email: string) => string;
    deactivateConfirm: string;
    reactivate: string;
    actionsFor: (email: string) => string;
    totpOn: string;
    totpReset: string;
    totpResetFor: (email: string) => string;
  };
}

const button =
  "min-h-11 rounded-lg px-3 text-sm font-semibold text-brand-900 ring-1 ring-slate-300 hover:bg-slate-100";

const danger =
  "min-h-11 rounded-lg px-3 text-sm font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-50";

/** Every account with its role, state and sessions, and the owner's actions on it (plain posts). */
export function StaffList({ rows, roles, copy }: Props) {
  return (
    <ul className="mt-6 grid gap-4" data-staff-list>
      {rows.map((row) => (
        <li
          key={row.id}
          className="rounded-xl bg-white p-4 ring-1 ring-slate-200"
          data-staff={row.email}
        >
          <p className="font-semibold wrap-anywhere">{row.email}</p>
          <p className="text-sm text-slate-700">
            {row.roleLabel} · {row.state} · {row.sessions}
            {row.totp && ` · ${copy.totpOn}`}
          </p>
          <div
            className="mt-3 flex flex-wrap items-end gap-3"
            role="group"
            aria-label={copy.actionsFor(row.email)}
          >
            <form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="action" value="role" />
              <input type="hidden" name="staff" value={row.id} />
              <div>
                <label htmlFor={`role-${row.id}`} className="block text-sm font-semibold">
                  {copy.role}
                </label>
                <select
                  id={`role-${row.id}`}
                  name="role"
                  defaultValue={row.role}
                  className="mt-1 min-h-11 rounded-lg border border-slate-400 px-3"
                >
                  {roles.map((r) => (
                    <option key={r.value} value={r.value}>
                      {r.label}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={button}>
                {copy.changeRole}
              </button>
            </form>
            <form method="post">
              <input type="hidden" name="action" value="sessions" />
              <input type="hidden" name="staff" value={row.id} />
              <button type="submit" className={button}>
                {copy.endSessions}
              </button>
            </form>
            {row.active && (
              <form method="post">
                <input type="hidden" name="action" value="reset" />
                <input type="hidden" name="staff" value={row.id} />
                <button type="submit" className={button}>
                  {copy.reset}
                </button>
              </form>
            )}
            {!row.self && row.totp && (
              <form method="post">
                <input type="hidden" name="action" value="totp-reset" />
                <input type="hidden" name="staff" value={row.id} />
                <button
                  type="submit"
                  className={button}
                  aria-label={copy.totpResetFor(row.email)}
                  data-staff-totp-reset
                >
                  {copy.totpReset}
                </button>
              </form>
            )}
            {!row.self && !row.active && (
              <form method="post">
                <input type="hidden" name="action" value="reactivate" />
                <input type="hidden" name="staff" value={row.id} />
                <button type="submit" className={button} data-staff-active="reactivate">
                  {copy.reactivate}
                </button>
              </form>
            )}
            {!row.self && row.active && (
              // Deactivating asks first, without JavaScript: the question opens under the button.
              <details className="basis-full" data-staff-deactivate>
                <summary
                  className={`${danger} inline-flex cursor-pointer items-center`}
                  data-staff-active="deactivate"
                >
                  {copy.deactivate}
                </summary>
                <form method="post" className="mt-3 rounded-lg bg-red-50 p-3 ring-1 ring-red-200">
                  <p className="text-sm text-red-900">{copy.deactivateAsk(row.email)}</p>
                  <input type="hidden" name="action" value="deactivate" />
                  <input type="hidden" name="staff" value={row.id} />
                  <input type="hidden" name="confirm" value="yes" />
                  <button type="submit" className={`${danger} mt-2 bg-white`}>
                    {copy.deactivateConfirm}
                  </button>
                </form>
              </details>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
