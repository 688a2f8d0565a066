import { EmailButton } from "./EmailButton";
import { EmailLayout } from "./EmailLayout";
import { EmailRows, type EmailRow } from "./EmailRows";

interface Props {
  subject: string;
  heading: string;
  link: { label: string; href: string };
  sections: readonly { title: string; rows: readonly EmailRow[] }[];
}

/**
 * The agency's notice of a new lead (src/leads/notify/notice.ts): what it is, the link straight
 * to it in the inbox, then every field and where it came from.
 */
export function LeadNoticeEmail({ subject, heading, link, sections }: Props) {
  return (
    <EmailLayout title={subject}>
      <h1 style={{ fontSize: "18px" }}>{heading}</h1>
      <EmailButton href={link.href} label={link.label} />
      {sections.map((s) => (
        <EmailRows key={s.title} title={s.title} rows={s.rows} />
      ))}
    </EmailLayout>
  );
}
