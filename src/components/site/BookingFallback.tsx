import type { BookingCopy } from "../../schemas/conversion";
import { ExternalLink } from "../ui/ExternalLink";
import { Icon } from "../ui/Icon";
import { CallLine } from "./CallLine";

interface Props {
  copy: BookingCopy["fallback"];
  /** The provider's booking page (site.scheduling.url). */
  url: string;
  /** E.164 phone from the config. */
  phone: string;
}

/**
 * What stands in for the scheduling widget when it is not there (no JavaScript, before hydration,
 * blocked or failed): a plain link to the booking page and the phone number. Rendered on the
 * server and handed to the BookingEmbed island as a slot, so the island ships none of it.
 */
export function BookingFallback({ copy, url, phone }: Props) {
  return (
    <>
      <span className="grid size-16 place-items-center rounded-full bg-brand-100 text-brand-800">
        <Icon name="calendar" className="size-8" />
      </span>
      <h3 className="text-2xl font-bold text-balance">{copy.heading}</h3>
      <p className="max-w-prose text-pretty text-slate-700">{copy.text}</p>
      <ExternalLink href={url} label={copy.link} note={copy.newTab} variant="secondary" />
      <CallLine label={copy.call} phone={phone} className="justify-center" />
    </>
  );
}
