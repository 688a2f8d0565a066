/**
 * Won values as staff type them (src/admin/money.ts) and the report's rate notes
 * (src/admin/performance.ts): cents exact, garbage refused with a message, and a rate above
 * 100 % never shown without a line that explains it.
 */
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { adminMessages } from "../../src/admin/messages";
import { centsInput, formatCents, MAX_WON_CENTS, parseDollars } from "../../src/admin/money";
import { rateNotes } from "../../src/admin/performance";
import type { Report, ReportRow } from "../../src/analytics/report";
import {
  applySqliteMigrations,
  migrations,
  migrationsTableSql,
} from "../../src/db/migrations/index";

const copy = adminMessages.revenue;

describe("a won job's value", () => {
  it("reads dollars as staff type them, to the cent", () => {
    const cents = (raw: string) => {
      const r = parseDollars(raw, copy);
      return r.ok ? r.cents : r.message;
    };
    expect(cents("1250")).toBe(125_000);
    expect(cents("1,250.50")).toBe(125_050);
    expect(cents("$1,250.5")).toBe(125_050);
    expect(cents(" $ 99.99 ")).toBe(9_999);
    expect(cents("1 250")).toBe(125_000);
    expect(cents("0")).toBe(0);
    expect(cents("")).toBeNull();
    expect(cents("100000000")).toBe(MAX_WON_CENTS);
    expect(parseDollars(null, copy)).toEqual({ ok: true, cents: null });
  });

  it("refuses garbage, negatives, three decimals and more than $100 million, saying so", () => {
    for (const raw of ["abc", "12.345", "1e6", "1,25", "12,34.00", "0x10", "1.2.3", "$"])
      expect(parseDollars(raw, copy), raw).toEqual({ ok: false, message: copy.notMoney });
    expect(parseDollars("-5", copy)).toEqual({ ok: false, message: copy.negative });
    expect(parseDollars("100000000.01", copy)).toMatchObject({
      ok: false,
      message: expect.stringContaining("$100,000,000.00"),
    });
    expect(parseDollars("9".repeat(40), copy)).toMatchObject({ ok: false });
  });

  it("shows and re-fills values", () => {
    expect(formatCents(125_050)).toBe("$1,250.50");
    expect(formatCents(125_000, { whole: true })).toBe("$1,250");
    expect(centsInput(125_005)).toBe("1250.05");
    expect(centsInput(null)).toBe("");
  });
});

describe("the report's rate", () => {
  const row = (key: string, counted: number, visitors: number): ReportRow => ({
    key,
    views: visitors,
    visitors,
    starts: 0,
    leads: counted,
    counted,
    uncounted: 0,
    contacted: 0,
    won: 0,
    wonCents: 0,
    rate: visitors ? counted / visitors : null,
    valuePerVisitor: null,
  });
  const report = (rows: ReportRow[]) =>
    ({
      totals: { current: row("", 1, 2), previous: row("", 0, 0) },
      pages: rows,
      forms: [],
      sources: [],
      campaigns: [],
    }) as unknown as Report;

  it("says how it is made, and explains any rate above 100 %", () => {
    expect(rateNotes(report([row("/a", 1, 2)]))).toEqual([adminMessages.performance.rateNote]);
    const over = rateNotes(report([row("/a", 3, 2), row("/b", 1, 2)]));
    expect(over).toHaveLength(2);
    expect(over[1]).toMatch(/^1 row shows a rate above 100 %/);
  });
});

describe("migration 26", () => {
  it("fills the report's roll-ups from the leads already stored", () => {
    const db = new DatabaseSync(":memory:");
    db.exec(migrationsTableSql);
    applySqliteMigrations(
      db,
      migrations.filter((m) => m.version < 26),
    );
    const insert = db.prepare(
      `INSERT INTO leads (id, kind, form, created_at, spam, fields, metadata, status, first_contacted_at)
       VALUES (?, 'contact', 'contact', ?, ?, '{}', ?, ?, ?)`,
    );
    const meta = (landing: string | null) =>
      JSON.stringify({ page: "/", landingPage: landing, utm: { utm_source: "google" } });
    insert.run("a", "2026-05-10T10:00:00.000Z", 0, meta("/"), "won", "2026-05-10T11:00:00.000Z");
    insert.run("b", "2026-05-10T12:00:00.000Z", 0, meta(null), "new", null);
    insert.run("c", "2026-05-10T13:00:00.000Z", 1, meta("/"), "new", null); // spam: left out
    applySqliteMigrations(
      db,
      migrations.filter((m) => m.version === 26),
    );
    const rows = db
      .prepare("SELECT counted, leads, contacted, won FROM lead_funnel ORDER BY counted")
      .all();
    expect(rows.map((r) => ({ ...r }))).toEqual([
      { counted: 0, leads: 1, contacted: 0, won: 0 },
      { counted: 1, leads: 1, contacted: 1, won: 1 },
    ]);
    const stages = db.prepare("SELECT status, leads FROM lead_stages ORDER BY status").all();
    expect(stages.map((r) => ({ ...r }))).toEqual([
      { status: "new", leads: 1 },
      { status: "won", leads: 1 },
    ]);
    db.close();
  });
});
