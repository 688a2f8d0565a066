/**
 * The lead store on PostgreSQL: the store written once (./store.ts) over a pool opened on `url`
 * (src/db/connection.ts: its schema, timeouts and reconnects). `migrate()` brings the schema up
 * to date (./index.ts does as it opens one). Tools and tests open one by URL; the server opens
 * its connection in the composition root and shares it.
 */
import type postgres from "postgres";
import { openPostgres, type PostgresConnection } from "../../db/connection.ts";
import { SqlLeadStore } from "./store.ts";

export {
  reconnectDelaySeconds,
  STATEMENT_QUEUE_DEADLINE_MS,
  withQueueDeadline,
} from "../../db/connection.ts";

export interface PostgresOptions {
  schema?: string | undefined;
  /** Connections in the pool. */
  max?: number | undefined;
  /** The agency's IANA time zone (default the site config's): the report's days. */
  timeZone?: string | undefined;
}

export class PostgresLeadStore extends SqlLeadStore {
  declare readonly connection: PostgresConnection;

  constructor(url: string, options: PostgresOptions = {}) {
    super(openPostgres(url, options), { timeZone: options.timeZone });
  }

  /** The pool (the rate limiters' tables, tests). */
  get sql(): postgres.Sql {
    return this.connection.sql;
  }

  get schema(): string {
    return this.connection.schema;
  }
}
