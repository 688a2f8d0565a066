/**
 * The agency's notice of a new lead (the outbox's 'email' channel): one message per lead to
 * LEAD_EMAIL_TO, from LEAD_EMAIL_FROM. The subject names the kind and the visitor; the body (a
 * React tree, ./emails/LeadNoticeEmail.tsx, rendered to HTML and plain text by
 * ./render.ts) opens with a link to the lead in the inbox (SITE_URL/admin/leads/<id>), then
 * lists every field of the form and where the lead came from: the form and the source by the
 * names the inbox uses, pages, referrer, UTM, and when it was received on the agency's clock.
 * React escapes every value in the HTML; header values (subject, Reply-To) are built from
 * single-line text only (./email.ts), so input cannot add headers. Reply-To is the visitor's
 * address when it is a plain valid one. The Message-ID is the outbox row id: a retry after an
 * unclear failure carries the same id, which mail systems use to drop duplicates.
 */
import { createElement } from "react";
import type { SendMailOptions } from "nodemailer";
import { LeadNoticeEmail } from "./emails/LeadNoticeEmail.tsx";
import { agencyZone } from "../../lib/agencyZone.ts";
import { formatAgencyTime } from "../../lib/formatAgencyTime.ts";
import { leadForms, utmKeys, type LeadKind } from "../fields.ts";
import { formLabels, leadKindLabels } from "../messages.ts";
import { formatPhone } from "../phone.ts";
import { trafficSource } from "../source.ts";
import type { LeadRecord } from "../store/types.ts";
import {
  bodyText,
  domainOf,
  fieldLabel,
  headerText,
  isPlainEmail,
  leadLink,
  smtpSender,
  spamNote,
  visitorName,
  type EmailSettings,
  type LeadEmail,
} from "./email.ts";
import { renderEmail } from "./render.ts";
import type { Deliverer } from "./types.ts";

const KIND_LABELS: Record<LeadKind, string> = {
  audit: "audit",
  contact: "contact",
  testimonial: "testimonial",
  growth_partial: "growth (step 1)",
  growth: "growth",
  quick: "quick",
  guide: "guide checklist",
  booking: "booked call",
};

/** The form a lead came from, as a notice's subject says it: "call request", "free audit". */
export function noticeFormName(lead: Pick<LeadRecord, "form" | "kind">): string {
  if (lead.kind === "growth_partial") return KIND_LABELS.growth_partial;
  const label = formLabels[lead.form];
  if (!label) return KIND_LABELS[lead.kind] ?? lead.kind;
  return label.charAt(0).toLowerCase() + label.slice(1);
}

type Row = [label: string, value: string];

function fieldRows(lead: LeadRecord): Row[] {
  const names: string[] = leadForms[lead.form]?.fields.map((f) => f.name) ?? [];
  // Every field of the form in its order, then anything else the lead holds.
  for (const name of Object.keys(lead.fields)) if (!names.includes(name)) names.push(name);
  const phones = new Set(
    (leadForms[lead.form]?.fields ?? [])
      .filter((f) => f.type === "tel")
      .map((f) => f.name as string),
  );
  const boxes = new Set(
    (leadForms[lead.form]?.fields ?? [])
      .filter((f) => f.type === "checkbox")
      .map((f) => f.name as string),
  );
  return names.map((name) => {
    const value = lead.fields[name] ?? "";
    if (boxes.has(name)) return [fieldLabel(name), value === "yes" ? "Yes" : "No"];
    return [fieldLabel(name), phones.has(name) ? formatPhone(value) : value];
  });
}

/** The form by the name the Performance report gives it ("Contact page"), else its kind's. */
export function formName(lead: Pick<LeadRecord, "form" | "kind">): string {
  return formLabels[lead.form] ?? leadKindLabels[lead.kind as LeadKind] ?? lead.form;
}

/** Where the notice is read: the site's origin (SITE_URL) and the agency's time zone. */
export interface NoticeContext {
  origin: string;
  timeZone: string;
}

const noticeContext = (origin: string): NoticeContext => ({
  origin,
  timeZone: agencyZone(),
});

function metadataRows(lead: LeadRecord, context: NoticeContext): Row[] {
  const m = lead.metadata;
  const rows: Row[] = [
    ["Received", formatAgencyTime(lead.createdAt, context.timeZone)],
    ["Form", formName(lead)],
    // As the inbox's Source column shows it: utm source/medium, else the referrer's host.
    ["Source", trafficSource(lead)],
    ["Page", m.page ?? ""],
    ["Landing page", m.landingPage ?? ""],
    ["Referrer", m.referrer ?? ""],
  ];
  for (const key of utmKeys) rows.push([fieldLabel(key), m.utm?.[key] ?? ""]);
  rows.push(
    ["Time (UTC)", lead.createdAt],
    ["User agent", m.userAgent ?? ""],
    ["Lead id", lead.id],
  );
  return rows;
}

/** A row's value as the notice shows it: line breaks kept, control characters dropped. */
const shown = ([label, raw]: Row): Row => [label, bodyText(raw).trim()];

/** The message for one lead, its links on `context.origin`. */
export function leadEmail(
  lead: LeadRecord,
  notificationId: string,
  from: string,
  context: NoticeContext,
): LeadEmail {
  const name = visitorName(lead);
  // The form's name as the inbox gives it ('call request', 'contact page'), not an internal id.
  const kind = noticeFormName(lead);
  const spam = spamNote(lead);
  const subject = headerText(
    `${spam ? "[Possible spam] " : ""}New ${kind} lead: ${name}${lead.subject ? ` (${lead.subject})` : ""}`,
    200,
  );
  const heading = `New ${kind} lead${lead.subject ? `: ${lead.subject}` : ""}${spam ? ` — ${spam}` : ""}`;
  const { html, text } = renderEmail(
    createElement(LeadNoticeEmail, {
      subject,
      heading,
      link: { label: "Open it in the inbox", href: leadLink(lead, context.origin) },
      sections: [
        { title: "Details", rows: fieldRows(lead).map(shown) },
        { title: "Where it came from", rows: metadataRows(lead, context).map(shown) },
      ],
    }),
  );
  const email = lead.fields.email?.trim();
  return {
    subject,
    text,
    html,
    replyTo: isPlainEmail(email)
      ? { name: name === "(no name)" ? "" : name, address: email }
      : null,
    messageId: `<${notificationId}@${domainOf(from)}>`,
  };
}

/** What nodemailer is asked to send for one notification. */
export function mailOptions(
  lead: LeadRecord,
  notificationId: string,
  settings: Pick<EmailSettings, "from" | "to" | "origin">,
  to: readonly string[] = settings.to,
): SendMailOptions {
  const message = leadEmail(lead, notificationId, settings.from, noticeContext(settings.origin));
  return {
    from: settings.from,
    to: [...to],
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    messageId: message.messageId,
    headers: { "X-Lead-Id": lead.id, "X-Lead-Kind": lead.kind },
  };
}

/**
 * The new-lead notice's deliverer; `recipients` says who gets it at the moment of sending (the
 * owner's setting, src/leads/settings.ts), default LEAD_EMAIL_TO.
 */
export function emailDeliverer(
  settings: EmailSettings,
  recipients: () => readonly string[] = () => settings.to,
): Deliverer {
  const smtp = smtpSender(settings);
  return {
    deliver: ({ row, lead }, signal) =>
      smtp.send(mailOptions(lead, row.id, settings, recipients()), signal),
    close: () => smtp.close(),
  };
}
