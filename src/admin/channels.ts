/**
 * The outbox channels of the agency side, registered with the queue by the composition root
 * (src/app/root.ts) beside their deliverers: a staff reminder of a lead still waiting
 * (./reminders.ts), a follow-up fallen due (./followUps.ts), an email staff wrote to the lead
 * (./emails/leadEmails.ts), the visitor's confirmation of a contact, call or growth request
 * (./emails/confirmations.ts).
 */
export const adminChannels = ["reminder", "followup", "lead-email", "confirmation"] as const;
