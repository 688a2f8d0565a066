/**
 * The search index's triggers (migration 16, redefined by migration 22) remove a lead from the
 * contentless index with FTS5's 'delete' command, which must be given exactly the text the lead
 * was indexed with: the text src/leads/store/searchIndex.ts computes. A drift between the two
 * would corrupt the index, so the latest migration's text is held to the indexer's.
 */
import { describe, expect, it } from "vitest";
import { migrations } from "../../src/db/migrations/index";
import { SQLITE_SEARCH_DOC, SQLITE_SEARCH_PHONE } from "../../src/leads/store/searchIndex";

describe("the search index's delete triggers (migrations 16 and 22)", () => {
  it("remove a lead with the very text the indexer gave it", () => {
    const latest = migrations.filter((m) => m.sqlite.includes("CREATE TRIGGER lead_search_delete"));
    const sql = latest.at(-1)!.sqlite;
    expect(latest.at(-1)!.version).toBe(22);
    const asOld = (expression: string) => expression.replaceAll("l.fields", "old.fields");
    for (const trigger of ["lead_search_update", "lead_search_delete"]) {
      const body = sql.slice(sql.indexOf(`CREATE TRIGGER ${trigger}`)).split("END;")[0]!;
      expect(body).toContain(
        `'delete', old.rowid, old.id, ${asOld(SQLITE_SEARCH_DOC)}, ${asOld(SQLITE_SEARCH_PHONE)}`,
      );
    }
  });
});
