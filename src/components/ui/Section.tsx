import type { ReactNode } from "react";
import { Container } from "./Container";

const tones = {
  white: "bg-white text-ink",
  tint: "bg-brand-50 text-ink",
  dark: "bg-brand-950 text-white",
} as const;

interface Props {
  id?: string;
  tone?: keyof typeof tones;
  labelledBy?: string;
  children: ReactNode;
  className?: string;
}

/** One wrapper for every page section, so spacing stays consistent. */
export function Section({ id, tone = "white", labelledBy, children, className = "" }: Props) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      className={`py-16 sm:py-20 ${tones[tone]} ${className}`}
    >
      <Container>{children}</Container>
    </section>
  );
}
