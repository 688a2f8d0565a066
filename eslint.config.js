import js from "@eslint/js";
import tseslint from "typescript-eslint";
import astro from "eslint-plugin-astro";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import regexp from "eslint-plugin-regexp";

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "dist-*/",
      ".astro/",
      "node_modules/",
      "coverage/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // Regular expressions run on text strangers choose (form fields, the pages the website check
  // reads): none may backtrack super-linearly (issue 36).
  {
    files: ["**/*.{js,mjs,ts,tsx,astro}"],
    plugins: { regexp },
    rules: {
      "regexp/no-super-linear-backtracking": "error",
    },
  },
  // The website check's code reads whole pages: no pattern there may even move super-linearly.
  {
    files: ["src/audit/**"],
    rules: { "regexp/no-super-linear-move": "error" },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "no-console": "off",
    },
  },
  // Folders that mean what they say (docs/architecture.md, "Zones"): src/lib/ builds the data
  // the components show, so a component may import from src/lib/ and never the other way round.
  {
    files: ["src/lib/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "../components/**",
                "../../components/**",
                "~/components/**",
                "**/src/components/**",
              ],
              message:
                "src/lib/ may not import from src/components/: put the type with the data it describes in src/lib/ (docs/architecture.md, Zones).",
            },
          ],
        },
      ],
    },
  },
  // The lead domain is the core: src/admin/ and src/analytics/ use it, it uses neither (issue 25;
  // what admin work runs inside the lead service is handed to it by src/server/root.ts).
  {
    files: ["src/leads/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "../admin/**",
                "../../admin/**",
                "../../../admin/**",
                "~/admin/**",
                "**/src/admin/**",
                "../analytics/**",
                "../../analytics/**",
                "../../../analytics/**",
                "~/analytics/**",
                "**/src/analytics/**",
                "../audit/**",
                "../../audit/**",
                "../../../audit/**",
                "~/audit/**",
                "**/src/audit/**",
              ],
              message:
                "src/leads/ may not import from src/admin/, src/analytics/ or src/audit/: they use the lead domain, not the other way round; register their work from src/server/root.ts (docs/architecture.md, Zones).",
            },
          ],
        },
      ],
    },
  },
  // Pages and the middleware get the process's services from the composition root through
  // Astro.locals.services (src/server/root.ts), never by building or fetching their own (issue 25).
  {
    files: ["src/pages/**", "src/middleware.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/leads/server", "**/leads/server.ts"],
              importNames: ["leadService"],
              message:
                "Use Astro.locals.services.leads (src/server/root.ts) instead of leadService() (docs/architecture.md).",
            },
            {
              group: ["**/admin/service", "**/admin/service.ts"],
              importNames: ["adminStore", "signInThrottle"],
              message:
                "Use Astro.locals.services.admin() / .signInThrottle() (src/server/root.ts) (docs/architecture.md).",
            },
            {
              group: ["**/analytics/service", "**/analytics/service.ts"],
              importNames: ["analytics"],
              message:
                "Use Astro.locals.services.analytics (src/server/root.ts) (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
);
