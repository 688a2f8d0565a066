import { Icon } from "./Icon";
import { buttonBase, buttonStyles } from "./LinkButton";

interface Props {
  /** A URL from the site config, never typed into content. */
  href: string;
  label: string;
  /** Said to screen readers after the label: "(opens in a new tab)". */
  note: string;
  variant?: keyof typeof buttonStyles;
}

/** A button-styled link to another website, opened in a new tab without access to this page. */
export function ExternalLink({ href, label, note, variant = "outline" }: Props) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`${buttonBase} ${buttonStyles[variant]}`}
    >
      {label}
      <span className="sr-only"> {note}</span>
      <Icon name="external-link" className="size-5" />
    </a>
  );
}
