/**
 * A result that stands out: the line that introduces it, then the result large and bold on the
 * next line, with an optional remark after it on the same line (the text part keeps both lines).
 */
export function EmailScore({
  intro,
  result,
  remark,
}: {
  intro: string;
  result: string;
  remark?: string | null | undefined;
}) {
  return (
    <p>
      {intro}
      <br />
      <strong style={{ fontSize: "20px" }}>{result}</strong>
      {remark && ` ${remark}`}
    </p>
  );
}
