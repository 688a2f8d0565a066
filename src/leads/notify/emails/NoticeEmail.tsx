import { EmailButton } from "./EmailButton";
import { EmailLayout } from "./EmailLayout";
import { EmailParagraphs } from "./EmailLines";
import { EmailRows, type EmailRow } from "./EmailRows";

/** What a short notice says, all of it data from its caller's copy. */
export interface NoticeContent {
  /** The subject, also the document's title. */
  title: string;
  /** A heading above everything, if any. */
  heading?: string | undefined;
  /** Paragraphs before the rows (text; an empty line starts a new paragraph). */
  intro?: string | undefined;
  rows?: readonly EmailRow[] | undefined;
  link?: { label: string; href: string } | undefined;
  /** Paragraphs after the link. */
  outro?: string | undefined;
  /** Small print at the end. */
  footnote?: string | undefined;
}

/**
 * A notice: the reminder and the follow-up to staff, the checklist link to a visitor. Intro, the
 * facts as rows, one link as a button, then what to do next.
 */
export function NoticeEmail({ title, heading, intro, rows, link, outro, footnote }: NoticeContent) {
  return (
    <EmailLayout title={title}>
      {heading && <h1 style={{ fontSize: "18px" }}>{heading}</h1>}
      {intro && <EmailParagraphs text={intro} />}
      {rows && rows.length > 0 && <EmailRows rows={rows} />}
      {link && <EmailButton href={link.href} label={link.label} />}
      {outro && <EmailParagraphs text={outro} />}
      {footnote && <p style={{ color: "#555", fontSize: "13px" }}>{footnote}</p>}
    </EmailLayout>
  );
}
