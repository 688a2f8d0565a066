import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // PostgreSQL planned the view lead_funnel_deltas anew in every statement of the Performance
  // report (decision D287). Since migrations 31-32 the view works out a day on the agency's
  // clock (two scalar subqueries over agency_offsets) in each of its two arms and joins the
  // search-index marks to `leads`; the report's range on `day` is pushed into both arms, so
  // each statement planned a dozen subqueries and the join: 0.4-0.8 ms a statement on a warm
  // session, against 0.1-0.3 ms when the deltas were a table (the tree before issue 37,
  // 2a71182). The report's statements, about ten, are prepared with their period as parameters
  // and get a custom plan in their first five runs on a connection. The view's rows are now
  // read through a PL/pgSQL function, whose query is planned once per session and kept; the
  // planner sees it as one function scan. The function is STABLE, so it reads the calling
  // statement's snapshot: the roll-ups and the deltas in one report statement still see the
  // same moment (the search indexer's fold moves a lead from one to the other in one
  // transaction). The rows are the same: the old view, renamed lead_funnel_delta_rows, is what
  // the function returns; a later change to the rows replaces that view. The range on `day` is
  // applied to the function's rows, as it was to the view's (a worked-out day has no index):
  // the log holds the changes since the last fold, the marks the leads since the indexer last
  // ran. SQLite plans its view cheaply and keeps it.
  version: 40,
  name: "lead_funnel_deltas_planned_once",
  sqlite: "-- PostgreSQL only: SQLite keeps migration 39's view lead_funnel_deltas.",
  postgres: `
      ALTER VIEW lead_funnel_deltas RENAME TO lead_funnel_delta_rows;
      CREATE FUNCTION lead_funnel_delta_rows_read() RETURNS SETOF lead_funnel_delta_rows
        LANGUAGE plpgsql STABLE ROWS 100 AS $$
      BEGIN
        RETURN QUERY SELECT * FROM lead_funnel_delta_rows;
      END $$;
      CREATE VIEW lead_funnel_deltas AS SELECT * FROM lead_funnel_delta_rows_read();
    `,
};
