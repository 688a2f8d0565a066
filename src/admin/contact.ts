/**
 * The ways to reach a lead, as links for the top of its page: the phone as people read it
 * (national format for domestic numbers, src/leads/phone.ts) with a `tel:` and an `sms:` link,
 * the email as `mailto:`, the website as a link of its own. Each is read again from the stored
 * value and offered only when it is a phone number, a plain address or an http(s) website, so an
 * old or odd row never becomes a `javascript:` link.
 */
import { isPlainEmail } from "../leads/notify/email.ts";
import { formatPhone, normalisePhone } from "../leads/phone.ts";
import { normaliseWebsite } from "../leads/schema.ts";

export interface ContactLinks {
  phone: { shown: string; tel: string; sms: string } | null;
  email: { shown: string; href: string } | null;
  website: { shown: string; href: string } | null;
}

export function contactLinks(fields: Record<string, string | undefined>): ContactLinks {
  // Stored in E.164, an extension after ";ext=" (src/leads/phone.ts); older rows as typed.
  const [number = "", ext] = (fields.phone ?? "").split(";ext=");
  const e164 = normalisePhone(number);
  const stored = e164 && ext && /^\d{1,10}$/.test(ext) ? `${e164};ext=${ext}` : e164;
  const email = fields.email?.trim();
  const website = fields.website ? normaliseWebsite(fields.website) : null;
  // normaliseWebsite returns only addresses URL parses.
  const site = website ? new URL(website) : null;
  return {
    phone: stored
      ? {
          shown: formatPhone(stored),
          // RFC 3966 keeps the extension (";ext=12"); a text message goes to the number alone.
          tel: `tel:${stored}`,
          sms: `sms:${stored.split(";")[0]}`,
        }
      : null,
    email: isPlainEmail(email)
      ? {
          shown: email,
          href: `mailto:${encodeURIComponent(email.slice(0, email.lastIndexOf("@")))}@${email.slice(email.lastIndexOf("@") + 1)}`,
        }
      : null,
    website: site
      ? {
          shown: `${site.host}${site.pathname === "/" ? "" : site.pathname}`,
          href: site.href,
        }
      : null,
  };
}
