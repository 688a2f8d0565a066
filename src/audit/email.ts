/**
 * The website check's two emails, over the SMTP that carries lead notifications: the prospect who
 * asked for a free audit gets their score and grade and the link to the report, and none of the
 * words typed in the form (outbox channel 'audit': anyone can type anyone's address, so the
 * agency's mail must not carry a stranger's words to them); the agency gets the score, the same fixes as talking points,
 * the lead's page and the report (channel 'audit-agency'). Both are queued with the check's result
 * (src/audit/jobs.ts; one per lead), the prospect's only for a lead not flagged as spam and to a
 * plain valid address. The words are src/audit/messages.ts; the emails are React trees
 * (./emails/AuditReportEmail.tsx, AuditAgencyEmail.tsx) rendered to HTML, where React escapes
 * everything taken from the fetched site or the form, and to the plain-text part read from the
 * same markup (src/leads/notify/render.ts). Only the server bundle imports this module.
 */
import { createElement } from "react";
import { AGENCY_NAME } from "../config/agency.ts";
import { routes } from "../config/routes.ts";
import {
  composedEmailDeliverer,
  headerText,
  isPlainEmail,
  leadLink,
  type EmailSettings,
} from "../leads/notify/email.ts";
import { renderEmail, type RenderedEmail } from "../leads/notify/render.ts";
import type { Deliverer } from "../leads/notify/types.ts";
import { leadName } from "../leads/source.ts";
import type { LeadRecord, LeadStore } from "../leads/store/types.ts";
import { AuditAgencyEmail, type AuditAgencyContent } from "./emails/AuditAgencyEmail.tsx";
import { AuditReportEmail, type AuditReportContent } from "./emails/AuditReportEmail.tsx";
import { auditMessages, unreachableNames } from "./messages.ts";
import { auditJobStoreFor, type AuditJob } from "./store/index.ts";
import { agencyDate, fixLines, formatCheckedAt, plainLine, siteName } from "./summary.ts";
import { AUDIT_LINK_TTL_MS, auditLinks } from "./token.ts";

export interface AuditEmail {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
}

type DoneCheck = Pick<AuditJob, "id" | "report" | "finishedAt">;

/** The prospect's website check (./emails/AuditReportEmail.tsx): its two parts. */
const renderAuditReport = (content: AuditReportContent): RenderedEmail =>
  renderEmail(createElement(AuditReportEmail, content));

/** The agency's follow-up of a done check (./emails/AuditAgencyEmail.tsx): its two parts. */
const renderAuditAgency = (content: AuditAgencyContent): RenderedEmail =>
  renderEmail(createElement(AuditAgencyEmail, content));

/** The signed report's link, dated from when the check finished (else when the lead came). */
function reportLink(lead: LeadRecord, job: DoneCheck, secret: string, origin: string): string {
  const sentAt = Date.parse(job.finishedAt ?? lead.createdAt);
  return `${origin}${auditLinks(job.id, secret, sentAt).report}`;
}

/** The prospect's message for a done check, or null when its address cannot be written to. */
export function auditEmail(
  lead: LeadRecord,
  job: DoneCheck,
  secret: string,
  origin: string,
  timeZone: string,
): AuditEmail | null {
  const to = lead.fields.email?.trim();
  const report = job.report;
  if (!isPlainEmail(to) || !report) return null;
  const copy = auditMessages.email;
  const sentAt = Date.parse(job.finishedAt ?? lead.createdAt);
  const lines = copy.lines({
    agency: AGENCY_NAME,
    expires: agencyDate(new Date(sentAt + AUDIT_LINK_TTL_MS), timeZone),
    checked: formatCheckedAt(report.fetchedAt, timeZone),
  });
  const ok = report.outcome === "ok" && report.score !== undefined;
  // Our words only: not the engine's message either, which names the site typed.
  const result = ok
    ? `${auditMessages.report.scoreOf(report.score!)}${report.grade ? ` (${auditMessages.report.grade(report.grade)})` : ""}`
    : copy.unreachable(unreachableNames[report.reason ?? "refused"]);
  const subject = copy.subject(ok ? report.score : undefined);
  const { text, html } = renderAuditReport({
    subject,
    greeting: lines.greeting,
    score: { intro: lines.intro, result },
    report: { text: lines.link, label: copy.button, href: reportLink(lead, job, secret, origin) },
    booking: { text: lines.next, href: `${origin}${routes.bookCall}` },
    why: lines.why,
    signature: lines.signature,
  });
  return { to, subject, text, html };
}

/**
 * The agency's follow-up for a lead's done check (outbox channel 'audit-agency'): the score in the
 * subject, the three most valuable fixes as talking points, the lead's page and the prospect's
 * report. A site that could not be checked says so, with the reason.
 */
export function agencyScoreEmail(
  lead: LeadRecord,
  job: DoneCheck,
  secret: string,
  origin: string,
  timeZone: string,
): Omit<AuditEmail, "to"> | null {
  const report = job.report;
  if (!report) return null;
  const copy = auditMessages.agencyEmail;
  const name = headerText(leadName(lead.fields), 80) || lead.id;
  const ok = report.outcome === "ok" && report.score !== undefined;
  const result = ok ? copy.scored(report.score!, report.grade) : copy.unscored;
  const subject = copy.subject(name, result);
  const { text, html } = renderAuditAgency({
    subject,
    score: {
      intro: copy.intro(siteName(report), formatCheckedAt(report.fetchedAt, timeZone)),
      result: `${auditMessages.panel.score}: ${result}`,
      remark: ok
        ? null
        : `(${plainLine(report.message ?? unreachableNames[report.reason ?? "refused"])})`,
    },
    fixes: ok ? { title: copy.fixes, items: fixLines(report) } : null,
    lead: { text: copy.lead, href: leadLink(lead, origin) },
    report: { text: copy.report, href: reportLink(lead, job, secret, origin) },
    why: copy.why,
  });
  return { subject, text, html };
}

/**
 * A channel that mails a lead's done check over the lead SMTP: the prospect's report ('audit',
 * `auditEmail`) or the agency's follow-up ('audit-agency', `agencyScoreEmail`, to LEAD_EMAIL_TO).
 * Nothing to send (the check erased with its lead, no address to write to) is done, not retried.
 */
function checkEmailDeliverer(
  settings: EmailSettings,
  store: () => Promise<LeadStore>,
  compose: (lead: LeadRecord, job: AuditJob) => AuditEmail | null,
): Deliverer {
  return composedEmailDeliverer(settings, async ({ lead }) => {
    const jobs = await auditJobStoreFor(await store()).forLead(lead.id);
    const job = jobs.find((j) => j.status === "done" && j.report);
    return job ? compose(lead, job) : null;
  });
}

/** The outbox's 'audit' channel: the prospect's score and report link. */
export const auditEmailDeliverer = (
  settings: EmailSettings,
  store: () => Promise<LeadStore>,
  secret: () => string,
  timeZone: () => string,
): Deliverer =>
  checkEmailDeliverer(settings, store, (lead, job) =>
    auditEmail(lead, job, secret(), settings.origin, timeZone()),
  );

/** The outbox's 'audit-agency' channel: the follow-up to LEAD_EMAIL_TO. */
export const agencyScoreDeliverer = (
  settings: EmailSettings,
  store: () => Promise<LeadStore>,
  secret: () => string,
  timeZone: () => string,
): Deliverer =>
  checkEmailDeliverer(settings, store, (lead, job) => {
    const message = agencyScoreEmail(lead, job, secret(), settings.origin, timeZone());
    return message && { to: [...settings.to], ...message };
  });
