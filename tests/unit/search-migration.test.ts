/**
 * Migration 16's triggers remove a lead from the contentless search index with FTS5's 'delete'
 * command, which must be given exactly the text the lead was indexed with: the text
 * src/leads/store/searchIndex.ts computes. A drift between the two would corrupt the index, so
 * the migration's text is held to the indexer's.
 */
import { describe, expect, it } from "vitest";
import { migrations } from "../../src/leads/store/migrations/index";
import { SQLITE_SEARCH_DOC, SQLITE_SEARCH_PHONE } from "../../src/leads/store/searchIndex";

describe("the search index's delete triggers (migration 16)", () => {
  it("remove a lead with the very text the indexer gave it", () => {
    const sql = migrations.find((m) => m.version === 16)!.sqlite;
    const asOld = (expression: string) => expression.replaceAll("l.fields", "old.fields");
    for (const trigger of ["lead_search_update", "lead_search_delete"]) {
      const body = sql.slice(sql.indexOf(`CREATE TRIGGER ${trigger}`)).split("END;")[0]!;
      expect(body).toContain(
        `'delete', old.rowid, old.id, ${asOld(SQLITE_SEARCH_DOC)}, ${asOld(SQLITE_SEARCH_PHONE)}`,
      );
    }
  });
});
