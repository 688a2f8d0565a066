/**
 * Email over SMTP_URL (nodemailer), from LEAD_EMAIL_FROM: the settings, the connection, the outbox
 * channel that sends one composed email per row, and the helpers every email uses to keep input
 * out of its headers (single-line subject, plain addresses only, names that cannot read as a
 * header). What the emails say is rendered with React elsewhere: the lead notice in ./notice.ts,
 * the others by their channels, through ./render.ts. This module loads no TSX (the command line
 * imports it for the SMTP connection), so the channel imports the renderer when it first sends.
 */
import nodemailer from "nodemailer";
import type { SendMailOptions } from "nodemailer";
import type { NoticeContent } from "./emails/NoticeEmail.tsx";
import { leadName } from "../source.ts";
import type { ClaimedNotification, LeadRecord } from "../store/types.ts";
import { truncate } from "../text.ts";
import type { Deliverer } from "./types.ts";

export interface EmailSettings {
  smtpUrl: string;
  to: readonly string[];
  from: string;
  timeoutMs: number;
  /** The site's origin (SITE_URL): where every link the emails carry points. */
  origin: string;
}

export interface LeadEmail {
  subject: string;
  text: string;
  html: string;
  /** The visitor's address, when it is a plain valid one. */
  replyTo: { name: string; address: string } | null;
  messageId: string;
}

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

/** One line for a header: control characters and line separators become spaces. */
export function headerText(value: string, max = 150): string {
  const line = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Body text: line breaks kept (as \n), other control characters dropped. */
export function bodyText(value: string): string {
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
export function spamNote(lead: LeadRecord): string | null {
  if (!lead.spam) return null;
  const reasons = lead.metadata.spamReasons ?? [];
  const why = reasons.length ? ` (${reasons.map((r) => r.replace(/_/g, " ")).join(", ")})` : "";
  return `Possible spam${why}`;
}

export function domainOf(address: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(address);
  return match?.[1] ?? "leads.invalid";
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

/** The lead's page in the inbox. */
export const leadLink = (lead: Pick<LeadRecord, "id">, origin: string): string =>
  `${origin}/admin/leads/${encodeURIComponent(lead.id)}`;

/**
 * What one outbox email says; its sender, Message-ID and lead header are the channel's. Either
 * its two parts already rendered, or a notice's content for ./emails/NoticeEmail.tsx.
 */
export type ComposedEmail = { to: string | readonly string[]; subject: string } & (
  { text: string; html?: string } | { notice: NoticeContent }
);

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
      const parts =
        "notice" in message
          ? (await import("./render.ts")).renderNotice(message.notice)
          : { text: message.text, html: message.html };
      await smtp.send(
        {
          from: settings.from,
          to: typeof message.to === "string" ? message.to : [...message.to],
          subject: message.subject,
          text: parts.text,
          html: parts.html,
          messageId: `<${row.id}@${domainOf(settings.from)}>`,
          headers: { "X-Lead-Id": lead.id },
        },
        signal,
      );
    },
    close: () => smtp.close(),
  };
}
