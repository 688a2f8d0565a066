import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // The Performance page's "right now" (issue 39 §3, src/analytics/live.ts, decision D240):
  // page views of the last five minutes, read by their moment instead of a whole day's rows.
  version: 35,
  name: "analytics_events_at",
  sqlite: `CREATE INDEX IF NOT EXISTS analytics_events_at ON analytics_events (at);`,
  postgres: `CREATE INDEX IF NOT EXISTS analytics_events_at ON analytics_events (at);`,
};
