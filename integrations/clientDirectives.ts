/**
 * Registers our client directives: `client:interaction` (src/directives/interaction.ts) and
 * `client:afterpaint` (src/directives/afterpaint.ts).
 */
import type { AstroIntegration } from "astro";
import { fileURLToPath } from "node:url";

const directive = (file: string) =>
  fileURLToPath(new URL(`../src/directives/${file}`, import.meta.url));

export default function clientDirectives(): AstroIntegration {
  return {
    name: "client-directives",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({ name: "interaction", entrypoint: directive("interaction.ts") });
        addClientDirective({ name: "afterpaint", entrypoint: directive("afterpaint.ts") });
      },
    },
  };
}
