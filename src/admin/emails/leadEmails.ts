/**
 * Email a lead from its page (issue 27; decisions D185, D186): staff pick a template (the one for
 * the lead's form preselected), edit its subject and message, and send. The email goes to the
 * lead's address From the agency's sender (LEAD_EMAIL_FROM) with the staff member's address as
 * Reply-To, through the outbox (channel 'lead-email'), so it is retried like every notification.
 *
 * - Stored on the lead's timeline (kind 'email') with who, when, the message as sent and its
 *   delivery state: queued, then sent (when the outbox delivered it) or not delivered (the
 *   outbox gave up; the Deliveries box's Retry tries again).
 * - It is the lead's first contact when it had none (speed to lead; the reminder is not sent),
 *   and leaves the status alone (D186).
 * - Nothing is stored without SMTP (422), for a lead without a plain valid address (422), or for
 *   a subject or message that is empty, too long or unreadable (422). Audited as `lead_email`.
 * - Templates: defaults are data (./defaults.ts), staff edits are stored; placeholders such as
 *   {firstName} are filled when the page offers the template, so staff see and can change the
 *   very words that are sent. The website check's {score}, {grade}, {reportUrl} (a fresh signed
 *   link, 30 days) and {topFixes} come from the lead's newest scored check; without one they
 *   stay as typed, for staff to fill in. Values are plain text (the email is rendered by React).
 */
import { createElement } from "react";
import type { AuditJob } from "../../audit/store/types.ts";
import { fixLines } from "../../audit/summary.ts";
import { auditLinks } from "../../audit/token.ts";
import { site } from "../../config/site.ts";
import { newLeadId } from "../../server/id.ts";
import {
  domainOf,
  headerText,
  isPlainEmail,
  smtpSender,
  type EmailSettings,
} from "../../leads/notify/email.ts";
import { renderEmail, type RenderedEmail } from "../../leads/notify/render.ts";
import { MessageEmail } from "./MessageEmail.tsx";
import type { Deliverer } from "../../leads/notify/types.ts";
import { CONTROL_MULTI_LINE } from "../../leads/schema.ts";
import { leadName } from "../../leads/source.ts";
import type { LeadRecord, LeadStore, OutboxRow } from "../../leads/store/types.ts";
import { isWellFormed } from "../../leads/text.ts";
import { formatPhone } from "../../lib/format.ts";
import { formatAgencyTime } from "../../lib/formatAgencyTime.ts";
import { audit } from "../accounts.ts";
import type { WorkResult } from "../pipeline.ts";
import { adminMessages } from "../messages.ts";
import { adminStoreFor } from "../store/index.ts";
import type { AdminStore, StaffRecord } from "../store/types.ts";
import { templateDefaults, templateForForm, templateIds, type TemplateId } from "./defaults.ts";
import { emailMessages } from "./messages.ts";
import { agencyZone } from "../../lib/agencyZone.ts";

export const SUBJECT_MAX = 150;
export const BODY_MAX = 5000;
const GIVE_UP_MS = 24 * 60 * 60_000;

export const placeholderNames = Object.keys(
  emailMessages.placeholders,
) as (keyof typeof emailMessages.placeholders)[];
type Placeholder = (typeof placeholderNames)[number];

export const isTemplateId = (value: unknown): value is TemplateId =>
  typeof value === "string" && (templateIds as readonly string[]).includes(value);

/** The template a lead of `form` starts from. */
export const templateFor = (form: string): TemplateId => templateForForm[form] ?? "general";

/** An email as the timeline keeps it (a 'email' event's JSON body). */
export interface SentEmail {
  template: string;
  to: string;
  replyTo: string;
  subject: string;
  body: string;
  state: "queued" | "sent" | "failed";
  sentAt?: string;
  error?: string;
}

export function readSentEmail(body: string): SentEmail | null {
  try {
    const value = JSON.parse(body) as Partial<SentEmail>;
    if (typeof value.subject !== "string" || typeof value.body !== "string") return null;
    return {
      template: String(value.template ?? ""),
      to: String(value.to ?? ""),
      replyTo: String(value.replyTo ?? ""),
      subject: value.subject,
      body: value.body,
      state: value.state === "sent" || value.state === "failed" ? value.state : "queued",
      ...(typeof value.sentAt === "string" ? { sentAt: value.sentAt } : {}),
      ...(typeof value.error === "string" ? { error: value.error } : {}),
    };
  } catch {
    return null;
  }
}

type Checked = { ok: true; subject: string; body: string } | { ok: false; message: string };

/** Reads a subject and a message (a template's or an email's); a message when one is wrong. */
export function readEmailText(input: { subject: unknown; body: unknown }): Checked {
  const e = emailMessages.errors;
  const subject = typeof input.subject === "string" ? input.subject.trim() : "";
  const body =
    typeof input.body === "string"
      ? input.body
          .replace(/\r\n?/g, "\n")
          .replace(/[ \t]+$/gm, "")
          .trim()
      : "";
  if (!subject) return { ok: false, message: e.noSubject };
  if ([...subject].length > SUBJECT_MAX)
    return { ok: false, message: e.subjectTooLong(SUBJECT_MAX) };
  // eslint-disable-next-line no-control-regex -- a header line: no control character at all
  if (/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/.test(subject) || !isWellFormed(subject)) {
    return { ok: false, message: e.subjectLine };
  }
  if (!body) return { ok: false, message: e.noBody };
  if ([...body].length > BODY_MAX) return { ok: false, message: e.bodyTooLong(BODY_MAX) };
  if (CONTROL_MULTI_LINE.test(body) || !isWellFormed(body)) {
    return { ok: false, message: e.unreadable };
  }
  return { ok: true, subject, body };
}

/** The placeholders a text uses that do not exist. */
export function unknownPlaceholders(text: string): string[] {
  const names = [...text.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]!);
  return [...new Set(names.filter((n) => !(placeholderNames as string[]).includes(n)))];
}

/** The lead's website check, for {score}, {grade}, {reportUrl} and {topFixes}. */
export interface CheckForEmail {
  /** The lead's checks, newest first (the audit store's `forLead`). */
  checks: readonly Pick<AuditJob, "id" | "status" | "report">[];
  /** The report links' key (IP_HASH_SALT) and the site's origin (SITE_URL). */
  secret: string;
  origin: string;
  now?: Date;
}

/** The check placeholders' values from the newest scored check; none without one. */
export function checkPlaceholderValues(
  check: CheckForEmail | undefined,
): Partial<Record<"score" | "grade" | "reportUrl" | "topFixes", string>> {
  const job = check?.checks.find(
    (j) => j.status === "done" && j.report?.outcome === "ok" && j.report.score !== undefined,
  );
  const report = job?.report;
  if (!check || !job || !report || report.score === undefined) return {};
  const now = check.now ?? new Date();
  return {
    score: String(report.score),
    ...(report.grade ? { grade: report.grade } : {}),
    reportUrl: `${check.origin}${auditLinks(job.id, check.secret, now.getTime()).report}`,
    topFixes: fixLines(report)
      .map((line, i) => `${i + 1}. ${line}`)
      .join("\n"),
  };
}

/** What each placeholder says for this lead and this member of staff (check ones: if known). */
export function placeholderValues(
  lead: Pick<LeadRecord, "fields">,
  staff: Pick<StaffRecord, "email">,
  check?: CheckForEmail,
): Partial<Record<Placeholder, string>> {
  const f = lead.fields;
  const full = leadName(f).trim();
  return {
    firstName: full.split(/\s+/)[0] || emailMessages.noFirstName,
    fullName: full,
    company: (f.company ?? f.companyName ?? "").trim(),
    website: (f.website ?? "").trim() || emailMessages.noWebsite,
    agencyName: site.name,
    agencyPhone: formatPhone(site.phone),
    agencyEmail: site.email,
    bookingUrl: site.scheduling.url,
    staffEmail: staff.email,
    ...checkPlaceholderValues(check),
  };
}

/**
 * A template's text with its placeholders filled in (an unknown one, or one with no value for
 * this lead, is left as written).
 */
export function fillPlaceholders(text: string, values: Partial<Record<string, string>>): string {
  return text.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) && values[name] !== undefined ? values[name] : whole,
  );
}

/** Every template as staff see it now: its edit, else its default. */
export async function currentTemplates(store: AdminStore) {
  const edits = new Map((await store.emailTemplateEdits()).map((e) => [e.id, e]));
  return templateIds.map((id) => {
    const base = templateDefaults[id];
    const edit = edits.get(id);
    return {
      id,
      name: base.name,
      purpose: base.purpose,
      subject: edit?.subject ?? base.subject,
      body: edit?.body ?? base.body,
      edit: edit ?? null,
    };
  });
}

/** The two parts of an email to a lead (./MessageEmail.tsx). */
export function renderLeadEmail(email: Pick<SentEmail, "subject" | "body">): RenderedEmail {
  return renderEmail(
    createElement(MessageEmail, {
      subject: email.subject,
      body: email.body,
      footer: emailMessages.footer(site.name, formatPhone(site.phone), site.url),
    }),
  );
}

/** What the lead page's email form posted, as text (cut long, so a refusal can show it again). */
export function emailDraftOf(form: FormData): { template: string; subject: string; body: string } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, BODY_MAX * 2) : "";
  };
  return { template: text("template"), subject: text("subject"), body: text("body") };
}

/**
 * Queues the email staff wrote to the lead (the page's 'email' post), or says what stops it.
 * `settings` is the SMTP configuration (null: none).
 */
export async function sendLeadEmail(
  store: AdminStore,
  lead: LeadRecord,
  input: { template: unknown; subject: unknown; body: unknown },
  actor: StaffRecord,
  settings: EmailSettings | null,
  now: Date = new Date(),
): Promise<WorkResult> {
  const copy = emailMessages;
  if (!settings) return { ok: false, status: 422, message: copy.panel.noSmtp };
  const to = lead.fields.email?.trim();
  if (!isPlainEmail(to)) return { ok: false, status: 422, message: copy.panel.noAddress };
  if (!isTemplateId(input.template)) {
    return { ok: false, status: 422, message: copy.errors.badTemplate };
  }
  const read = readEmailText(input);
  if (!read.ok) return { ok: false, status: 422, message: read.message };
  const email: SentEmail = {
    template: input.template,
    to,
    replyTo: isPlainEmail(actor.email) ? actor.email : "",
    subject: read.subject,
    body: read.body,
    state: "queued",
  };
  const at = now.toISOString();
  const queued = await store.queueLeadEmail({
    leadId: lead.id,
    eventId: newLeadId(now.getTime()),
    actorId: actor.id,
    at,
    body: JSON.stringify(email),
    outboxId: newLeadId(now.getTime()),
    giveUpAt: new Date(now.getTime() + GIVE_UP_MS).toISOString(),
    fail: (body) => {
      const old = readSentEmail(body);
      return old?.state === "queued" ? JSON.stringify({ ...old, state: "failed" }) : body;
    },
  });
  if (!queued) return { ok: false, status: 404, message: adminMessages.lead.missing };
  await audit(
    store,
    "lead_email",
    { actorId: actor.id, subject: lead.id, detail: { template: input.template } },
    now,
  );
  return { ok: true };
}

/**
 * The outbox's 'lead-email' channel: sends every email of the lead still queued, oldest first,
 * each with its event's id as Message-ID (a retry after an unclear failure is the same message),
 * and marks each sent as soon as the server took it. A failure leaves the rest queued: the
 * outbox tries the row again, and gives up after a day.
 */
export function leadEmailDeliverer(
  settings: EmailSettings,
  leads: () => Promise<LeadStore>,
): Deliverer {
  const smtp = smtpSender(settings);
  return {
    async deliver({ lead }, signal) {
      const store = adminStoreFor(await leads());
      for (const event of await store.leadEmailEvents(lead.id)) {
        const email = readSentEmail(event.body);
        if (!email || email.state !== "queued" || !isPlainEmail(email.to)) continue;
        const parts = renderLeadEmail(email);
        await smtp.send(
          {
            from: settings.from,
            to: email.to,
            ...(email.replyTo ? { replyTo: email.replyTo } : {}),
            subject: headerText(email.subject, 200),
            text: parts.text,
            html: parts.html,
            messageId: `<${event.id}@${domainOf(settings.from)}>`,
            headers: { "X-Lead-Id": lead.id },
          },
          signal,
        );
        const sent: SentEmail = { ...email, state: "sent", sentAt: new Date().toISOString() };
        await store.setLeadEmailBody(event.id, JSON.stringify(sent));
      }
    },
    close: () => smtp.close(),
  };
}

/**
 * The timeline's words for each email event of the lead (by event id): the subject, to whom and
 * where replies go, the delivery state (read with the lead's 'lead-email' outbox row: a queued
 * email whose row was given up is not delivered), and the message.
 */
export function emailTimeline(
  events: readonly { id: string; kind: string; body: string }[],
  deliveries: readonly Pick<OutboxRow, "channel" | "status" | "attempts" | "lastError">[],
  timeZone: string = agencyZone(),
): Map<string, { text: string; detail: string; note: string; state: SentEmail["state"] }> {
  const t = emailMessages.timeline;
  const row = deliveries.find((d) => d.channel === "lead-email");
  const items = new Map<
    string,
    { text: string; detail: string; note: string; state: SentEmail["state"] }
  >();
  for (const event of events) {
    if (event.kind !== "email") continue;
    const email = readSentEmail(event.body);
    if (!email) {
      items.set(event.id, { text: t.text(""), detail: "", note: "", state: "queued" });
      continue;
    }
    const state = email.state === "queued" && row?.status === "failed" ? "failed" : email.state;
    const error = email.error ?? row?.lastError ?? "";
    const said =
      state === "sent"
        ? t.sent(email.sentAt ? formatAgencyTime(email.sentAt, timeZone) : "")
        : state === "failed"
          ? error
            ? t.failed(error)
            : t.failedNoReason
          : row && row.attempts > 0 && row.lastError
            ? t.retrying(row.lastError)
            : t.queued;
    items.set(event.id, {
      text: t.text(email.subject),
      detail: t.detail(email.to, email.replyTo, said),
      note: email.body,
      state,
    });
  }
  return items;
}

/**
 * What the lead page's email panel shows (src/components/admin/LeadEmail.tsx): the template
 * asked for (`?template=`), else the lead's form's, filled in; or, after a refused send, what
 * staff had written.
 */
export async function leadEmailPanel(
  store: AdminStore,
  lead: LeadRecord,
  staff: StaffRecord,
  options: {
    smtp: boolean;
    asked: string | null;
    draft?: { template: string; subject: string; body: string } | undefined;
    /** The lead's website checks, for the check placeholders. */
    check?: CheckForEmail | undefined;
  },
) {
  const copy = emailMessages.panel;
  const to = lead.fields.email?.trim();
  const templates = await currentTemplates(store);
  const chosen = isTemplateId(options.draft?.template)
    ? options.draft.template
    : isTemplateId(options.asked)
      ? options.asked
      : templateFor(lead.form);
  const template = templates.find((t) => t.id === chosen)!;
  const values = placeholderValues(lead, staff, options.check);
  return {
    copy,
    blocked: !isPlainEmail(to) ? copy.noAddress : !options.smtp ? copy.noSmtp : null,
    to: isPlainEmail(to) ? to : "",
    replyTo: staff.email,
    templates: templates.map((t) => ({ value: t.id, label: t.name })),
    template: chosen,
    subject: options.draft?.subject ?? fillPlaceholders(template.subject, values),
    body: options.draft?.body ?? fillPlaceholders(template.body, values),
    subjectMax: SUBJECT_MAX,
    bodyMax: BODY_MAX,
  };
}

/** Saves or restores a template (the templates page's posts). */
export async function templateAction(
  store: AdminStore,
  form: FormData,
  actor: StaffRecord,
  now: Date = new Date(),
): Promise<WorkResult> {
  const copy = emailMessages.templates;
  const id = form.get("template");
  if (!isTemplateId(id)) return { ok: false, status: 422, message: copy.unknown };
  if (form.get("action") === "reset") {
    await store.resetEmailTemplate(id);
    await audit(store, "email_template_reset", { actorId: actor.id, subject: id }, now);
    return { ok: true };
  }
  const read = readEmailText({ subject: form.get("subject"), body: form.get("body") });
  if (!read.ok) return { ok: false, status: 422, message: read.message };
  const unknown = unknownPlaceholders(`${read.subject}\n${read.body}`);
  if (unknown.length) {
    const known = placeholderNames.map((n) => `{${n}}`).join(", ");
    return { ok: false, status: 422, message: copy.unknownPlaceholder(unknown[0]!, known) };
  }
  await store.saveEmailTemplate({
    id,
    subject: read.subject,
    body: read.body,
    actorId: actor.id,
    at: now.toISOString(),
  });
  await audit(store, "email_template_saved", { actorId: actor.id, subject: id }, now);
  return { ok: true };
}
