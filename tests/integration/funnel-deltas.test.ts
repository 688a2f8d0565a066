/**
 * The lead roll-ups under concurrent intake (issues 25/27, decision D208), on a real SQLite file
 * and the real PostgreSQL: the triggers append each lead change to lead_funnel_deltas and folds
 * move them into lead_funnel and lead_stages. With leads arriving and turning won, then being
 * erased, while folds run beside them, the report's figures (totals, per page, pipeline) are exact
 * before the last fold and after it, nothing is counted twice, and the log is empty once folded.
 * The store's insert leaves only the lead's search-index mark (PostgreSQL's migrations 31-32,
 * decisions D225, D227; SQLite's migration 39, D286), which counts it until the search indexer
 * folds it (beside the inserts, changes and folds here); a change to a marked lead is not logged;
 * on PostgreSQL the insert trigger fires only for other sessions: each lead is still counted once.
 */
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeStatus } from "../../src/admin/pipeline";
import type { AdminStore, StaffRecord } from "../../src/admin/store/types";
import { funnelGroups, funnelTotals, stageDays } from "../../src/analytics/store/funnel";
import {
  FOLD_ON_READ,
  foldLeadFunnel,
  foldLeadFunnelOutside,
} from "../../src/leads/store/funnelFold";
import { postgresAgencyDay } from "../../src/leads/store/funnelSql";
import type { PostgresLeadStore } from "../../src/leads/store/postgres";
import type { SqlLeadStore } from "../../src/leads/store/store";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import type { Db } from "../../src/db/driver";
import { newLeadId } from "../../src/server/id";
import { contactLead, onBothStores, rollupFixture, testDatabaseUrl } from "./support";

/** Noon UTC: the same date on the agency's clock (New York) and on UTC. */
const DAYS = ["2026-03-02", "2026-03-03", "2026-03-04"];
const PAGES = ["/", "/pricing", "/contact"];

function lead(i: number): LeadRecord {
  const spam = i % 11 === 0;
  return contactLead(`${DAYS[i % DAYS.length]}T12:00:${String(i % 60).padStart(2, "0")}.000Z`, {
    spam,
    fields: { name: "Dee Delta", email: `dee${i}@delta.test`, message: "A quote" },
    metadata: {
      page: PAGES[i % PAGES.length]!,
      // Every fourth lead came without JavaScript: no counted visit.
      landingPage: i % 4 === 0 ? null : "/",
      spamReasons: spam ? ["honeypot"] : [],
    },
  });
}

/** Drains the search-index marks, which folds the leads they count (PostgreSQL's migration 32, SQLite's 39). */
let indexSearch: () => Promise<number> = async () => 0;

const countDeltas = async (db: Db) =>
  Number((await db.one<{ n: unknown }>("SELECT count(*) AS n FROM lead_funnel_deltas"))?.n ?? 0);

await onBothStores("funnel-deltas", (name, open, cleanup) => {
  describe(`lead roll-ups folded beside concurrent intake: ${name}`, () => {
    let leads: LeadStore;
    let store: AdminStore;
    let db: Db;
    let ann: StaffRecord;
    beforeAll(async () => {
      leads = await open();
      indexSearch = () => (leads as SqlLeadStore).indexSearch();
      ({ store, db, ann } = await rollupFixture(leads));
    });
    afterAll(async () => {
      await leads?.close();
      await cleanup();
    });

    it("counts every lead exactly once, before and after the last fold", async () => {
      const all = Array.from({ length: 240 }, (_, i) => lead(i));
      let folded = 0;
      // Each lead arrives; every fifth is then won for $100 + i; a fold runs after every sixth
      // arrival, so folds, inserts and updates overlap.
      await Promise.all(
        all.map(async (l, i) => {
          await leads.insert(l);
          if (i % 5 === 0) {
            const r = await changeStatus(store, l.id, { status: "won", value: `${100 + i}` }, ann);
            expect(r.ok).toBe(true);
          }
          if (i % 6 === 0) {
            const moved = await foldLeadFunnel(db);
            folded += moved;
          }
          // A new lead's search-index mark is its delta (migrations 32 and 39): the indexer
          // folds marked leads beside the inserts, status changes and folds.
          if (i % 8 === 0) {
            const indexed = await indexSearch();
            folded += indexed;
          }
        }),
      );
      // Then every thirteenth is erased, with folds beside the erasures. (PostgreSQL's search
      // indexer is drained first: it and an erasure of a lead it is indexing can deadlock, a
      // separate matter from the roll-ups.)
      await indexSearch();
      await Promise.all(
        all.map(async (l, i) => {
          if (i % 13 === 0) await store.eraseLead(l.id);
          if (i % 7 === 0) {
            const moved = await foldLeadFunnel(db);
            folded += moved;
          }
        }),
      );
      expect(folded).toBeGreaterThan(0);

      const kept = all.map((l, i) => ({ l, i })).filter(({ l, i }) => !l.spam && i % 13 !== 0);
      const won = kept.filter(({ i }) => i % 5 === 0);
      const expected = {
        leads: kept.length,
        counted: kept.filter(({ l }) => l.metadata.landingPage !== null).length,
        // A won lead was contacted (first_contacted_at is set by the status change).
        contacted: won.length,
        won: won.length,
        wonCents: won.reduce((sum, { i }) => sum + (100 + i) * 100, 0),
      };
      const perPage = PAGES.map((page) => ({
        page,
        leads: kept.filter(({ l }) => l.metadata.page === page).length,
      }));
      const stages = DAYS.flatMap((day) =>
        ["new", "won"].map((status) => ({
          day,
          status,
          leads: kept.filter(
            ({ l, i }) => l.createdAt.startsWith(day) && (i % 5 === 0 ? "won" : "new") === status,
          ).length,
        })),
      );
      const figures = async () => ({
        totals: await funnelTotals(db, DAYS[0]!, DAYS.at(-1)!),
        pages: (await funnelGroups(db, DAYS[0]!, DAYS.at(-1)!, ["page"]))
          .reduce<{ page: string; leads: number }[]>((acc, g) => {
            const row = acc.find((r) => r.page === g.page);
            if (row) row.leads += g.leads;
            else acc.push({ page: g.page ?? "", leads: g.leads });
            return acc;
          }, [])
          .sort((a, b) => PAGES.indexOf(a.page) - PAGES.indexOf(b.page)),
        stages: (await stageDays(db, DAYS[0]!, DAYS.at(-1)!)).sort(
          (a, b) => a.day.localeCompare(b.day) || a.status.localeCompare(b.status),
        ),
      });

      // Some changes are still in the log: read together with the roll-ups, exact already.
      expect(await figures()).toEqual({ totals: expected, pages: perPage, stages });
      await foldLeadFunnel(db);
      await indexSearch();
      expect(await countDeltas(db)).toBe(0);
      expect(await figures()).toEqual({ totals: expected, pages: perPage, stages });
      // A fold with nothing to fold changes nothing.
      expect(await foldLeadFunnel(db)).toBe(0);
      expect(await figures()).toEqual({ totals: expected, pages: perPage, stages });
    });

    it("a fold on read moves a log of FOLD_ON_READ rows or more (then VACUUMs it on PostgreSQL)", async () => {
      const before = await funnelTotals(db, "2026-04-01", "2026-04-01");
      const many = Array.from({ length: FOLD_ON_READ }, (_, i) =>
        contactLead(`2026-04-01T12:00:00.${String(i % 1000).padStart(3, "0")}Z`, {
          fields: { name: "Fay Fold", email: `fay${i}@fold.test`, message: "A quote" },
        }),
      );
      for (let i = 0; i < many.length; i += 100)
        await Promise.all(many.slice(i, i + 100).map((l) => leads.insert(l)));
      // The store's inserts log nothing (their marks count them, migrations 32 and 39): the
      // indexer folds them (here, or the store's own once intake was quiet for a second on a
      // busy machine), and changes to folded leads fill the log.
      await indexSearch();
      expect(await countDeltas(db)).toBe(0);
      if (name === "PostgreSQL") {
        // Having moved VACUUM_MARKS_AFTER marks or more, the indexer vacuumed their table,
        // which the report's view reads (D286).
        const vacuumed = await db.one<{ n: unknown }>(
          `SELECT count(*) AS n FROM pg_stat_user_tables
           WHERE schemaname = current_schema() AND relname = 'lead_search_pending'
             AND last_vacuum IS NOT NULL`,
        );
        expect(Number(vacuumed?.n)).toBe(1);
      }
      await db.run(
        "UPDATE leads SET first_contacted_at = created_at WHERE fields->>'name' = 'Fay Fold'",
      );
      expect(await countDeltas(db)).toBeGreaterThanOrEqual(FOLD_ON_READ);
      // Fewer rows than asked for: nothing is folded.
      expect(await foldLeadFunnelOutside(db, 10 * FOLD_ON_READ)).toBe(0);
      expect(await foldLeadFunnelOutside(db, FOLD_ON_READ)).toBeGreaterThanOrEqual(FOLD_ON_READ);
      expect(await countDeltas(db)).toBe(0);
      const after = await funnelTotals(db, "2026-04-01", "2026-04-01");
      expect(after.leads - before.leads).toBe(FOLD_ON_READ);
      expect(after.contacted - before.contacted).toBe(FOLD_ON_READ);
    });

    it.runIf(name === "PostgreSQL")(
      "counts a lead the store inserts once, and one inserted by plain SQL too",
      async () => {
        const pg = leads as PostgresLeadStore;
        // 02:00 UTC: the day before on the agency's clock (New York), which the view works out.
        const day = "2026-04-09";
        const at = (s: number) => `2026-04-10T02:00:${String(s).padStart(2, "0")}.000Z`;
        const metadata = {
          page: "/once",
          landingPage: "/",
          referrer: "https://example.test/",
          utm: { utm_source: "news", utm_medium: "email", utm_campaign: "spring" },
        };
        const fields = (i: number) => ({ name: "Olga Once", email: `olga${i}@once.test` });
        // Each of the store's insert statements: the lead alone, with its outbox rows, with a
        // website check (the transaction), and a growth lead completing its partial.
        await leads.insert(contactLead(at(1), { fields: fields(1), metadata }));
        await leads.insert(contactLead(at(2), { fields: fields(2), metadata }), [
          { id: newLeadId(), channel: "email", giveUpAt: at(59) },
        ]);
        await leads.insert(contactLead(at(3), { fields: fields(3), metadata }), [], {
          auditJob: {
            id: newLeadId(),
            url: "https://once.test",
            client: null,
            domain: "once.test",
            queueMax: 100,
            clientMax: 10,
          },
        });
        await leads.insert(contactLead(at(4), { spam: true, fields: fields(4), metadata }));
        const partial = contactLead(at(5), {
          kind: "growth_partial",
          form: "growth",
          fields: fields(5),
          metadata,
        });
        await leads.insert(partial);
        const growth = contactLead(at(6), {
          kind: "growth",
          form: "growth",
          fields: fields(5),
          metadata,
        });
        await leads.insert(growth, [], { completes: partial.id });
        expect((await leads.get(partial.id))?.completedBy).toBe(growth.id);
        // A lead inserted by plain SQL on a session without greenline.funnel_by_app (psql, a
        // seed): the trigger counts it; and a spam one, which it does not.
        const direct = postgres(testDatabaseUrl, {
          max: 1,
          onnotice: () => {},
          connection: { search_path: pg.schema },
        });
        try {
          for (const [s, spam] of [
            [7, false],
            [8, true],
          ] as const) {
            await direct`
              INSERT INTO leads (id, kind, form, subject, created_at, spam, fields, metadata)
              VALUES (${newLeadId()}, 'contact', 'contact', NULL, ${at(s)}, ${spam},
                      ${direct.json(fields(s))}, ${direct.json(metadata)})`;
          }
        } finally {
          await direct.end({ timeout: 1 });
        }

        const log = await db.all<Record<string, unknown>>(
          `SELECT day, arrived_at, form, page, campaign, utm_source, utm_medium, referrer,
                  counted, status, leads, contacted, won, won_cents
           FROM lead_funnel_delta_log
           WHERE arrived_at >= '2026-04-10T02:00:00Z' AND arrived_at < '2026-04-10T02:01:00Z'
           ORDER BY arrived_at, leads`,
        );
        const row = (s: number, form: string, leads = 1) => ({
          day: null,
          arrived_at: at(s),
          form,
          page: "/once",
          campaign: "spring",
          utm_source: "news",
          utm_medium: "email",
          referrer: "https://example.test/",
          counted: 1,
          status: "new",
          leads,
          contacted: 0,
          won: 0,
          won_cents: "0",
        });
        // The store's leads log nothing (their search-index marks count them, migration 32),
        // nor does the completion of the still-marked partial; the plain insert's trigger logs
        // its lead, and not the spam one.
        expect(log).toEqual([row(7, "contact")]);
        const totals = async () => (await funnelTotals(db, day, day)).leads;
        expect(await totals()).toBe(5);
        await foldLeadFunnel(db);
        expect(await totals()).toBe(5);
        // The indexer folds the marked leads; the partial, completed, stays out.
        expect(await indexSearch()).toBeGreaterThanOrEqual(6);
        expect(await totals()).toBe(5);
        // A change once folded is logged again: the first lead won.
        const first = (await db.one<{ id: string }>(
          "SELECT id FROM leads WHERE fields->>'email' = 'olga1@once.test'",
        ))!.id;
        expect((await changeStatus(store, first, { status: "won", value: "250" }, ann)).ok).toBe(
          true,
        );
        expect((await funnelTotals(db, day, day)).wonCents).toBe(25_000);
        expect(await totals()).toBe(5);
        expect(
          (await funnelGroups(db, day, day, ["form"])).map((g) => [g.form, g.leads]).sort(),
        ).toEqual([
          ["contact", 4],
          ["growth", 1],
        ]);
      },
    );

    it.runIf(name === "PostgreSQL")(
      "works out the same agency day in the log's view as the roll-ups' rebuild does",
      async () => {
        // Around every change of offset (a microsecond before, at, after; and 04:30 UTC the
        // day before, of and after it, a time whose New York day depends on the offset), before
        // the table's range and in and past its closing row: the view's binary search
        // (migration 31) and the index lookup of the rebuild (./agencyClock.ts) give the same
        // day. The probe rows are logged with their number as the page and removed again.
        const probes = `SELECT row_number() OVER (ORDER BY t)::text AS n, t FROM (
            SELECT starts_at + d * interval '1 microsecond' AS t
            FROM agency_offsets, (VALUES (-1), (0), (1)) AS v (d)
            UNION SELECT date_trunc('day', starts_at, 'UTC') + d * interval '1 day'
                         + interval '4 hours 30 minutes'
            FROM agency_offsets, (VALUES (-1), (0), (1)) AS v (d)
            UNION SELECT t::timestamptz FROM (VALUES ('1999-07-01T12:00:00Z'),
              ('2099-12-31T23:59:59.999999Z'), ('2100-07-01T02:00:00Z')) AS w (t)) AS p`;
        const logged = await db.run(
          `INSERT INTO lead_funnel_delta_log (arrived_at, form, page, campaign, utm_source,
             utm_medium, referrer, counted, status, leads, contacted, won, won_cents)
           SELECT t, 'probe', n, '', '', '', '', 0, 'new', 0, 0, 0, 0 FROM (${probes}) AS p`,
        );
        try {
          expect(logged).toBeGreaterThan(1000);
          // Many of them fall on another day on the agency's clock than on UTC's.
          const shifted = await db.one<{ n: unknown }>(
            `SELECT count(*) AS n FROM (${probes}) AS p
             WHERE ${postgresAgencyDay("p.t")} <> to_char(p.t AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
          );
          expect(Number(shifted?.n)).toBeGreaterThan(300);
          const differ = await db.all(
            `SELECT p.t, d.day, ${postgresAgencyDay("p.t")} AS rebuilt
             FROM lead_funnel_deltas d JOIN (${probes}) AS p ON d.page = p.n
             WHERE d.form = 'probe' AND d.day IS DISTINCT FROM ${postgresAgencyDay("p.t")}`,
          );
          expect(differ).toEqual([]);
        } finally {
          await db.run("DELETE FROM lead_funnel_delta_log WHERE form = 'probe'");
        }
      },
    );

    it.runIf(name === "PostgreSQL")(
      "the report's statements read the deltas as one function scan, not the view's SQL",
      async () => {
        // Migration 40 (D287): planning the view's two arms, their agency-day subqueries and
        // the marks' join to `leads` in each of the report's statements took 0.4-0.8 ms, the
        // table it replaced 0.1-0.3 ms. The function's query is planned once a session.
        const plan = (
          await db.all<{ "QUERY PLAN": string }>(
            `EXPLAIN SELECT sum(leads) FROM lead_funnel_deltas
             WHERE day >= '2026-03-01' AND day <= '2026-03-31'`,
          )
        )
          .map((r) => r["QUERY PLAN"])
          .join("\n");
        expect(plan).toContain("Function Scan on lead_funnel_delta_rows_read");
        expect(plan).not.toMatch(/agency_offsets|lead_search_pending| on leads\b/);
      },
    );
  });
});
