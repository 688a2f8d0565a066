/**
 * The agency's email when a booked call lands on a lead it already has (outbox channel
 * 'booking', src/leads/scheduling/bookings.ts): to LEAD_EMAIL_TO, naming the person, the
 * meeting's start on the agency's clock and its name, with the lead's page in the inbox. A new
 * booking lead is announced by the ordinary lead notice instead (its 'email' channel).
 */
import type { Db } from "../../db/driver.ts";
import { formatAgencyTime } from "../../lib/formatAgencyTime.ts";
import {
  composedEmailDeliverer,
  headerText,
  leadLink,
  visitorName,
  type EmailSettings,
} from "../notify/email.ts";
import { leadMessages } from "../messages.ts";
import type { Deliverer } from "../notify/types.ts";
import type { LeadStore } from "../store/types.ts";

/** The lead's newest active booking: what the email announces. */
async function newestBooking(db: Db, leadId: string) {
  const row = await db.one<{ start_time: string | Date; name: string; status: string }>(
    `SELECT start_time, name, status FROM scheduled_calls WHERE lead_id = $1
     ORDER BY booked_at DESC, id DESC LIMIT 1`,
    [leadId],
  );
  return row ? { ...row, startTime: new Date(row.start_time).toISOString() } : null;
}

export function bookingDeliverer(
  settings: EmailSettings,
  store: () => Promise<LeadStore>,
  timeZone: () => string,
): Deliverer {
  return composedEmailDeliverer(settings, async ({ lead }) => {
    const booking = await newestBooking((await store()).connection.db, lead.id);
    // Cancelled before the email went: nothing to announce.
    if (!booking || booking.status !== "active") return null;
    const when = formatAgencyTime(booking.startTime, timeZone());
    const who = visitorName(lead);
    const copy = leadMessages.bookingEmail;
    const subject = headerText(copy.subject(who, when));
    return {
      to: settings.to,
      subject,
      notice: {
        title: subject,
        intro: copy.intro(who),
        rows: [
          [copy.when, when],
          [copy.meeting, booking.name],
          [copy.email, lead.fields.email ?? ""],
        ],
        link: { label: copy.button, href: leadLink(lead, settings.origin) },
      },
    };
  });
}
