import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // First-party analytics (issue 16, src/analytics/): raw page views and form starts, kept at
  // most 30 days; their daily roll-ups, kept for good; the day's visitor-hash salt, deleted
  // once the day is over. Nothing here names a person: the visitor is a hash of that day's
  // salt, the address, the user agent and the site, and no address is stored.
  version: 13,
  name: "analytics",
  sqlite: `
      CREATE TABLE IF NOT EXISTS analytics_events (
        at TEXT NOT NULL,
        day TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('view', 'form_view', 'start')),
        path TEXT NOT NULL,
        source TEXT NOT NULL,
        campaign TEXT NOT NULL,
        device TEXT NOT NULL CHECK (device IN ('phone', 'tablet', 'desktop')),
        form TEXT NOT NULL,
        visitor TEXT NOT NULL
      ) STRICT;
      CREATE INDEX IF NOT EXISTS analytics_events_day ON analytics_events (day);
      CREATE TABLE IF NOT EXISTS analytics_daily (
        day TEXT NOT NULL,
        path TEXT NOT NULL,
        source TEXT NOT NULL,
        campaign TEXT NOT NULL,
        device TEXT NOT NULL,
        form TEXT NOT NULL,
        views INTEGER NOT NULL,
        visitors INTEGER NOT NULL,
        starts INTEGER NOT NULL,
        PRIMARY KEY (day, path, source, campaign, device, form)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS analytics_uniques (
        day TEXT NOT NULL,
        dim TEXT NOT NULL,
        value TEXT NOT NULL,
        visitors INTEGER NOT NULL,
        PRIMARY KEY (day, dim, value)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS analytics_rollups (
        day TEXT PRIMARY KEY,
        rolled_at TEXT NOT NULL,
        final INTEGER NOT NULL CHECK (final IN (0, 1))
      ) STRICT;
      CREATE TABLE IF NOT EXISTS analytics_salts (
        day TEXT PRIMARY KEY,
        salt TEXT NOT NULL
      ) STRICT;
    `,
  postgres: `
      CREATE TABLE IF NOT EXISTS analytics_events (
        at timestamptz NOT NULL,
        day date NOT NULL,
        kind text NOT NULL CHECK (kind IN ('view', 'form_view', 'start')),
        path text NOT NULL,
        source text NOT NULL,
        campaign text NOT NULL,
        device text NOT NULL CHECK (device IN ('phone', 'tablet', 'desktop')),
        form text NOT NULL,
        visitor text NOT NULL
      );
      CREATE INDEX IF NOT EXISTS analytics_events_day ON analytics_events (day);
      CREATE TABLE IF NOT EXISTS analytics_daily (
        day date NOT NULL,
        path text NOT NULL,
        source text NOT NULL,
        campaign text NOT NULL,
        device text NOT NULL,
        form text NOT NULL,
        views integer NOT NULL,
        visitors integer NOT NULL,
        starts integer NOT NULL,
        PRIMARY KEY (day, path, source, campaign, device, form)
      );
      CREATE TABLE IF NOT EXISTS analytics_uniques (
        day date NOT NULL,
        dim text NOT NULL,
        value text NOT NULL,
        visitors integer NOT NULL,
        PRIMARY KEY (day, dim, value)
      );
      CREATE TABLE IF NOT EXISTS analytics_rollups (
        day date PRIMARY KEY,
        rolled_at timestamptz NOT NULL,
        final boolean NOT NULL
      );
      CREATE TABLE IF NOT EXISTS analytics_salts (
        day date PRIMARY KEY,
        salt text NOT NULL
      );
    `,
};
