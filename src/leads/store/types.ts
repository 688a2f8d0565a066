import type { FormId, LeadKind } from "../fields.ts";
import type { LeadMetadata } from "../attribution.ts";

/** A stored lead, as every adapter returns it and the CLI exports it. */
export interface LeadRecord {
  id: string;
  kind: LeadKind;
  /** The form it was sent with (two forms can share a kind: contact and contactPage). */
  form: FormId;
  subject: string | null;
  /** Server time of submission, ISO 8601 in UTC. */
  createdAt: string;
  spam: boolean;
  /** Values keyed by the spec's field names. */
  fields: Record<string, string>;
  metadata: LeadMetadata;
}

export interface LeadQuery {
  /** Only leads created at or after this ISO time. */
  since?: string | undefined;
  kind?: LeadKind | undefined;
  /** Spam is left out unless asked for. */
  includeSpam?: boolean | undefined;
  limit?: number | undefined;
}

/**
 * Where leads live. Adapters hold SQL, never rules: validation and attribution happen before
 * `insert`, which resolves only once the lead is committed.
 */
export interface LeadStore {
  readonly driver: "sqlite" | "postgres";
  /** Migration versions applied when this store was opened (empty when it was up to date). */
  readonly appliedOnOpen: readonly number[];
  /** Applies pending migrations; returns the versions it applied (empty when up to date). */
  migrate(): Promise<number[]>;
  insert(lead: LeadRecord): Promise<void>;
  get(id: string): Promise<LeadRecord | null>;
  /** Oldest first. */
  list(query?: LeadQuery): Promise<LeadRecord[]>;
  /** Resolves when the store answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Thrown when the store cannot be reached or fails to commit: answered with 503. */
export class StoreUnavailableError extends Error {
  override readonly name = "StoreUnavailableError";
  readonly code: string | undefined;
  constructor(message: string, options?: { cause?: unknown; code?: string | undefined }) {
    super(message, { cause: options?.cause });
    this.code = options?.code;
  }
}
