/**
 * Calls booked with the scheduling provider, as the inbox shows them (issue 39 §2): the
 * 'Upcoming calls' section of /admin reads the bookings still ahead (src/leads/scheduling/)
 * and writes each start on the agency's clock, with a Call button when the lead has a phone.
 */
import { formatAgencyTime } from "../lib/formatAgencyTime.ts";
import { upcomingCalls } from "../leads/scheduling/bookings.ts";
import type { LeadService } from "../leads/server.ts";

/** A booked call as the inbox's 'Upcoming calls' lists it. */
export interface UpcomingCallRow {
  leadId: string;
  /** "Tue, Dec 1, 2026, 10:00 AM EST": the call's start on the agency's clock. */
  when: string;
  /** Machine-readable start (ISO), for <time>. */
  at: string;
  name: string;
  company: string;
  event: string;
  /** tel: href, when the lead has a phone. */
  tel?: string | undefined;
}

/** How many upcoming calls the inbox lists. */
export const UPCOMING_CALLS = 5;

export async function upcomingCallRows(
  leads: Pick<LeadService, "store">,
  now: Date,
  limit = UPCOMING_CALLS,
): Promise<UpcomingCallRow[]> {
  const calls = await upcomingCalls((await leads.store()).connection.db, now, limit);
  return calls.map((c) => ({
    leadId: c.leadId,
    when: formatAgencyTime(c.startTime),
    at: c.startTime,
    name: c.name,
    company: c.company,
    event: c.event,
    tel: c.phone ? `tel:${c.phone.replace(/;ext=/, ",")}` : undefined,
  }));
}
