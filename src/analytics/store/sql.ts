/**
 * The roll-up of one day, the same SQL in both dialects: `p` is the placeholder of the day
 * (SQLite `?1`, PostgreSQL `$1`). Views and form views count rows; visitors count distinct
 * hashes; a day's distinct visitors are also kept per coarser dimension, since a visitor who
 * saw two pages is one visitor of the site, not two.
 */
export function rollupStatements(p: string): string[] {
  const seen = "kind IN ('view', 'form_view')";
  return [
    `DELETE FROM analytics_daily WHERE day = ${p}`,
    `DELETE FROM analytics_uniques WHERE day = ${p}`,
    `INSERT INTO analytics_daily
       (day, path, source, campaign, device, form, views, visitors, starts)
     SELECT day, path, source, campaign, device, form,
            sum(CASE WHEN ${seen} THEN 1 ELSE 0 END),
            count(DISTINCT CASE WHEN ${seen} THEN visitor END),
            sum(CASE WHEN kind = 'start' THEN 1 ELSE 0 END)
     FROM analytics_events WHERE day = ${p}
     GROUP BY day, path, source, campaign, device, form`,
    `INSERT INTO analytics_uniques (day, dim, value, visitors)
     SELECT day, 'total', '', count(DISTINCT visitor) FROM analytics_events
       WHERE day = ${p} AND kind = 'view' GROUP BY day
     UNION ALL
     SELECT day, 'path', path, count(DISTINCT visitor) FROM analytics_events
       WHERE day = ${p} AND kind = 'view' GROUP BY day, path
     UNION ALL
     SELECT day, 'source', source, count(DISTINCT visitor) FROM analytics_events
       WHERE day = ${p} AND kind = 'view' GROUP BY day, source
     UNION ALL
     SELECT day, 'campaign', campaign, count(DISTINCT visitor) FROM analytics_events
       WHERE day = ${p} AND kind = 'view' AND campaign <> '' GROUP BY day, campaign
     UNION ALL
     SELECT day, 'form', form, count(DISTINCT visitor) FROM analytics_events
       WHERE day = ${p} AND kind = 'form_view' GROUP BY day, form
     UNION ALL
     SELECT day, 'form_start', form, count(DISTINCT visitor) FROM analytics_events
       WHERE day = ${p} AND kind = 'start' GROUP BY day, form`,
  ];
}

export const EVENT_COLUMNS = [
  "at",
  "day",
  "kind",
  "path",
  "source",
  "campaign",
  "device",
  "form",
  "visitor",
] as const;
