import { Fragment } from "react";

/** Text with its line breaks kept: each line a text node, `<br>` between them (escaped by React). */
export function EmailLines({ text }: { text: string }) {
  const lines = text.split("\n");
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </>
  );
}

/** Paragraphs of typed text: an empty line starts a new one, a single line break stays one. */
export function EmailParagraphs({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((p, i) => (
        <p key={i}>
          <EmailLines text={p} />
        </p>
      ))}
    </>
  );
}
