/** A link drawn as a button, alone on its line (the text part writes "label: address"). */
export function EmailButton({ href, label }: { href: string; label: string }) {
  return (
    <p>
      <a
        href={href}
        style={{
          display: "inline-block",
          padding: "10px 16px",
          borderRadius: "8px",
          background: "#14532d",
          color: "#fff",
          fontWeight: 600,
          textDecoration: "none",
        }}
      >
        {label}
      </a>
    </p>
  );
}
