/**
 * The outbox's 'checklist' channel: the visitor who asked for a guide's checklist gets an email
 * with the same download link the confirmation showed (signed as of the lead's time, so it ends
 * when that one does), over the SMTP that carries lead notifications. Queued only for a guide
 * lead that was not flagged as spam (src/leads/intake.ts), and only to a plain valid address.
 */
import { AGENCY_NAME } from "../../config/agency.ts";
import { CHECKLIST_LINK_TTL_MS } from "../checklistLink.ts";
import { checklistDownloadPath } from "../checklists.ts";
import { leadMessages } from "../messages.ts";
import { leadName } from "../source.ts";
import type { LeadRecord } from "../store/types.ts";
import { composedEmailDeliverer, isPlainEmail, type EmailSettings } from "./email.ts";
import { renderNotice } from "./render.ts";
import type { Deliverer } from "./types.ts";

export interface ChecklistEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The visitor's message for a guide lead, or null when its address cannot be written to. */
export function checklistEmail(
  lead: LeadRecord,
  secret: string,
  origin: string,
): ChecklistEmail | null {
  const to = lead.fields.email?.trim();
  const checklist = lead.fields.checklist ?? "";
  if (!isPlainEmail(to) || !checklist) return null;
  const copy = leadMessages.checklistEmail;
  const link = `${origin}${checklistDownloadPath(lead, checklist, secret)}`;
  const page = lead.metadata.page ? `${origin}${lead.metadata.page}` : null;
  const expires = new Date(Date.parse(lead.createdAt) + CHECKLIST_LINK_TTL_MS)
    .toISOString()
    .slice(0, 10);
  const name = leadName(lead.fields).split(/\s+/)[0] ?? "";
  const lines = copy.lines({ name, expires, agency: AGENCY_NAME });
  const { text, html } = renderNotice({
    title: copy.subject,
    intro: `${lines.greeting}\n\n${lines.intro}`,
    link: { label: copy.button, href: link },
    outro: [lines.expiry, ...(page ? [`${copy.guide} ${page}`] : []), lines.signature].join("\n\n"),
    footnote: lines.why,
  });
  return { to, subject: copy.subject, text, html };
}

export function checklistDeliverer(settings: EmailSettings, secret: () => string): Deliverer {
  // No address to send to: done, not retried.
  return composedEmailDeliverer(settings, async ({ lead }) =>
    checklistEmail(lead, secret(), settings.origin),
  );
}
