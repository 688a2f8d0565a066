/** A line of text and, on the next line, the address it points to, written out as the link. */
export function EmailLink({ text, href }: { text: string; href: string }) {
  return (
    <p>
      {text}
      <br />
      <a href={href}>{href}</a>
    </p>
  );
}
