/**
 * The outbox's 'callback' channel (issue 39 §1): a prospect who saw their website check's score
 * left a phone number and a good time to call (src/audit/callback.ts, which stores the number
 * and queues the row). One email at once to the lead's assignee, or to the lead notice's
 * recipients (LEAD_EMAIL_TO) when nobody active has it, with the number as a tel: link.
 */
import { callTimes } from "../audit/callback.ts";
import { auditMessages } from "../audit/messages.ts";
import { scoreLine } from "../audit/panel.ts";
import { auditJobStoreFor } from "../audit/store/index.ts";
import { formLabels } from "../leads/messages.ts";
import {
  composedEmailDeliverer,
  leadLink,
  visitorName,
  type EmailSettings,
} from "../leads/notify/email.ts";
import type { Deliverer } from "../leads/notify/types.ts";
import { leadName } from "../leads/source.ts";
import type { LeadStore } from "../leads/store/types.ts";
import { contactLinks } from "./contact.ts";
import { adminMessages } from "./messages.ts";
import { adminStoreFor } from "./store/index.ts";

export function callbackDeliverer(
  settings: EmailSettings,
  leads: () => Promise<LeadStore>,
): Deliverer {
  const copy = adminMessages.callback;
  return composedEmailDeliverer(settings, async ({ lead }) => {
    const store = adminStoreFor(await leads());
    const phone = contactLinks(lead.fields).phone;
    // The number is read from the lead as it is now; erased or emptied since: nothing to say.
    if (!phone) return null;
    const events = await store.leadEvents(lead.id);
    const last = events.filter((e) => e.kind === "callback").at(-1);
    const time = timeOf(last?.body);
    const work = await store.leadWork(lead.id);
    const staff = work?.assigneeId ? await store.getStaff(work.assigneeId) : null;
    const assignee = staff && !staff.deactivatedAt ? staff.email : null;
    const score = scoreLine((await auditJobStoreFor(await leads()).forLead(lead.id))[0]);
    const subject = copy.subject(visitorName(lead), phone.shown);
    return {
      to: assignee ? [assignee] : settings.to,
      subject,
      notice: {
        title: subject,
        ...copy.notice({
          name: leadName(lead.fields),
          form: formLabels[lead.form] ?? lead.form,
          phone: { shown: phone.shown, tel: phone.tel },
          time,
          score,
          link: leadLink(lead, settings.origin),
        }),
      },
    };
  });
}

/** The time of day a 'callback' entry names, in words. */
function timeOf(body: string | undefined): string {
  const times = auditMessages.callback.times;
  try {
    const time = (JSON.parse(body ?? "{}") as { time?: unknown }).time;
    if ((callTimes as readonly unknown[]).includes(time)) return times[time as keyof typeof times];
  } catch {
    // An unreadable entry: any time.
  }
  return times.any;
}
