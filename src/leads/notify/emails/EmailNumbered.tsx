/** A numbered list under its title (the text part numbers the items "1. ", one a line). */
export function EmailNumbered({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <>
      <p>{title}</p>
      <ol>
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ol>
    </>
  );
}
