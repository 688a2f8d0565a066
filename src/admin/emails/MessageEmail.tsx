import { EmailLayout } from "../../leads/notify/emails/EmailLayout.tsx";
import { EmailParagraphs } from "../../leads/notify/emails/EmailLines.tsx";

interface Props {
  subject: string;
  /** The message as staff wrote it (plain text: paragraphs split by an empty line). */
  body: string;
  /** The agency's line under the message: its name, phone and site, from the site config. */
  footer: string;
}

/** An email staff write to a lead from its page: their words, then the agency's line. */
export function MessageEmail({ subject, body, footer }: Props) {
  return (
    <EmailLayout title={subject}>
      <EmailParagraphs text={body} />
      <p
        style={{ color: "#555", fontSize: "13px", borderTop: "1px solid #ddd", paddingTop: "8px" }}
      >
        {footer}
      </p>
    </EmailLayout>
  );
}
