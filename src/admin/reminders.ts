/**
 * Speed-to-lead reminders: a lead still 'new' after LEAD_REMINDER_MINUTES (default 30) of the
 * agency's opening hours gets one reminder email, to its assignee or else to every owner (to
 * LEAD_EMAIL_TO when there is no owner account yet), sent through the outbox like every other
 * notification (retried, listed on the lead's page, never sent twice).
 *
 * - The sweep runs in every server, every LEAD_REMINDER_SWEEP_MS, only while the agency is open:
 *   it queues an outbox row (channel 'reminder') for each due lead. The outbox's
 *   UNIQUE (lead_id, channel) makes that once per lead however many servers sweep.
 * - It looks back a week at most: a lead that waited longer was already reminded, or arrived
 *   before reminders were switched on, and an old backlog is the inbox's job, not the mailbox's.
 * - A lead someone has called (any outcome of 'Log a call', src/admin/calls.ts) is not reminded.
 * - The delivery checks the lead again: one contacted, called or erased since is not reminded.
 */
import { scoreLine } from "../audit/panel.ts";
import { auditJobStoreFor } from "../audit/store/index.ts";
import { agencyHours } from "../config/agency.ts";
import { agencyZone } from "../lib/agencyZone.ts";
import { formatAgencyTime } from "../lib/formatAgencyTime.ts";
import {
  composedEmailDeliverer,
  leadLink,
  visitorName,
  type EmailSettings,
} from "../leads/notify/email.ts";
import type { Deliverer } from "../leads/notify/types.ts";
import { newLeadId } from "../server/id.ts";
import { leadName } from "../leads/source.ts";
import type { LeadStore } from "../leads/store/types.ts";
import { isOpen, openMinutesBetween, type AgencyHours } from "./hours.ts";
import { adminMessages } from "./messages.ts";
import { adminStoreFor } from "./store/index.ts";
import type { AdminStore } from "./store/types.ts";
import { onSweepSignal } from "./sweepSignal.ts";

/** The agency's opening hours on its clock now (the zone an owner may change: D234). */
const agencyOpeningHours = (): AgencyHours => ({ ...agencyHours, timeZone: agencyZone() });

const LOOK_BACK_MS = 7 * 24 * 60 * 60_000;
const GIVE_UP_MS = 24 * 60 * 60_000;
/** Leads queued per sweep at most (the next sweep takes the rest). */
const SWEEP_BATCH = 100;

export interface ReminderRules {
  minutes: number;
  hours?: AgencyHours;
}

/**
 * Queues a reminder for every lead due at `now`; returns how many it queued. Nothing while the
 * agency is closed. Candidates come oldest first, and the oldest has had the most opening
 * minutes, so the first one not yet due ends the sweep.
 */
export async function sweepReminders(
  store: AdminStore,
  rules: ReminderRules,
  now: Date = new Date(),
): Promise<number> {
  const hours = rules.hours ?? agencyOpeningHours();
  if (!isOpen(hours, now)) return 0;
  const candidates = await store.awaitingReminder({
    from: new Date(now.getTime() - LOOK_BACK_MS).toISOString(),
    to: new Date(now.getTime() - rules.minutes * 60_000).toISOString(),
    limit: SWEEP_BATCH,
  });
  let queued = 0;
  for (const lead of candidates) {
    if (openMinutesBetween(hours, new Date(lead.createdAt), now) < rules.minutes) break;
    const at = now.toISOString();
    const fresh = await store.queueReminder({
      id: newLeadId(now.getTime()),
      leadId: lead.id,
      at,
      giveUpAt: new Date(now.getTime() + GIVE_UP_MS).toISOString(),
    });
    if (fresh) queued++;
  }
  return queued;
}

/** The outbox's 'reminder' channel: one email over the same SMTP as lead notifications. */
export function reminderDeliverer(
  settings: EmailSettings,
  leads: () => Promise<LeadStore>,
  hours: AgencyHours = agencyOpeningHours(),
): Deliverer {
  const copy = adminMessages.reminder;
  return composedEmailDeliverer(settings, async ({ row, lead }) => {
    const store = adminStoreFor(await leads());
    const work = await store.leadWork(lead.id);
    // Contacted, called (whatever the outcome) or erased since it was queued: no reminder.
    if (!work || work.status !== "new" || work.firstContactedAt) return null;
    const staff = await store.reminderRecipients(lead.id);
    const name = leadName(lead.fields);
    const minutes = openMinutesBetween(hours, new Date(lead.createdAt), new Date(row.createdAt));
    // The website check's score, when it is ready: a talking point for the call.
    const score = scoreLine((await auditJobStoreFor(await leads()).forLead(lead.id))[0]);
    const subject = copy.subject(visitorName(lead), minutes);
    return {
      to: staff.length ? staff : settings.to,
      subject,
      notice: {
        title: subject,
        ...copy.notice({
          name,
          form: adminMessages.kinds[lead.kind],
          arrived: formatAgencyTime(lead.createdAt, hours.timeZone),
          minutes,
          link: leadLink(lead, settings.origin),
          extra: score,
        }),
      },
    };
  });
}

/**
 * Runs `sweep` every `sweepMs` in this server (never two at once) until the returned stop is
 * called; `queued` when it queued anything. The reminders' and the follow-ups' sweeps. Under
 * SWEEPS_ON_SIGNAL=1 (tests only, ./sweepSignal.ts) SIGUSR2 also runs it, after any run under way.
 */
export function startSweep(options: {
  /** What the sweep is called in the log of a signalled run. */
  name: string;
  leads: () => Promise<LeadStore>;
  sweep: (admin: AdminStore) => Promise<number>;
  sweepMs: number;
  /** Something was queued: deliver it now. */
  queued: () => void;
  failed: (error: unknown) => void;
  /** SWEEPS_ON_SIGNAL=1 (tests): SIGUSR2 runs it at once (./sweepSignal.ts). */
  onSignal?: boolean;
}): () => void {
  let running: Promise<unknown> | null = null;
  const run = (): Promise<number> => {
    const done = options
      .leads()
      .then((leads) => options.sweep(adminStoreFor(leads)))
      .then((n) => {
        if (n > 0) options.queued();
        return n;
      });
    running = done.then(
      () => (running = null),
      () => (running = null),
    );
    return done;
  };
  const timer = setInterval(() => {
    if (!running) run().catch(options.failed);
  }, options.sweepMs);
  timer.unref();
  const unsignal = onSweepSignal(
    options.name,
    async () => {
      while (running) await running;
      return run();
    },
    options.onSignal ?? false,
  );
  return () => {
    clearInterval(timer);
    unsignal();
  };
}

/** Runs the reminder sweep every `sweepMs` in this server until the returned stop is called. */
export function startReminderSweep(options: {
  leads: () => Promise<LeadStore>;
  rules: ReminderRules;
  sweepMs: number;
  /** Reminders were queued: deliver them now. */
  queued: () => void;
  failed: (error: unknown) => void;
  onSignal?: boolean;
}): () => void {
  const { rules, ...rest } = options;
  return startSweep({ ...rest, name: "reminders", sweep: (admin) => sweepReminders(admin, rules) });
}
