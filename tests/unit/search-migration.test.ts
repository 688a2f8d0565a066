/**
 * The search index's triggers (migration 16, redefined by migrations 22 and 38) remove a lead from the
 * contentless index with FTS5's 'delete' command, which must be given exactly the text the lead
 * was indexed with: the text src/leads/store/searchIndex.ts computes. A drift between the two
 * would corrupt the index, so the latest migration's text is held to the indexer's.
 */
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { migrations } from "../../src/db/migrations/index";
import { sqliteSearchDoc8 } from "../../src/db/migrations/searchSql";
import { SQLITE_SEARCH_DOC, SQLITE_SEARCH_PHONE } from "../../src/leads/store/searchIndex";

describe("the search index's delete triggers (migrations 16, 22 and 38)", () => {
  it("remove a lead with the very text the indexer gave it", () => {
    const latest = migrations.filter((m) => m.sqlite.includes("CREATE TRIGGER lead_search_delete"));
    const sql = latest.at(-1)!.sqlite;
    expect(latest.at(-1)!.version).toBe(38);
    const asOld = (expression: string) => expression.replaceAll("l.fields", "old.fields");
    for (const trigger of ["lead_search_update", "lead_search_delete"]) {
      const body = sql.slice(sql.indexOf(`CREATE TRIGGER ${trigger}`)).split("END;")[0]!;
      expect(body).toContain(
        `'delete', old.rowid, old.id, ${asOld(SQLITE_SEARCH_DOC)}, ${asOld(SQLITE_SEARCH_PHONE)}`,
      );
    }
  });

  it("since migration 38: a lead's website after the rest, and the old text for a lead without", () => {
    const db = new DatabaseSync(":memory:");
    const text = (expression: string, fields: Record<string, string>) =>
      (
        db
          .prepare(`SELECT ${expression} AS doc FROM (SELECT ? AS fields) l`)
          .get(JSON.stringify(fields)) as { doc: string }
      ).doc;
    const person = { name: "Ann Lee", email: "ann@lee.test", message: "Hi" };
    for (const fields of [person, { ...person, website: "" }]) {
      expect(text(SQLITE_SEARCH_DOC, fields)).toBe(text(sqliteSearchDoc8("l"), person));
    }
    expect(text(SQLITE_SEARCH_DOC, { ...person, website: "https://lee.example" })).toBe(
      `${text(sqliteSearchDoc8("l"), person)} https://lee.example`,
    );
    // The migration removes the leads it re-indexes with the text they were indexed with.
    const m38 = migrations.find((m) => m.version === 38)!;
    expect(m38.sqlite).toContain(`'delete', leads.rowid, leads.id, ${sqliteSearchDoc8("leads")}`);
    db.close();
  });
});
