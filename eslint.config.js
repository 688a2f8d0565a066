import js from "@eslint/js";
import tseslint from "typescript-eslint";
import astro from "eslint-plugin-astro";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import regexp from "eslint-plugin-regexp";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

// The layers of src/, bottom first (docs/architecture.md, Zones): config and schemas < lib <
// db, server (infrastructure; server may use db) < leads < analytics, audit < admin < the UI < the top. Each zone below
// forbids a layer every folder above it.
const TOP = ["src/pages", "src/middleware.ts", "src/app"];
const UI = ["src/components", "src/layouts", "src/scripts", "src/directives"];
const ABOVE_ADMIN = [...UI, ...TOP];
const ABOVE_LEADS = ["src/admin", "src/analytics", "src/audit", ...ABOVE_ADMIN];
const ABOVE_SERVER = ["src/leads", ...ABOVE_LEADS];
const ABOVE_LIB = ["src/server", "src/db", ...ABOVE_SERVER];

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
  // Layers (docs/architecture.md, "Zones"; issue 37, decision D220): import-x's
  // no-restricted-paths resolves every import (relative, `~/`, type-only, dynamic) to its file and
  // matches folders, not spellings, so a zone holds at any depth. The layers are the constants
  // above; scripts/cycles.mjs (`npm run lint`) also fails on any two folders importing each other.
  {
    files: ["src/**", "server/**"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: "./tsconfig.json",
          extensions: [".ts", ".tsx", ".d.ts", ".mts", ".mjs", ".js", ".astro", ".json"],
        }),
      ],
    },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: ["src", "server"],
              from: "integrations",
              message:
                "Run-time code never imports integrations/ (build-time only): share the code from src/server/ or src/lib/ (docs/architecture.md, Zones).",
            },
            {
              target: ["src/config", "src/schemas"],
              from: ["src/lib", ...ABOVE_LIB],
              message:
                "src/config/ and src/schemas/ are the bottom layer: they import only each other (docs/architecture.md, Zones).",
            },
            {
              target: "src/lib",
              from: ABOVE_LIB,
              message:
                "src/lib/ (the data pages show, and shared helpers) imports no feature, component or page: put the type with the data in src/lib/ (docs/architecture.md, Zones).",
            },
            {
              target: "src/server",
              from: ABOVE_SERVER,
              message:
                "src/server/ is infrastructure (driver, log, ids, client address): it imports no feature; wire features in src/app/root.ts (docs/architecture.md, Zones).",
            },
            {
              target: "src/db",
              from: ["src/server", ...ABOVE_SERVER],
              message:
                "src/db/ is infrastructure (the connection, the driver, the migrations, the outbox queue): it imports no feature and nothing of src/server/; a feature's SQL lives in its own store (docs/architecture.md, Zones).",
            },
            {
              target: "src/leads",
              from: ABOVE_LEADS,
              message:
                "src/leads/ is the core the others build on: it imports neither src/admin/, src/analytics/, src/audit/ nor src/components/; register their work from src/app/root.ts (docs/architecture.md, Zones).",
            },
            {
              target: "src/analytics",
              from: ["src/admin", "src/audit", ...ABOVE_ADMIN],
              message:
                "src/analytics/ builds on src/leads/ and imports neither src/admin/, src/audit/, components nor pages (docs/architecture.md, Zones).",
            },
            {
              target: "src/audit",
              from: ["src/admin", "src/analytics", ...ABOVE_ADMIN],
              message:
                "src/audit/ (the website check) builds on src/leads/ and imports neither src/admin/, src/analytics/, components nor pages (docs/architecture.md, Zones).",
            },
            {
              target: "src/admin",
              from: ABOVE_ADMIN,
              message:
                "src/admin/ (no Astro or React pages) imports no components, layouts, pages or the root (docs/architecture.md, Zones).",
            },
            {
              target: UI,
              from: TOP,
              message:
                "Components and layouts import no page, middleware or root: pages get services from Astro.locals.services (docs/architecture.md, Zones).",
            },
            {
              target: "src/pages",
              from: ["src/app", "src/middleware.ts"],
              message:
                "Pages get the services from Astro.locals.services, never from src/app/ (docs/architecture.md, Zones).",
            },
            {
              // Public pages: everything under src/pages/ but pages/admin/ and pages/api/admin/.
              target: [
                "src/pages/*.{astro,ts}",
                "src/pages/!(admin|api)/**",
                "src/pages/api/*.ts",
                "src/pages/api/!(admin)/**",
              ],
              from: ["src/admin", "src/components/admin", "src/layouts/AdminLayout.astro"],
              message:
                "A public page never imports the agency side (src/admin/, its components or layout) (docs/architecture.md, Zones).",
            },
          ],
        },
      ],
    },
  },
  // Pages and the middleware get the process's services from the composition root through
  // Astro.locals.services (src/app/root.ts), never by building their own (issues 25 and 37).
  {
    files: ["src/pages/**", "src/middleware.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/leads/server", "**/leads/server.ts"],
              importNames: ["createLeadService"],
              message:
                "Use Astro.locals.services.leads (src/app/root.ts) instead of building a lead service (docs/architecture.md).",
            },
            {
              group: ["**/admin/service", "**/admin/service.ts"],
              importNames: ["createAdminServices"],
              message:
                "Use Astro.locals.services.admin() / .signInThrottle() (src/app/root.ts) (docs/architecture.md).",
            },
            {
              group: ["**/analytics/service", "**/analytics/service.ts"],
              importNames: ["createAnalytics"],
              message:
                "Use Astro.locals.services.analytics (src/app/root.ts) (docs/architecture.md).",
            },
            {
              group: ["**/leads/metrics", "**/leads/metrics.ts"],
              importNames: ["createMetrics"],
              message:
                "Use Astro.locals.services.metrics (src/app/root.ts) (docs/architecture.md).",
            },
            {
              group: ["**/app/config", "**/app/config.ts", "**/*/config", "**/*/config.ts"],
              importNames: ["loadConfig"],
              message:
                "Use Astro.locals.services.config (src/app/root.ts): the configuration is read once (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  // Configuration is read once, by the configuration modules (a file named config.ts, or under
  // src/config/), which src/app/config.ts `loadConfig` calls for the root and the CLIs (issue
  // 37, decision D222): every other file of src/ gets its settings as arguments, from the root
  // or Astro.locals.services.config.
  {
    files: ["src/**/*.{ts,tsx,astro,js,mjs}"],
    ignores: ["src/**/config.ts", "src/config/**"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message:
            "Only configuration modules (config.ts, src/config/) read process.env: take the setting from src/app/config.ts loadConfig, through the root or Astro.locals.services.config (docs/architecture.md, decision D222).",
        },
      ],
    },
  },
);
