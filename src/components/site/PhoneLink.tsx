import { formatPhone, phoneHref } from "../../lib/format";
import { Icon } from "../ui/Icon";

interface Props {
  /** The E.164 number from the site config. */
  phone: string;
  className?: string;
  label?: string;
  withIcon?: boolean;
  /** Extra classes for the icon (e.g. to drop it on the narrowest screens). */
  iconClassName?: string;
}

/** Builds both the visible number and the tel: link from the one config field. */
export function PhoneLink({
  phone,
  className = "",
  label,
  withIcon = false,
  iconClassName = "",
}: Props) {
  return (
    <a href={phoneHref(phone)} className={className} aria-label={label}>
      {withIcon && <Icon name="phone" className={`size-5 shrink-0 ${iconClassName}`} />}
      <span>{formatPhone(phone)}</span>
    </a>
  );
}
