/**
 * The owner's settings page (/admin/settings, owners only; the middleware refuses staff and
 * checks every post's Origin as for the other admin forms): reads the form, checks every value,
 * saves through the process's settings service (src/leads/settings.ts) and audits the change.
 * A refusal is the page again with a 422 and the message, nothing saved; a save answers 303 back
 * to the page (`?saved=1`), so a reload re-sends nothing.
 */
import {
  isEmailAddress,
  type AgencySettings,
  type AgencySettingsService,
  type SettingsChange,
} from "../leads/settings.ts";
import { isTimeZone } from "../lib/agencyZone.ts";
import { audit } from "./accounts.ts";
import { settingsMessages } from "./settingsMessages.ts";
import type { AdminStore, StaffRecord } from "./store/types.ts";

const copy = settingsMessages;
export const MAX_NOTICE_RECIPIENTS = 20;

export type SettingsOutcome =
  { ok: true; change: SettingsChange } | { ok: false; status: 422; message: string };

/** The change the form `form` asks for, every value checked; `active` are the active accounts. */
export function readSettingsForm(
  form: FormData,
  active: readonly Pick<StaffRecord, "id">[],
): SettingsOutcome {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const refuse = (message: string): SettingsOutcome => ({ ok: false, status: 422, message });
  const timeZone = text("timeZone").trim();
  if (!isTimeZone(timeZone)) return refuse(copy.zone.bad);
  const noticeTo = [
    ...new Set(
      text("noticeTo")
        .split(/[\s,;]+/)
        .map((a) => a.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (noticeTo.length > MAX_NOTICE_RECIPIENTS) return refuse(copy.notices.tooMany);
  const bad = noticeTo.find((a) => !isEmailAddress(a));
  if (bad) return refuse(copy.notices.bad(bad.slice(0, 80)));
  const mode = text("assignment");
  let assignment: AgencySettings["assignment"];
  if (mode === "round-robin") {
    const chosen = [...new Set(form.getAll("assignTo").filter((v) => typeof v === "string"))];
    if (!chosen.length) return refuse(copy.assignment.noStaff);
    const ids = new Set(active.map((s) => s.id));
    if (chosen.some((id) => !ids.has(id))) return refuse(copy.assignment.unknown);
    assignment = { mode: "round-robin", staff: chosen.sort() };
  } else {
    assignment = { mode: "none" };
  }
  return {
    ok: true,
    change: {
      timeZone,
      noticeTo,
      confirmationEmails: form.get("confirmationEmails") === "on",
      assignment,
      requireSecondFactor: form.get("requireSecondFactor") === "on",
    },
  };
}

/** What changed between two settings, for the audit log (names and new values; no secrets). */
export function changedSettings(
  before: AgencySettings,
  after: SettingsChange,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(after)) {
    if (JSON.stringify(before[name as keyof AgencySettings]) !== JSON.stringify(value)) {
      out[name] = value;
    }
  }
  return out;
}

/** Does what the settings form asks, as the owner `actor`. */
export async function settingsPageAction(
  ctx: { store: AdminStore; settings: AgencySettingsService; actor: StaffRecord },
  form: FormData,
  now: Date = new Date(),
): Promise<{ redirect: string } | { status: 422; message: string }> {
  const staff = await ctx.store.listStaff();
  const read = readSettingsForm(
    form,
    staff.filter((s) => !s.deactivatedAt),
  );
  if (!read.ok) return { status: read.status, message: read.message };
  const before = await ctx.settings.refresh();
  // Requiring a second factor would shut out the owner who asks, were they without one.
  if (
    read.change.requireSecondFactor &&
    !before.requireSecondFactor &&
    !(await ctx.store.hasSecondFactor(ctx.actor.id))
  ) {
    return { status: 422, message: copy.secondFactor.selfFirst };
  }
  const detail = changedSettings(before, read.change);
  if (Object.keys(detail).length) {
    // Only what changed is stored: a setting left alone keeps following its default.
    await ctx.settings.save(detail as SettingsChange, ctx.actor.id, now);
    await audit(ctx.store, copy.audit, { actorId: ctx.actor.id, subject: null, detail }, now);
  }
  return { redirect: "/admin/settings?saved=1" };
}
