/**
 * The process's configuration, read from the environment once (issue 37): `loadConfig(env)` is
 * called by the composition root (./root.ts) and by the CLIs (cli/), and hands each feature the
 * settings its own configuration module reads, so every setting is checked at start, with a
 * message naming it. Each feature's settings stay beside the feature:
 *
 * - src/server/config.ts: the log's level;
 * - src/leads/config.ts: intake, the store, delivery (SMTP, webhook, the outbox), metrics;
 * - src/admin/config.ts: reminders, follow-ups, retention, the sign-in throttle, plain http,
 *   the origin of staff links;
 * - src/audit/config.ts: the website check's jobs, sandbox, allowed hosts, user agent;
 * - src/analytics/config.ts: the beacon rate limit, the build whose pages are counted.
 *
 * A configuration module is a file named config.ts (or under src/config/); only those read
 * `process.env`, an ESLint rule says so for every other file of src/ (eslint.config.js).
 */
import { adminConfig, type AdminConfig } from "../admin/config.ts";
import { analyticsConfig, type AnalyticsConfig } from "../analytics/config.ts";
import { auditConfig, type AuditConfig } from "../audit/config.ts";
import { leadConfig, type LeadConfig } from "../leads/config.ts";
import { serverConfig, type ServerConfig } from "../server/config.ts";

type Env = Record<string, string | undefined>;

export interface AppConfig {
  server: ServerConfig;
  leads: LeadConfig;
  admin: AdminConfig;
  audit: AuditConfig;
  analytics: AnalyticsConfig;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const leads = leadConfig(env);
  return {
    server: serverConfig(env),
    leads,
    admin: adminConfig(env, leads),
    audit: auditConfig(env),
    analytics: analyticsConfig(env),
  };
}
