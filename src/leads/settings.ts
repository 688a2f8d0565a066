/**
 * Settings an owner changes without a developer (issue 39 §3, /admin/settings, decision D235):
 * what each key holds, its default (from the environment), and the process's copy of them.
 *
 * The store holds one row per changed key (agency_settings, migration 34); a key with no row is
 * its default. Each server keeps the settings in memory (`current()`, read synchronously by
 * intake, notices and the pages), reads them again every `refreshMs` (default 5 s) and at once
 * after a save in this process, so another server's change is seen within seconds. The time zone
 * is also the process's agency zone (src/lib/agencyZone.ts): a refresh that finds a new one sets
 * it there.
 *
 * Keys (other features read them through `current()`; the names are stable):
 * - `timeZone`: an IANA name; default AGENCY_TIME_ZONE.
 * - `notice.to`: addresses that get new-lead notices; default (and an empty list) LEAD_EMAIL_TO.
 * - `confirmation.emails`: whether visitors get a confirmation email after a form (true by
 *   default); the per-form templates (issue 39 §2) check `confirmationEmails` before queueing.
 * - `lead.assignment`: {"mode":"none"} or {"mode":"round-robin","staff":[ids]}.
 * - `staff.second-factor`: whether every account must have a passkey or a second factor.
 */
import type { Connection } from "../db/connection.ts";
import { agencyZone, isTimeZone, setAgencyZone } from "../lib/agencyZone.ts";
import { saveAgencyZone, TIME_ZONE_SETTING } from "./store/agencyClock.ts";
import { readSettingRows, writeSetting } from "./store/settings.ts";

export type Assignment = { mode: "none" } | { mode: "round-robin"; staff: readonly string[] };

export interface AgencySettings {
  /** The agency's IANA time zone. */
  timeZone: string;
  /** Who gets new-lead notices. */
  noticeTo: readonly string[];
  /** Confirmation emails to visitors after a form, on or off. */
  confirmationEmails: boolean;
  /** Who a new lead is given to. */
  assignment: Assignment;
  /** Every account must have a passkey or a second factor to use the inbox. */
  requireSecondFactor: boolean;
  /** When each changed key was last saved, and by whom (staff id). */
  changed: Readonly<Record<string, { at: string; by: string | null }>>;
}

export const SETTING_KEYS = {
  timeZone: TIME_ZONE_SETTING,
  noticeTo: "notice.to",
  confirmationEmails: "confirmation.emails",
  assignment: "lead.assignment",
  requireSecondFactor: "staff.second-factor",
} as const;

export type SettingName = keyof typeof SETTING_KEYS;

/** What a setting is when no owner has changed it: the environment's. */
export interface SettingDefaults {
  timeZone: string;
  noticeTo: readonly string[];
}

const EMAIL = /^[^\s@<>",;]+@[^\s@.<>",;]+(?:\.[^\s@.<>",;]+)+$/;
export const isEmailAddress = (value: string): boolean => value.length <= 254 && EMAIL.test(value);

function parse(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** A stored value as its setting, or undefined when it is not one (the default applies). */
const readers: {
  [K in Exclude<SettingName, never>]: (v: unknown) => AgencySettings[K] | undefined;
} = {
  timeZone: (v) => (typeof v === "string" && isTimeZone(v) ? v : undefined),
  noticeTo: (v) =>
    Array.isArray(v) && v.length > 0 && v.every((a) => typeof a === "string" && isEmailAddress(a))
      ? (v as string[])
      : undefined,
  confirmationEmails: (v) => (typeof v === "boolean" ? v : undefined),
  assignment: (v) => {
    if (!v || typeof v !== "object") return undefined;
    const a = v as { mode?: unknown; staff?: unknown };
    if (a.mode === "none") return { mode: "none" };
    if (
      a.mode === "round-robin" &&
      Array.isArray(a.staff) &&
      a.staff.every((id) => typeof id === "string")
    ) {
      return { mode: "round-robin", staff: a.staff as string[] };
    }
    return undefined;
  },
  requireSecondFactor: (v) => (typeof v === "boolean" ? v : undefined),
};

/** The settings from the store's rows over `defaults`. */
export function settingsFrom(
  rows: readonly { key: string; value: string; updatedAt: string; updatedBy: string | null }[],
  defaults: SettingDefaults,
): AgencySettings {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const read = <K extends SettingName>(name: K): AgencySettings[K] | undefined => {
    const row = byKey.get(SETTING_KEYS[name]);
    return row ? readers[name](parse(row.value)) : undefined;
  };
  return {
    timeZone: read("timeZone") ?? defaults.timeZone,
    noticeTo: read("noticeTo") ?? defaults.noticeTo,
    confirmationEmails: read("confirmationEmails") ?? true,
    assignment: read("assignment") ?? { mode: "none" },
    requireSecondFactor: read("requireSecondFactor") ?? false,
    changed: Object.fromEntries(rows.map((r) => [r.key, { at: r.updatedAt, by: r.updatedBy }])),
  };
}

export type SettingsChange = Partial<Omit<AgencySettings, "changed">>;

export interface AgencySettingsService {
  /** The settings as this process last read them (defaults until the first read). */
  current(): AgencySettings;
  /** Reads them from the store now (and sets the process's zone). */
  refresh(): Promise<AgencySettings>;
  /** Stores `change` (values already checked: src/admin/settingsPage.ts) as `by`. */
  save(change: SettingsChange, by: string | null, now?: Date): Promise<AgencySettings>;
  /** Starts reading them again every refreshMs. */
  start(): void;
  stop(): void;
}

export function createAgencySettings(options: {
  connection: () => Promise<Connection>;
  defaults: SettingDefaults;
  refreshMs?: number;
  /** Told when a refresh fails (the last settings read stay in force). */
  failed?: (error: unknown) => void;
}): AgencySettingsService {
  const { defaults } = options;
  let settings = settingsFrom([], defaults);
  let timer: NodeJS.Timeout | null = null;
  let failing = false;
  const refresh = async () => {
    const { db } = await options.connection();
    settings = settingsFrom(await readSettingRows(db), defaults);
    if (settings.timeZone !== agencyZone()) setAgencyZone(settings.timeZone);
    failing = false;
    return settings;
  };
  // A store that does not answer is told once, not every refreshMs, until it answers again.
  const background = () =>
    void refresh().catch((error: unknown) => {
      if (!failing) options.failed?.(error);
      failing = true;
    });
  return {
    current: () => settings,
    refresh,
    async save(change, by, now = new Date()) {
      const connection = await options.connection();
      const at = now.toISOString();
      for (const name of Object.keys(change) as SettingName[]) {
        const value = change[name];
        if (value === undefined) continue;
        if (name === "timeZone") {
          await saveAgencyZone(connection, value as string, by, now);
          continue;
        }
        await writeSetting(connection.db, {
          key: SETTING_KEYS[name],
          value: JSON.stringify(value),
          at,
          by,
        });
      }
      return refresh();
    },
    start() {
      if (timer) return;
      timer = setInterval(background, options.refreshMs ?? 5_000).unref();
      background();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
