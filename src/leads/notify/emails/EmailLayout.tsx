import type { ReactNode } from "react";

interface Props {
  /** The document's title (the subject). */
  title: string;
  children: ReactNode;
}

/**
 * The document every email of the site is: one column, the system font, inline styles only (mail
 * clients drop style sheets). No layout tables: the text part reads tables as label/value rows.
 */
export function EmailLayout({ title, children }: Props) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>{title}</title>
      </head>
      <body style={{ fontFamily: "system-ui,sans-serif", color: "#111", lineHeight: 1.5 }}>
        <div style={{ maxWidth: "640px" }}>{children}</div>
      </body>
    </html>
  );
}
