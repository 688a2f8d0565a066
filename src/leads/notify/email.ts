/**
 * The email channel: one message per lead to LEAD_EMAIL_TO over SMTP_URL (nodemailer), from
 * LEAD_EMAIL_FROM. The subject names the kind and the visitor; a plain-text and an HTML body open
 * with a link to the lead in the inbox (SITE_URL/admin/leads/<id>), then list every field of the
 * form and where the lead came from: the form and the source by the names the inbox uses, pages,
 * referrer, UTM, and when it was received on the agency's clock (its IANA time zone).
 * Every value is HTML-escaped in the HTML body; header values (subject, Reply-To) are built from
 * single-line text only, so input cannot add headers. Reply-To is the visitor's address when it is
 * a plain valid one, so "Reply" in the agency's inbox answers the lead. The Message-ID is the
 * outbox row id: a retry after an unclear failure carries the same id, which mail systems use
 * to drop duplicates.
 */
import nodemailer from "nodemailer";
import type { SendMailOptions } from "nodemailer";
import { agencyHours, siteOrigin } from "../../config/agency.ts";
import { formatAgencyTime } from "../../lib/formatAgencyTime.ts";
import { leadForms, utmKeys, type LeadKind } from "../fields.ts";
import { formLabels, leadKindLabels } from "../messages.ts";
import { formatPhone } from "../phone.ts";
import { leadName, trafficSource } from "../source.ts";
import type { ClaimedNotification, LeadRecord } from "../store/types.ts";
import { truncate } from "../text.ts";
import type { Deliverer } from "./types.ts";

export interface EmailSettings {
  smtpUrl: string;
  to: readonly string[];
  from: string;
  timeoutMs: number;
}

export interface LeadEmail {
  subject: string;
  text: string;
  html: string;
  /** The visitor's address, when it is a plain valid one. */
  replyTo: { name: string; address: string } | null;
  messageId: string;
}

const KIND_LABELS: Record<LeadKind, string> = {
  audit: "audit",
  contact: "contact",
  testimonial: "testimonial",
  growth_partial: "growth (step 1)",
  growth: "growth",
  quick: "quick",
  guide: "guide checklist",
};

const LABELS: Record<string, string> = {
  "full-name": "Full name",
  aiIntegration: "AI integration",
  consent: "Agrees to further emails",
  utm_source: "UTM source",
  utm_medium: "UTM medium",
  utm_campaign: "UTM campaign",
  utm_term: "UTM term",
  utm_content: "UTM content",
};

/** "companyName" → "Company name", "full-name" → "Full name". */
export function fieldLabel(name: string): string {
  if (LABELS[name]) return LABELS[name];
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** One line for a header: control characters and line separators become spaces. */
export function headerText(value: string, max = 150): string {
  const line = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Our emails' body style: system font, dark text, readable lines. */
export const EMAIL_BODY_STYLE = "font-family:system-ui,sans-serif;color:#111;line-height:1.5";

/**
 * An email's HTML part: the document, its (escaped) title and `parts`, already escaped HTML,
 * one per line; empty parts are kept as empty lines, as the text parts keep theirs.
 */
export function emailHtml(title: string, parts: readonly string[], bodyStyle = EMAIL_BODY_STYLE) {
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title></head>`,
    `<body style="${bodyStyle}">`,
    ...parts,
    "</body></html>",
  ].join("\n");
}

/** Body text: line breaks kept (as \n), other control characters dropped. */
function bodyText(value: string): string {
  return (
    value
      .replace(/\r\n?|[\u2028\u2029]/g, "\n")
      .replace(/\t/g, " ")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g, "")
  );
}

/** A plain address (no display name, comments, quotes, spaces or line breaks). */
const PLAIN_EMAIL =
  /^[A-Za-z0-9.!#$%&*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export function isPlainEmail(value: string | undefined): value is string {
  return !!value && value.length <= 254 && PLAIN_EMAIL.test(value);
}

/**
 * The visitor's name for the Subject and the Reply-To display name: what a visitor types there
 * must not read as a header or an address ("Eve Bcc: victim@example.com"). Addresses, header-like
 * "Word:" parts and characters other than letters, marks, digits, spaces and . ' - & , are
 * dropped, and the result is cut to 60 characters. The body still shows the name as typed.
 */
export function visitorName(lead: LeadRecord): string {
  const f = lead.fields;
  const name = headerText(leadName(f), 500)
    .replace(/\S+@\S+/g, " ")
    .replace(/\b[\p{L}-]+\s*:/gu, " ")
    .replace(/[^\p{L}\p{M}\p{N} .'&,-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return truncate(name, 60).trim() || "(no name)";
}

/** "Possible spam (too fast)" for a flagged lead, else null. */
function spamNote(lead: LeadRecord): string | null {
  if (!lead.spam) return null;
  const reasons = lead.metadata.spamReasons ?? [];
  const why = reasons.length ? ` (${reasons.map((r) => r.replace(/_/g, " ")).join(", ")})` : "";
  return `Possible spam${why}`;
}

export function domainOf(address: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(address);
  return match?.[1] ?? "leads.invalid";
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

const noticeContext = (): NoticeContext => ({
  origin: siteOrigin(),
  timeZone: agencyHours.timeZone,
});

/** The lead's page in the inbox. */
export const leadLink = (lead: Pick<LeadRecord, "id">, origin: string = siteOrigin()): string =>
  `${origin}/admin/leads/${encodeURIComponent(lead.id)}`;

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

const EMPTY = "—";

function textSection(title: string, rows: Row[]): string {
  const lines = [title, "-".repeat(title.length)];
  for (const [label, raw] of rows) {
    const value = bodyText(raw).trim();
    if (!value) lines.push(`${label}: ${EMPTY}`);
    else if (value.includes("\n")) {
      lines.push(`${label}:`, ...value.split("\n").map((l) => `  ${l}`));
    } else lines.push(`${label}: ${value}`);
  }
  return lines.join("\n");
}

function htmlSection(title: string, rows: Row[]): string {
  const body = rows
    .map(([label, raw]) => {
      const value = bodyText(raw).trim();
      const cell = value ? escapeHtml(value).replace(/\n/g, "<br>") : EMPTY;
      return `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 12px 4px 0;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${cell}</td></tr>`;
    })
    .join("\n");
  return `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(title)}</h2>\n<table role="presentation" style="border-collapse:collapse;font-size:14px">\n${body}\n</table>`;
}

/** The message for one lead (pure but for SITE_URL, read when no context is given). */
export function leadEmail(
  lead: LeadRecord,
  notificationId: string,
  from: string,
  context: NoticeContext = noticeContext(),
): LeadEmail {
  const name = visitorName(lead);
  const kind = KIND_LABELS[lead.kind] ?? lead.kind;
  const spam = spamNote(lead);
  const subject = headerText(
    `${spam ? "[Possible spam] " : ""}New ${kind} lead: ${name}${lead.subject ? ` (${lead.subject})` : ""}`,
    200,
  );
  const heading = `New ${kind} lead${lead.subject ? `: ${lead.subject}` : ""}${spam ? ` — ${spam}` : ""}`;
  const fields = fieldRows(lead);
  const meta = metadataRows(lead, context);
  const link = leadLink(lead, context.origin);
  const text = [
    heading,
    "",
    `Open it in the inbox: ${link}`,
    "",
    textSection("Details", fields),
    "",
    textSection("Where it came from", meta),
    "",
  ].join("\n");
  const html = emailHtml(
    subject,
    [
      `<h1 style="font-size:18px">${escapeHtml(heading)}</h1>`,
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;border-radius:8px;background:#14532d;color:#fff;font-weight:600;text-decoration:none">Open it in the inbox</a></p>`,
      htmlSection("Details", fields),
      htmlSection("Where it came from", meta),
    ],
    "font-family:system-ui,sans-serif;color:#111",
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

/** Rejects with `signal`'s reason when it aborts first. */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error as Error);
      },
    );
  });
}

/** A short reason for the outbox's last_error (the SMTP reply, which names no visitor data). */
function describe(error: unknown): string {
  const err = error as Error & { code?: string; responseCode?: number; response?: string };
  const reply = err.response ? headerText(err.response, 200) : "";
  return [err.code, err.responseCode, reply || err.message].filter(Boolean).join(" ");
}

/** What nodemailer is asked to send for one notification. */
export function mailOptions(
  lead: LeadRecord,
  notificationId: string,
  settings: Pick<EmailSettings, "from" | "to">,
): SendMailOptions {
  const message = leadEmail(lead, notificationId, settings.from);
  return {
    from: settings.from,
    to: [...settings.to],
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    messageId: message.messageId,
    headers: { "X-Lead-Id": lead.id, "X-Lead-Kind": lead.kind },
  };
}

/** An SMTP connection (nodemailer) whose sends stop on abort or after the configured timeout. */
export interface SmtpSender {
  /** Resolves when the server accepted the message; rejects with a short reason otherwise. */
  send(options: SendMailOptions, signal?: AbortSignal): Promise<void>;
  close(): void;
}

export function smtpSender(settings: Pick<EmailSettings, "smtpUrl" | "timeoutMs">): SmtpSender {
  const t = settings.timeoutMs;
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: t,
    greetingTimeout: t,
    socketTimeout: t,
    dnsTimeout: t,
  });
  return {
    async send(options, signal) {
      const timeout = AbortSignal.timeout(t);
      try {
        await abortable(
          transport.sendMail(options),
          signal ? AbortSignal.any([signal, timeout]) : timeout,
        );
      } catch (error) {
        const reason = timeout.aborted ? "no answer in time (timeout)" : describe(error);
        throw new Error(`email: ${reason}`, { cause: error });
      }
    },
    close: () => transport.close(),
  };
}

/** What one outbox email says; its sender, Message-ID and lead header are the channel's. */
export interface ComposedEmail {
  to: string | readonly string[];
  subject: string;
  text: string;
  html?: string;
}

/**
 * An outbox channel that sends one email per row: `compose` says what, or null when there is
 * nothing to send (the row is done, not retried). Every such channel (checklist, website check,
 * reminder, follow-up) sends from EMAIL_FROM with the row's id as Message-ID, so a row sent again
 * after a crash is recognised as the same message, and the lead's id in a header.
 */
export function composedEmailDeliverer(
  settings: EmailSettings,
  compose: (notification: ClaimedNotification) => Promise<ComposedEmail | null>,
): Deliverer {
  const smtp = smtpSender(settings);
  return {
    async deliver(notification, signal) {
      const message = await compose(notification);
      if (!message) return;
      const { row, lead } = notification;
      await smtp.send(
        {
          from: settings.from,
          to: typeof message.to === "string" ? message.to : [...message.to],
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: `<${row.id}@${domainOf(settings.from)}>`,
          headers: { "X-Lead-Id": lead.id },
        },
        signal,
      );
    },
    close: () => smtp.close(),
  };
}

export function emailDeliverer(settings: EmailSettings): Deliverer {
  const smtp = smtpSender(settings);
  return {
    deliver: ({ row, lead }, signal) => smtp.send(mailOptions(lead, row.id, settings), signal),
    close: () => smtp.close(),
  };
}
