/** Registers the `client:interaction` directive (src/directives/interaction.ts). */
import type { AstroIntegration } from "astro";
import { fileURLToPath } from "node:url";

export default function interactionDirective(): AstroIntegration {
  return {
    name: "client-interaction",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({
          name: "interaction",
          entrypoint: fileURLToPath(new URL("../src/directives/interaction.ts", import.meta.url)),
        });
      },
    },
  };
}
