/**
 * The outbox's 'checklist' channel: the visitor who asked for a guide's checklist gets an email
 * with the same download link the confirmation showed (signed as of the lead's time, so it ends
 * when that one does), over the SMTP that carries lead notifications. Queued only for a guide
 * lead that was not flagged as spam (src/leads/intake.ts), and only to a plain valid address.
 */
import { AGENCY_NAME, siteOrigin } from "../../config/agency.ts";
import { CHECKLIST_LINK_TTL_MS } from "../checklistLink.ts";
import { checklistDownloadPath } from "../checklists.ts";
import { leadMessages } from "../messages.ts";
import { leadName } from "../source.ts";
import type { LeadRecord } from "../store/types.ts";
import {
  composedEmailDeliverer,
  emailHtml,
  escapeHtml,
  isPlainEmail,
  type EmailSettings,
} from "./email.ts";
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
  origin: string = siteOrigin(),
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
  const text = [
    lines.greeting,
    "",
    lines.intro,
    "",
    link,
    "",
    lines.expiry,
    ...(page ? ["", `${copy.guide} ${page}`] : []),
    "",
    lines.why,
    "",
    lines.signature,
    "",
  ].join("\n");
  const html = emailHtml(copy.subject, [
    `<p>${escapeHtml(lines.greeting)}</p>`,
    `<p>${escapeHtml(lines.intro)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#166534;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(copy.button)}</a></p>`,
    `<p>${escapeHtml(lines.expiry)}</p>`,
    page
      ? `<p>${escapeHtml(copy.guide)} <a href="${escapeHtml(page)}">${escapeHtml(page)}</a></p>`
      : "",
    `<p style="color:#555;font-size:13px">${escapeHtml(lines.why)}</p>`,
    `<p>${escapeHtml(lines.signature)}</p>`,
  ]);
  return { to, subject: copy.subject, text, html };
}

export function checklistDeliverer(settings: EmailSettings, secret: () => string): Deliverer {
  // No address to send to: done, not retried.
  return composedEmailDeliverer(settings, async ({ lead }) => checklistEmail(lead, secret()));
}
