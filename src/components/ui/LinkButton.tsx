import type { ReactNode } from "react";

export const buttonStyles = {
  primary: "bg-accent-400 text-brand-950 hover:bg-accent-300 shadow-sm",
  secondary: "bg-brand-700 text-white hover:bg-brand-800",
  outline: "border-2 border-current hover:bg-white/10",
} as const;

export const buttonBase =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-3 text-base font-semibold transition-colors";

interface Props {
  href: string;
  children: ReactNode;
  variant?: keyof typeof buttonStyles;
  className?: string;
}

export function LinkButton({ href, children, variant = "primary", className = "" }: Props) {
  return (
    <a href={href} className={`${buttonBase} ${buttonStyles[variant]} ${className}`}>
      {children}
    </a>
  );
}
