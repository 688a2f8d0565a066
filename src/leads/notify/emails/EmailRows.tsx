import { EmailLines } from "./EmailLines";

/** A label and its value; with `href` (a tel: or https link) the value is that link. */
export type EmailRow = readonly [label: string, value: string, href?: string];

/** Label/value rows under an optional heading; an empty value shows as a dash. */
export function EmailRows({ title, rows }: { title?: string; rows: readonly EmailRow[] }) {
  return (
    <>
      {title && <h2 style={{ fontSize: "16px", margin: "20px 0 8px" }}>{title}</h2>}
      <table role="presentation" style={{ borderCollapse: "collapse", fontSize: "14px" }}>
        <tbody>
          {rows.map(([label, value, href], i) => (
            <tr key={i}>
              <th
                scope="row"
                style={{
                  textAlign: "left",
                  verticalAlign: "top",
                  padding: "4px 12px 4px 0",
                  whiteSpace: "nowrap",
                }}
              >
                {label}
              </th>
              <td style={{ padding: "4px 0" }}>
                {value && href ? (
                  <a href={href}>{value}</a>
                ) : value ? (
                  <EmailLines text={value} />
                ) : (
                  "—"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
