import type { ContactLinks } from "../../admin/contact";

interface Props {
  links: ContactLinks;
  /** The outcomes 'Log a call' offers, in order: the form's value and its label. */
  outcomes: { value: string; label: string }[];
  copy: {
    contact: string;
    noContact: string;
    callPhone: (phone: string) => string;
    textPhone: string;
    textPhoneName: (phone: string) => string;
    email: string;
    emailTo: (email: string) => string;
    websiteShort: string;
    website: (host: string) => string;
    newTab: string;
    callLegend: string;
  };
}

const shape =
  "inline-flex min-h-11 min-w-0 items-center justify-center rounded-lg py-2 text-center font-semibold";
const quiet = "text-brand-900 ring-1 ring-slate-300 hover:bg-slate-100";
const primary = `${shape} px-3 bg-brand-800 text-white hover:bg-brand-900`;
const secondary = `${shape} px-3 ${quiet}`;
/** Four to a row on a phone: narrow sides, so 'Left voicemail' wraps inside its button. */
const outcome = `${shape} px-1 sm:px-3 ${quiet}`;

/**
 * The top of a lead's page: one tap to call, text, email or open the website, and 'Log a call'
 * with how it went (one submit button per outcome: a plain post, answered 303).
 */
export function LeadContact({ links, outcomes, copy }: Props) {
  const { phone, email, website } = links;
  return (
    <section aria-labelledby="contact-title" data-contact>
      <h2 id="contact-title" className="text-lg font-bold">
        {copy.contact}
      </h2>
      {phone || email || website ? (
        <ul className="mt-3 grid grid-cols-6 gap-2 sm:flex sm:flex-wrap">
          {phone && (
            <>
              <li className="col-span-4">
                <a href={phone.tel} className={`${primary} w-full whitespace-nowrap`}>
                  {copy.callPhone(phone.shown)}
                </a>
              </li>
              <li className="col-span-2">
                <a
                  href={phone.sms}
                  className={`${secondary} w-full`}
                  aria-label={copy.textPhoneName(phone.shown)}
                >
                  {copy.textPhone}
                </a>
              </li>
            </>
          )}
          {email && (
            <li className={`min-w-0 ${website ? "col-span-3" : "col-span-6"}`}>
              <a
                href={email.href}
                className={`${secondary} w-full`}
                aria-label={copy.emailTo(email.shown)}
              >
                {/* A phone shows the word; the address is in the fields below. */}
                <span className="truncate">
                  {copy.email}
                  <span className="hidden sm:inline"> {email.shown}</span>
                </span>
              </a>
            </li>
          )}
          {website && (
            <li className={`min-w-0 ${email ? "col-span-3" : "col-span-6"}`}>
              <a
                href={website.href}
                target="_blank"
                rel="noopener noreferrer"
                className={`${secondary} w-full`}
                aria-label={`${copy.website(website.shown)} ${copy.newTab}`}
              >
                <span className="truncate">
                  {copy.websiteShort}
                  <span className="hidden sm:inline"> {website.shown}</span>
                </span>
              </a>
            </li>
          )}
        </ul>
      ) : (
        <p className="mt-3 text-slate-700">{copy.noContact}</p>
      )}
      <form method="post" className="mt-3" data-call-form>
        <input type="hidden" name="action" value="call" />
        <fieldset>
          <legend className="font-semibold">{copy.callLegend}</legend>
          <div className="mt-2 grid grid-cols-4 gap-2 text-sm sm:flex sm:flex-wrap sm:text-base">
            {outcomes.map((o) => (
              <button
                key={o.value}
                type="submit"
                name="outcome"
                value={o.value}
                className={outcome}
              >
                {o.label}
              </button>
            ))}
          </div>
        </fieldset>
      </form>
    </section>
  );
}
