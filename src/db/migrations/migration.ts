/** One version of the schema, with each dialect's SQL side by side. */
export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}
