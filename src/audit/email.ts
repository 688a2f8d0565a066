/**
 * The outbox's 'audit' channel: the prospect who asked for a free audit gets their website
 * check's score, its three most valuable fixes and the link to the report, over the SMTP that
 * carries lead notifications. Queued with the check's result (src/audit/jobs.ts; one per lead,
 * only for a lead not flagged as spam), and only sent to a plain valid address. Everything taken
 * from the fetched site (its fixes are ours, but the address and page names are theirs) goes into
 * the text part as plain text and into the HTML part escaped.
 */
import { AGENCY_NAME, siteOrigin } from "../config/agency.ts";
import { routes } from "../config/routes.ts";
import {
  composedEmailDeliverer,
  emailHtml,
  escapeHtml,
  headerText,
  isPlainEmail,
  type EmailSettings,
} from "../leads/notify/email.ts";
import type { Deliverer } from "../leads/notify/types.ts";
import { leadName } from "../leads/source.ts";
import type { LeadRecord, LeadStore } from "../leads/store/types.ts";
import { auditMessages, unreachableNames } from "./messages.ts";
import type { AuditReport } from "./report.ts";
import { auditJobStoreFor, type AuditJob } from "./store/index.ts";
import { topFixes } from "./summary.ts";
import { AUDIT_LINK_TTL_MS, auditLinks } from "./token.ts";

export interface AuditEmail {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
}

/** One line of text taken from a report: no control characters, bounded. */
export function plainLine(value: string, max = 300): string {
  // eslint-disable-next-line no-control-regex
  const line = value.replace(/[\u0000-\u001F\u007F\u2028\u2029]+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The site's name as the report shows it: the final URL's host, else the address typed. */
export function siteName(report: Pick<AuditReport, "url" | "finalUrl">): string {
  try {
    return new URL(report.finalUrl ?? report.url).host;
  } catch {
    return plainLine(report.url, 120);
  }
}

/** The prospect's message for a done check, or null when its address cannot be written to. */
export function auditEmail(
  lead: LeadRecord,
  job: Pick<AuditJob, "id" | "report" | "finishedAt">,
  secret: string,
  origin: string = siteOrigin(),
): AuditEmail | null {
  const to = lead.fields.email?.trim();
  const report = job.report;
  if (!isPlainEmail(to) || !report) return null;
  const copy = auditMessages.email;
  const sentAt = Date.parse(job.finishedAt ?? lead.createdAt);
  const link = `${origin}${auditLinks(job.id, secret, sentAt).report}`;
  const book = `${origin}${routes.bookCall}`;
  const expires = new Date(sentAt + AUDIT_LINK_TTL_MS).toISOString().slice(0, 10);
  const site = siteName(report);
  const lines = copy.lines({
    name: plainLine(leadName(lead.fields).split(/\s+/)[0] ?? "", 60),
    site,
    agency: AGENCY_NAME,
    expires,
  });
  const ok = report.outcome === "ok" && report.score !== undefined;
  const summary = ok
    ? `${auditMessages.report.scoreOf(report.score!)}${report.grade ? ` (${auditMessages.report.grade(report.grade)})` : ""}`
    : plainLine(
        report.message ??
          auditMessages.report.unreachable(site, unreachableNames[report.reason ?? "refused"]),
      );
  const fixes = ok ? topFixes(report).map((c) => `${plainLine(c.title)}: ${plainLine(c.fix)}`) : [];
  const text = [
    lines.greeting,
    "",
    lines.intro,
    summary,
    ...(fixes.length ? ["", lines.fixes, ...fixes.map((f, i) => `${i + 1}. ${f}`)] : []),
    "",
    lines.link,
    link,
    "",
    lines.next,
    book,
    "",
    lines.why,
    "",
    lines.signature,
    "",
  ].join("\n");
  const html = emailHtml(copy.subject(report.score), [
    `<p>${escapeHtml(lines.greeting)}</p>`,
    `<p>${escapeHtml(lines.intro)}<br><strong style="font-size:20px">${escapeHtml(summary)}</strong></p>`,
    fixes.length
      ? `<p>${escapeHtml(lines.fixes)}</p><ol>${fixes.map((f) => `<li>${escapeHtml(f)}</li>`).join("")}</ol>`
      : "",
    `<p>${escapeHtml(lines.link)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#166534;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(copy.button)}</a></p>`,
    `<p>${escapeHtml(lines.next)} <a href="${escapeHtml(book)}">${escapeHtml(book)}</a></p>`,
    `<p style="color:#555;font-size:13px">${escapeHtml(lines.why)}</p>`,
    `<p>${escapeHtml(lines.signature)}</p>`,
  ]);
  return { to, subject: copy.subject(ok ? report.score : undefined), text, html };
}

/**
 * The agency's follow-up for a lead's done check (outbox channel 'audit-agency'): the score in the
 * subject, the three most valuable fixes as talking points, the lead's page and the prospect's
 * report. A site that could not be checked says so, with the reason.
 */
export function agencyScoreEmail(
  lead: LeadRecord,
  job: Pick<AuditJob, "id" | "report" | "finishedAt">,
  secret: string,
  origin: string = siteOrigin(),
): Omit<AuditEmail, "to"> | null {
  const report = job.report;
  if (!report) return null;
  const copy = auditMessages.agencyEmail;
  const name = headerText(leadName(lead.fields), 80) || lead.id;
  const site = siteName(report);
  const ok = report.outcome === "ok" && report.score !== undefined;
  const result = ok ? copy.scored(report.score!, report.grade) : copy.unscored;
  const why = ok ? null : plainLine(report.message ?? unreachableNames[report.reason ?? "refused"]);
  const fixes = ok ? topFixes(report).map((c) => `${plainLine(c.title)}: ${plainLine(c.fix)}`) : [];
  const leadLink = `${origin}/admin/leads/${lead.id}`;
  const sentAt = Date.parse(job.finishedAt ?? lead.createdAt);
  const reportLink = `${origin}${auditLinks(job.id, secret, sentAt).report}`;
  const subject = copy.subject(name, result);
  const text = [
    copy.intro(site),
    `${auditMessages.panel.score}: ${result}${why ? ` (${why})` : ""}`,
    ...(fixes.length ? ["", copy.fixes, ...fixes.map((f, i) => `${i + 1}. ${f}`)] : []),
    "",
    copy.lead,
    leadLink,
    "",
    copy.report,
    reportLink,
    "",
    copy.why,
    "",
  ].join("\n");
  const html = emailHtml(subject, [
    `<p>${escapeHtml(copy.intro(site))}<br><strong style="font-size:20px">${escapeHtml(`${auditMessages.panel.score}: ${result}`)}</strong>${why ? `<br>${escapeHtml(why)}` : ""}</p>`,
    fixes.length
      ? `<p>${escapeHtml(copy.fixes)}</p><ol>${fixes.map((f) => `<li>${escapeHtml(f)}</li>`).join("")}</ol>`
      : "",
    `<p>${escapeHtml(copy.lead)} <a href="${escapeHtml(leadLink)}">${escapeHtml(leadLink)}</a></p>`,
    `<p>${escapeHtml(copy.report)} <a href="${escapeHtml(reportLink)}">${escapeHtml(reportLink)}</a></p>`,
    `<p style="color:#555;font-size:13px">${escapeHtml(copy.why)}</p>`,
  ]);
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

/** The outbox's 'audit' channel: the prospect's score, fixes and report link. */
export const auditEmailDeliverer = (
  settings: EmailSettings,
  store: () => Promise<LeadStore>,
  secret: () => string,
): Deliverer =>
  checkEmailDeliverer(settings, store, (lead, job) => auditEmail(lead, job, secret()));

/** The outbox's 'audit-agency' channel: the follow-up to LEAD_EMAIL_TO. */
export const agencyScoreDeliverer = (
  settings: EmailSettings,
  store: () => Promise<LeadStore>,
  secret: () => string,
): Deliverer =>
  checkEmailDeliverer(settings, store, (lead, job) => {
    const message = agencyScoreEmail(lead, job, secret());
    return message && { to: [...settings.to], ...message };
  });
